"""Qwirkle in the terminal, laid out as the brief's console: the board with row and column
letters and coloured tiles on the left, and a side panel with the player, their hand (shape letter
and colour digit), the last play with its score and total, every score, and the bag.

Besides drawing, the adapter holds the brief's two dialogues: the new-game questions (mode, then
2–4 pseudonyms, each human or computer) and the end-of-round "continue or stop" question.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import Any

from ludoteca.core.game import Game, Seat
from ludoteca.core.options import OptionValue
from ludoteca.core.seats import MAX_LEVEL, MAX_NAME_LENGTH, SeatSpec
from ludoteca.core.text import clean_line, read_int_or_none
from ludoteca.games.qwirkle.game import round_over
from ludoteca.games.qwirkle.notation import example, example_tiles, shown_move, shown_text
from ludoteca.games.qwirkle.state import EMPTY, Exchange, Place, QwirkleState
from ludoteca.games.qwirkle.text_board import COLOURS, board_lines, legend_lines, paint_tile
from ludoteca.games.qwirkle.tiles import HIDDEN, colour_of
from ludoteca.i18n import _, ngettext
from ludoteca.kits.terminal.board import TerminalBoard
from ludoteca.kits.terminal.style import Style, detect_style

PANEL_WIDTH = 34
CURSOR_WORDS = ("c", "cursor")
#: what stops the game between rounds, also typed at a player's prompt
STOP_WORDS = ("stop", "arreter", "arrêter")
_MODE_ANSWERS = {"": "normal", "n": "normal", "s": "short", "d": "short", "degraded": "short"}


class QwirkleTerminalBoard(TerminalBoard):
    def __init__(self) -> None:
        self._match: Any = None

    def begin(self, match: Any, store: Any) -> None:
        """Keep the match, whose players' pseudonyms the panel shows."""
        self._match = match

    def name(self, game: Game[Any, Any], state: QwirkleState, seat: int) -> str:
        """The pseudonym, when `state` (or a view of it) belongs to the match being played: tiles
        are only ever added to the board, so one of its positions has no tile the match's board
        lacks (the match's own position is enough: a network game holds no history)."""
        match = self._match
        if (
            match is not None
            and len(match.seats) == state.seats
            and _on_board_of(state, match.state)
            and match.seats[seat].name
        ):
            return str(match.seats[seat].name)
        return game.seat_name(state, seat)

    # ----- drawing --------------------------------------------------------------------------
    def render(self, game: Game[Any, Any], state: Any, seat: Seat | None, style: Style) -> str:
        assert isinstance(state, QwirkleState)
        board = [*self.board_lines(state, style), "", *legend_lines(style)]
        panel = self._panel(game, state, seat, style)
        width = max(_visible_length(line) for line in board)
        if shutil.get_terminal_size((120, 40)).columns < width + PANEL_WIDTH:
            return "\n".join([*board, "", *panel])
        lines = []
        for i in range(max(len(board), len(panel))):
            left = board[i] if i < len(board) else ""
            right = panel[i] if i < len(panel) else ""
            pad = width - _visible_length(left)
            lines.append((left + " " * pad + "   " + right).rstrip())
        return "\n".join(lines)

    def board_lines(
        self, state: QwirkleState, style: Style, cursor: tuple[int, int] | None = None
    ) -> list[str]:
        return board_lines(state, style, cursor)

    def _panel(self, game: Game[Any, Any], state: QwirkleState, seat: Seat | None, style: Style) -> list[str]:
        lines: list[str] = []
        mover = game.to_move(state)
        if mover is None:
            lines.append(style.paint(_("Game over"), bold=True))
        else:
            seat_name, name = game.seat_name(state, mover), self.name(game, state, mover)
            title = (
                seat_name if name == seat_name else _("{label}: {value}").format(label=seat_name, value=name)
            )
            lines.append(style.paint(title, bold=True))
        lines.append("")
        if seat is not None and HIDDEN not in state.hands[seat]:
            hand = state.hands[seat]
            owner = "" if seat == mover else " " + _("of {name}").format(name=self.name(game, state, seat))
            lines.append(_("Hand{owner}").format(owner=owner))
            lines.append("  " + " ".join(paint_tile(t, style) for t in hand) if hand else "  " + _("(empty)"))
        else:
            lines.append(_("Hands are hidden"))
            lines.append("")
        lines.append("")
        lines.extend(self._last_play(game, state, style))
        lines.append("")
        outcome = game.outcome(state)
        if outcome is None:
            lines.append(_("Scores"))
            for s in range(state.seats):
                marker = ">" if s == mover else " "
                tiles = ngettext("{n} tile", "{n} tiles", len(state.hands[s])).format(n=len(state.hands[s]))
                name = self.name(game, state, s)[:14]
                lines.append(f" {marker} {name:<14} {state.scores[s]:>4}  {style.dim(tiles)}")
        else:
            lines.append(style.paint(_("Final ranking"), bold=True))
            for s in sorted(range(state.seats), key=lambda s: (outcome.ranks[s], s)):
                name = self.name(game, state, s)[:14]
                lines.append(f" {outcome.ranks[s]:>2}. {name:<14} {state.scores[s]:>4}")
        lines.append("")
        lines.append(ngettext("Bag: {n} tile", "Bag: {n} tiles", len(state.bag)).format(n=len(state.bag)))
        lines.append(_("Round {n}").format(n=state.ply // state.seats + 1))
        return lines

    def _last_play(self, game: Game[Any, Any], state: QwirkleState, style: Style) -> list[str]:
        last = state.last
        if last is None:
            return [_("Play"), "  " + _("none yet"), _("Play score: -"), _("Total: -")]
        who = self.name(game, state, last.seat)
        if last.kind == "place":
            what = "  " + " ".join(
                style.paint(shown_move(Place((p,))), fg=COLOURS[colour_of(p[2])]) for p in last.placed
            )
            parts = "+".join(str(n) for n in (*last.lines, *((last.end_bonus,) if last.end_bonus else ())))
            score = _("Play score: {n}").format(n=last.score) + (f" ({parts})" if "+" in parts else "")
            if last.qwirkles:
                score += " " + style.paint(_("Qwirkle!"), fg="bright_green", bold=True)
        elif last.kind == "exchange":
            n = len(last.exchanged)
            what = "  " + ngettext("exchanged {n} tile", "exchanged {n} tiles", n).format(n=n)
            score = _("Play score: 0")
        else:
            what = "  " + _("passed")
            score = _("Play score: 0")
        total = _("Total: {n}").format(n=state.scores[last.seat])
        return [_("Play of {name}").format(name=who), what, score, total]

    def public_move_text(self, game: Game[Any, Any], state: Any, move: Any) -> str:
        """A computer's exchange is announced without the tiles it gave back (they are secret)."""
        if isinstance(move, Exchange):
            return ngettext("an exchange of {n} tile", "an exchange of {n} tiles", len(move.tiles)).format(
                n=len(move.tiles)
            )
        return shown_move(move)

    def shown_notation(self, text: str) -> str:
        """Hints and the `moves` list in the player's letters (records keep the brief's)."""
        return shown_text(text)

    def expand_input(self, game: Game[Any, Any], state: Any, seat: Seat, line: str, console: Any) -> str:
        """`c` (or `cursor`) opens arrow-key entry, the brief's bonus, where there is a terminal;
        `stop` is the brief's "stop here", the loop's `quit` (which offers to save)."""
        word = line.strip().lower()
        if word in STOP_WORDS:
            return "quit"
        if word not in CURSOR_WORDS:
            return line
        stdin, stdout = console.stdin, console.stdout
        if not (console.interactive and getattr(stdout, "isatty", lambda: False)()):
            console.say(
                _("Arrow-key entry needs a terminal; type your tiles instead, e.g. {example}.").format(
                    example=example()
                )
            )
            return ""
        from ludoteca.games.qwirkle.cursor import edit_with_cursor

        typed = edit_with_cursor(state, seat, stdin, stdout, detect_style(stdout))
        return typed or "board"  # cancelled: draw the board again

    def move_help(self, game: Game[Any, Any], state: Any) -> str:
        return "\n".join(
            (
                _(
                    "Type one group per tile: row letter, column letter, shape letter, colour digit "
                    "(or its letter), e.g. {example}; the legend under the board gives the letters."
                ).format(example=example()),
                _(
                    "Or x {tiles} to exchange those tiles (x all: the whole hand); "
                    "pass only when the bag is empty and nothing fits."
                ).format(tiles=" ".join(example_tiles())),
                _("On a terminal, c places tiles with the arrow keys."),
                _("stop: stop the game here (you are offered to save it, to finish it later)."),
            )
        )

    def prompt(self, game: Game[Any, Any], state: Any, seat: Seat) -> str:
        return _("{name}, your play> ").format(name=self.name(game, state, seat))

    # ----- the brief's dialogues ------------------------------------------------------------
    def new_game(
        self, game: Game[Any, Any], ask: Callable[[str], str], say: Callable[[str], None]
    ) -> tuple[dict[str, OptionValue], list[SeatSpec]] | None:
        """Mode, number of players, then each player's pseudonym and whether a person or the
        computer (at which level) plays it."""
        mode = ""
        while mode not in ("normal", "short"):
            answer = ask(_("Mode: normal (108 tiles) or short (36 tiles)? [normal] ")).strip().lower()
            mode = _MODE_ANSWERS.get(answer, answer)
        count = 0
        while not 2 <= count <= 4:
            answer = ask(_("How many players (2 to 4)? [2] ")).strip() or "2"
            count = read_int_or_none(answer, 2, 4) or 0
        seats: list[SeatSpec] = []
        for n in range(1, count + 1):
            name = ""
            while not name or name in [s.name for s in seats]:
                # commas and '=' would break the record's list of players
                name = clean_line(
                    ask(_("Pseudonym of player {n}: ").format(n=n)).replace(",", " ").replace("=", " ")
                )
                if len(name) > MAX_NAME_LENGTH:
                    say(_("Keep it to {n} characters at most.").format(n=MAX_NAME_LENGTH))
                    name = ""
                elif name in [s.name for s in seats]:
                    say(_("{name} is already playing; choose another pseudonym.").format(name=name))
            while True:
                answer = (
                    ask(
                        _("{name}: h = human, 1–{max} = computer level [h] ").format(name=name, max=MAX_LEVEL)
                    )
                    .strip()
                    .lower()
                )
                if answer in ("", "h", "human"):
                    seats.append(SeatSpec("human", None, name))
                    break
                level = read_int_or_none(answer, 1, MAX_LEVEL)
                if level is not None:
                    seats.append(SeatSpec("computer", level, name))
                    break
                say(_("Type h, or a level from 1 to {max}.").format(max=MAX_LEVEL))
        return {"mode": mode}, seats

    def between_turns(self, match: Any, ask: Callable[[str], str]) -> bool:
        """At the end of each round, when several people share the keyboard: continue, or stop
        (the loop then offers to save the game). One person against computers is not stopped
        every round: they type `stop` at their prompt when they wish (`expand_input`)."""
        state = match.state
        if match.over or len(match.human_seats) < 2 or not round_over(state):
            return False
        answer = ask(
            _("End of round {n}. Press Enter for the next round, or type stop to stop here: ").format(
                n=state.ply // state.seats
            )
        )
        return answer.strip().lower() in ("s", "q", "quit", *STOP_WORDS)


def _visible_length(text: str) -> int:
    """Length as shown: ANSI colour codes take no room."""
    length, i = 0, 0
    while i < len(text):
        if text[i] == "\x1b":
            i = text.index("m", i) + 1
            continue
        length += 1
        i += 1
    return length


def _on_board_of(earlier: QwirkleState, now: QwirkleState) -> bool:
    """Whether `earlier` could be a position of the game now at `now`: same board, no tile `now` lacks."""
    if len(earlier.cells) != len(now.cells) or earlier.ply > now.ply:
        return False
    return all(tile in (EMPTY, kept) for tile, kept in zip(earlier.cells, now.cells, strict=True))
