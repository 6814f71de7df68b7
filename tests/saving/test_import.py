"""Issue 12, item 5: an imported record is fully checked, or refused with its line and the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.core import RecordError
from ludoteca.shells import session
from ludoteca.store import Store
from tests.cli_runner import run_ludoteca as run


def connect4(*tags: str, moves: str = "1. 4\n2. 4\n") -> str:
    head = '[Game "connect4"]\n[Seed "1"]\n[Players "Ann=human, Bob=human"]\n'
    return head + "".join(tag + "\n" for tag in tags) + "\n" + moves


# Yellow fills column 1 while Red plays column 2: Yellow wins on the 7th move
WON = "".join(f"{n}. {'1' if n % 2 else '2'}\n" for n in range(1, 8))


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        (
            connect4('[Result "x"]', '[Termination "resignation"]'),
            4,
            "the result must be '*' or each player's rank",
        ),
        (connect4('[Result "²"]'), 4, "the result must be"),
        (connect4('[Result "1-2-3"]', '[Termination "resignation"]'), 4, "gives 3 ranks for 2 players"),
        (connect4('[Result "0-0"]', '[Termination "draw claim"]'), 4, "is not a result"),
        (connect4('[Result "2-2"]', '[Termination "draw claim"]'), 4, "not a possible ranking"),
        (connect4('[Result "1-3"]', '[Termination "resignation"]'), 4, "not a possible ranking"),
        (connect4('[Result "1-1"]', '[Termination "resignation"]'), 4, "not one that resignation gives"),
        (connect4('[Result "1-1"]', '[Termination "draw claim"]'), 5, "no draw can be claimed there"),
        (connect4('[Result "1"]', '[Termination "stopped"]'), 4, "gives 1 ranks for 2 players"),
        (connect4('[Termination "resignation"]'), 4, "gives no result"),
        (connect4('[Termination "boredom"]'), 4, "unknown termination 'boredom'"),
        (connect4('[Result "1-2"]'), 4, "the game is not over after its moves"),
        (connect4('[Scores "1 2 3"]'), 4, "gives 3 scores for 2 players"),
        (connect4('[Result "2-1"]', moves=WON), 4, "claims the result 2-1 but the moves give 1-2"),
        (connect4('[Result "1-2"]', '[Termination "resignation"]', moves=WON), 5, "end it by the rules"),
    ],
)
def test_a_record_that_does_not_hold_together_is_refused_with_its_line(
    store: Store, text: str, line: int, reason: str
) -> None:
    with pytest.raises(RecordError) as refused:
        session.import_record(store, text, "imported")
    assert reason in str(refused.value)
    assert refused.value.line == line
    assert store.list_saves() == []


@pytest.mark.parametrize(
    "text",
    [
        connect4('[Result "2-1"]', '[Termination "resignation"]'),
        connect4('[Result "1-2"]', moves=WON),
        connect4('[Result "*"]'),
        "\ufeff" + connect4(),
    ],
)
def test_a_sound_record_is_imported_and_resumes(store: Store, text: str) -> None:
    written = session.import_record(store, text, "imported")
    match, slot = session.load_match(store, written.slot.id)
    assert slot == written.slot and match.moves[:2] in (["4", "4"], ["1", "2"])
    if "Termination" in text:
        assert match.over and match.outcome is not None and match.outcome.result_tag() == "2-1"
        assert "resigned" in str(match.outcome.reason)


def test_a_game_key_in_capitals_is_imported_under_the_key_the_menus_use(store: Store) -> None:
    text = '[Game "QWIRKLE"]\n[Seed "4"]\n[Players "human, human"]\n'
    written = session.import_record(store, text, "shouting")
    assert [s.id for s in store.list_saves("qwirkle")] == [written.slot.id]
    assert '[Game "qwirkle"]' in store.load_save(written.slot.id).record_text


def test_a_byte_order_mark_is_read_from_a_file(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "with-bom.txt"
    path.write_bytes(connect4().encode("utf-8-sig"))
    out = run(["saves", "import", str(path)], home)
    assert out.returncode == 0, out.stderr
    assert "Imported as number 1" in out.stdout


def test_a_resignation_with_a_nonsense_result_is_refused_at_import_not_at_resume(
    home: Path, tmp_path: Path
) -> None:
    path = tmp_path / "resigned.txt"
    path.write_text(connect4('[Result "x"]', '[Termination "resignation"]'))
    out = run(["saves", "import", str(path)], home)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "line 4: the result must be" in out.stderr
    assert "No saved games yet" in run(["saves"], home).stdout


def test_replaying_an_endless_file_stops_with_a_sentence(home: Path) -> None:
    out = run(["replay", "/dev/zero"], home, timeout=30)
    assert out.returncode == 2
    assert "/dev/zero is too large to be a game record (more than 1 MiB)" in out.stderr


def test_odd_seeds_are_refused_not_crashed_on(store: Store) -> None:
    for seed in ("²", "9" * 5000, "--5"):
        with pytest.raises(RecordError, match=r"the seed (must be a whole number|is too long)"):
            session.import_record(store, connect4(f'[Seed "{seed}"]').replace('[Seed "1"]\n', ""), "odd")
