"""Khet: the rules of both editions behind the `Game` contract."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Final

from ludoteca.core.errors import IllegalMove, OptionError
from ludoteca.core.game import Game, GameInfo, Seat
from ludoteca.core.options import Options, OptionSpec
from ludoteca.core.outcome import Outcome
from ludoteca.games.khet import notation
from ludoteca.games.khet.board import PHARAOH, SILVER, kind_of, square_name
from ludoteca.games.khet.describe import describe_beam
from ludoteca.games.khet.evaluation import evaluate_board
from ludoteca.games.khet.laser import laser_origin, remove_destroyed, trace
from ludoteca.games.khet.moves import PASS, Move, apply, generate, move_kind, move_source
from ludoteca.games.khet.position import COLOUR_NAMES, EDITION_NAMES, format_position, parse_position
from ludoteca.games.khet.setups import (
    VARIANTS,
    check_setup,
    looks_like_text,
    other_edition_setup,
    standard_names,
    standard_setup,
)
from ludoteca.games.khet.state import KhetState
from ludoteca.i18n import N_, Sentence, _

#: the standard setups offered by name (translated where shown; `parse` reads both spellings)
SETUP_CHOICES: Final = (N_("classic"), N_("imhotep"), N_("dynasty"), N_("classic-horus"))

#: how a beam ends the game: the rules' sentences, which give the verdict (the terminal shows them
#: alone) …
STRUCK_OWN: Final = N_("{who}'s beam struck {who}'s own Pharaoh on {square}: {other} wins")
STRUCK_OTHER: Final = N_("{who}'s beam struck {other}'s Pharaoh on {square}: {who} wins")
STRUCK_BOTH: Final = N_("{who}'s beam struck both Pharaohs: a draw")
#: … and the same without it, for a page whose title already says who won (`how_it_ended`)
HOW: Final = {
    STRUCK_OWN: N_("{who}'s beam struck {who}'s own Pharaoh on {square}"),
    STRUCK_OTHER: N_("{who}'s beam struck {other}'s Pharaoh on {square}"),
    STRUCK_BOTH: N_("{who}'s beam struck both Pharaohs"),
}


def how_it_ended(reason: str | Sentence) -> str:
    """An outcome's reason without its verdict ("Silver's beam struck Red's Pharaoh on f8"), in
    the current language; a reason that gives none (a resignation, a claimed draw) as it is."""
    if isinstance(reason, Sentence) and reason.msgid in HOW:
        return str(Sentence(HOW[reason.msgid], **reason.args))
    return str(reason)


class KhetGame(Game[KhetState, Move]):
    info = GameInfo(
        key="khet",
        title=N_("Khet"),
        summary=N_("Laser chess: move and turn mirrors so your beam strikes the opposing Pharaoh."),
        min_seats=2,
        max_seats=2,
        default_seats=2,
        options=(
            OptionSpec(
                "variant",
                N_(
                    "edition: khet2 (Khet 2.0: Sphinx, Scarab, Anubis) or horus (fixed lasers, Djed, "
                    "Eye of Horus, Obelisks)"
                ),
                "khet2",
                choices=VARIANTS,
                labels=tuple(zip(VARIANTS, (N_("Khet 2.0"), N_("Horus")), strict=True)),
                label=N_("Edition"),
            ),
            OptionSpec(
                "setup",
                N_(
                    "starting setup: a standard one, or one of yours (the setup editor; ludoteca setups "
                    "khet list)"
                ),
                "classic",
                choices=SETUP_CHOICES,
                open_ended=True,
                labels=tuple(
                    zip(
                        SETUP_CHOICES,
                        (N_("Classic"), N_("Imhotep"), N_("Dynasty"), N_("Classic (Horus)")),
                        strict=True,
                    )
                ),
                label=N_("Setup"),
            ),
        ),
        seat_names=COLOUR_NAMES,
    )

    # ----- starting ---------------------------------------------------------------------------
    def validate(self, options: Options) -> None:
        variant, setup = str(options["variant"]), str(options["setup"])
        if standard_setup(variant, setup) is not None:
            return
        other = other_edition_setup(variant, setup)
        if other is not None:
            raise OptionError(
                _("the setup {title} belongs to {edition}; the setups of {this} are: {names}").format(
                    title=other.shown_title,
                    edition=_(EDITION_NAMES[other.variant]),
                    this=_(EDITION_NAMES[variant]),
                    names=", ".join(standard_names(variant)),
                )
            )
        if looks_like_text(setup):
            check_setup(setup, variant)
        elif not setup.strip():
            raise OptionError(_("the setup needs a name"))
        # any other name is a player's own setup: the front end looks it up in the store and
        # starts from its text (see `start`)

    def start(self, options: Options, seed: int, seats: int) -> KhetState:
        variant, setup = str(options["variant"]), str(options["setup"])
        standard = standard_setup(variant, setup)
        if standard is not None:
            text = standard.text
        elif looks_like_text(setup):
            text = setup
        else:
            raise OptionError(
                _(
                    "'{name}' is not a standard setup ({names}); a setup of your own is started with "
                    "ludoteca play khet --setup NAME, which looks it up among your saved setups"
                ).format(name=setup, names=", ".join(standard_names(variant)))
            )
        board = check_setup(text, variant).board
        return KhetState(variant, board, SILVER, (board,))

    def parse_position(self, text: str, options: Options) -> KhetState:
        variant = str(options.get("variant", "khet2"))
        position = parse_position(text, variant)
        return KhetState(variant, position.board, position.turn, (position.board,))

    def position_text(self, state: KhetState) -> str:
        return format_position(state.board, state.turn)

    # ----- playing ------------------------------------------------------------------------------
    def to_move(self, state: KhetState) -> Seat | None:
        return None if state.end is not None else state.turn

    def seat_count(self, state: KhetState) -> int:
        return 2

    def legal_moves(self, state: KhetState) -> Sequence[Move]:
        if state.end is not None:
            return []
        return generate(state.board, state.turn)

    def play(self, state: KhetState, move: Move) -> KhetState:
        if state.end is not None:
            raise IllegalMove(_("the game is over"))
        colour = state.turn
        if move not in generate(state.board, colour):
            raise IllegalMove(notation.illegal_reason(state.board, colour, move))
        cells = list(state.board)
        apply(cells, move)
        origin = laser_origin(colour, state.horus, cells)
        beam = trace(cells, colour, *origin) if origin is not None else None
        end = None
        if beam is not None and beam.destroyed:
            remove_destroyed(cells, [sq for sq, _piece in beam.destroyed])
            end = self._pharaohs_hit(beam.destroyed, colour)
        board = tuple(cells)
        history = (board,) if beam is not None and beam.destroyed else (*state.history, board)
        return KhetState(state.variant, board, 1 - colour, history, state.ply + 1, move, beam, end)

    @staticmethod
    def _pharaohs_hit(destroyed: tuple[tuple[int, int], ...], mover: int) -> Outcome | None:
        fallen = {piece & 1: sq for sq, piece in destroyed if kind_of(piece) == PHARAOH}
        if not fallen:
            return None
        shooter = Sentence(COLOUR_NAMES[mover])
        if len(fallen) == 2:
            return Outcome.draw(2, Sentence(STRUCK_BOTH, who=shooter))
        loser = next(iter(fallen))
        where = square_name(fallen[loser])
        if loser == mover:
            reason = Sentence(
                STRUCK_OWN,
                who=shooter,
                square=where,
                other=Sentence(COLOUR_NAMES[1 - mover]),
            )
        else:
            reason = Sentence(
                STRUCK_OTHER,
                who=shooter,
                other=Sentence(COLOUR_NAMES[loser]),
                square=where,
            )
        return Outcome.win(1 - loser, 2, reason)

    def outcome(self, state: KhetState) -> Outcome | None:
        if state.end is None or state.beam is None:
            return state.end
        # worded again from the beam, so the reason is in the language of the moment it is read
        return self._pharaohs_hit(state.beam.destroyed, 1 - state.turn)

    # ----- notation -----------------------------------------------------------------------------
    def format_move(self, state: KhetState, move: Move) -> str:
        return notation.format_move(move)

    def move_group(self, state: KhetState, move: Move) -> str:
        """Moves are listed by the square of the piece they move or turn."""
        return "pass" if move_kind(move) == PASS else square_name(move_source(move))

    def parse_move(self, state: KhetState, text: str) -> Move:
        return notation.parse_move(state.board, text)

    # ----- draws, seats, words --------------------------------------------------------------------
    def can_claim_draw(self, state: KhetState) -> bool:
        return state.end is None and state.repetitions() >= 3

    def claim_draw(self, state: KhetState) -> Outcome:
        if not self.can_claim_draw(state):
            raise IllegalMove(
                _("no draw can be claimed: this position has stood here {n} time(s), a claim needs 3").format(
                    n=state.repetitions()
                )
            )
        who = Sentence(COLOUR_NAMES[state.turn])
        return Outcome.draw(
            2, Sentence(N_("{who} claimed a draw: the same position occurred three times"), who=who)
        )

    def seat_name(self, state: KhetState, seat: Seat) -> str:
        return _(COLOUR_NAMES[seat])

    def describe_last(self, state: KhetState) -> str:
        if state.last_move is None:
            return ""
        mover = self.player_name(state, 1 - state.turn)
        text = _("{who} played {move}.").format(who=mover, move=notation.format_move(state.last_move))
        if state.beam is not None:
            text += " " + describe_beam(state.beam)
        outcome = self.outcome(state)
        if outcome is not None:
            text += " " + str(outcome.reason) + "."
        return text

    def state_key(self, state: KhetState) -> Hashable:
        return (state.board, state.turn)

    def evaluate(self, state: KhetState, seat: Seat) -> float:
        return evaluate_board(state.board, state.turn, state.horus, seat)
