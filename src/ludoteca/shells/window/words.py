"""Words of the shelf the window shows — game titles, summaries, option names and choices —
listed here so `ludoteca catalogue` puts them in the translation catalogues. The window
translates them with `_(text)` where it shows them; nothing calls `catalogue_words`."""

from __future__ import annotations

from ludoteca.i18n import _


def catalogue_words() -> tuple[str, ...]:
    return (
        _("Khet"),
        _("Connect Four"),
        _("Othello"),
        _("Five or More"),
        _("Qwirkle"),
        _("Robot Turtles"),
        _("Drop discs into a 7×6 grid; four in a row wins. Cascade: lines score and vanish."),
        _("Yellow"),
        _("Red"),
        _("Variant"),
        _("classic: four in a row wins; cascade: lines score, vanish and fall"),
        _("classic"),
        _("cascade"),
        _("Drops"),
        _("Cascade only: how many drops in all before the game ends"),
        _("Outflank your opponent's discs to turn them to your colour; most discs wins."),
        _("Black"),
        _("White"),
        _(
            "Solitaire: move balls along free paths to line up five or more of one colour before the board fills up."  # noqa: E501
        ),
        _("Player"),
        _("classic: move a ball along a free path; recolour: change one ball's colour instead"),
        _("recolour"),
        _("Size"),
        _("small (7x7), medium (9x9), large (20x15) or COLSxROWS with 5 to 20 per side"),
        _("small"),
        _("medium"),
        _("large"),
        _("Colours"),
        _("number of ball colours, 3 to 9 (0: the size's usual number)"),
        _("Spawn"),
        _("balls added after each move that removes nothing, 1 to 9 (0: the size's usual number)"),
    )
