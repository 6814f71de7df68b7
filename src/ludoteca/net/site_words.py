"""The words of the web client (`net/site/`), marked here so that `ludoteca catalogue` keeps them
in the catalogues the page reads its translations from (`/words/<lang>.json`). The page looks
each one up by its English text, as `_()` does."""

from ludoteca.i18n import N_

WORDS = (
    N_("Your name"),
    N_("Enter"),
    N_("Connecting…"),
    N_("Please give your name."),
    N_("Tables at this club"),
    N_("No table is open yet."),
    N_("Join"),
    N_("Watch"),
    N_("Play"),
    N_("Undo"),
    N_("Claim a draw"),
    N_("Resign"),
    N_("Back to the lobby"),
    N_("Agree"),
    N_("Refuse"),
    N_("Moves"),
    N_("Send"),
    N_("Seat {n}"),
    N_("Computer {level}"),
    N_("Computer, level {level}"),
    N_("free"),
    N_("disconnected"),
    N_("you"),
    N_("Your turn."),
    N_("Waiting for {name}…"),
    N_("Game over: {reason}."),
    N_("Connection lost; reconnecting…"),
    N_("The game ends now and counts as a loss."),
    N_("You asked to take the last move back; waiting for the others to agree."),
    N_("{name} asks to take the last move back. Do you agree?"),
)
