from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from ludoteca.store import Store, StoreError

from .conftest import RECORD


class Clock:
    """A clock the test moves by hand, so 'newest first' does not hang on timer resolution."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def test_save_then_resume_by_number_name_and_digits(store: Store) -> None:
    sid = store.save_game("Evening game", "othello", RECORD)
    by_number = store.load_save(sid)
    assert (by_number.id, by_number.name, by_number.game, by_number.record_text) == (
        sid,
        "Evening game",
        "othello",
        RECORD,
    )
    assert store.load_save(str(sid)) == by_number
    assert store.load_save("Evening game") == by_number
    assert store.load_save("  evening GAME ") == by_number
    assert by_number.created == by_number.updated
    datetime.fromisoformat(by_number.created)


def test_list_is_newest_first_and_filters_by_game(tmp_path: Path) -> None:
    with Store(tmp_path / "x.sqlite3", clock=Clock()) as store:
        first = store.save_game("first", "othello", RECORD)
        second = store.save_game("second", "connect4", "1. d\n")
        third = store.save_game("third", "othello", RECORD)
        assert [s.id for s in store.list_saves()] == [third, second, first]
        assert [s.id for s in store.list_saves("othello")] == [third, first]
        assert store.list_saves("qwirkle") == []
        # overwriting makes a save the newest; its creation time stays
        store.save_game("first", "othello", RECORD + "3. e6\n", save_id=first)
        assert [s.id for s in store.list_saves()] == [first, third, second]
        overwritten = store.load_save(first)
        assert overwritten.record_text.endswith("3. e6\n")
        assert overwritten.created < overwritten.updated


def test_same_millisecond_saves_still_list_newest_first(store: Store) -> None:
    ids = [store.save_game(f"game {n}", "othello", RECORD) for n in range(5)]
    assert [s.id for s in store.list_saves()] == ids[::-1]


def test_a_taken_name_is_refused_and_nothing_changes(store: Store) -> None:
    sid = store.save_game("Mine", "othello", RECORD)
    with pytest.raises(StoreError, match="a saved game named 'Mine' already exists"):
        store.save_game("mine", "connect4", "1. d\n")
    other = store.save_game("other", "othello", RECORD)
    with pytest.raises(StoreError, match="already exists"):
        store.save_game("MINE", "othello", "changed", save_id=other)
    assert [s.id for s in store.list_saves()] == [other, sid]
    assert store.load_save(other).record_text == RECORD


def test_overwrite_may_rename_and_needs_an_existing_number(store: Store) -> None:
    sid = store.save_game("draft", "othello", RECORD)
    assert store.save_game("final", "othello", RECORD, save_id=sid) == sid
    assert store.load_save(sid).name == "final"
    with pytest.raises(StoreError, match="no saved game number 999"):
        store.save_game("ghost", "othello", RECORD, save_id=999)
    assert len(store.list_saves()) == 1


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("", "cannot be empty"),
        ("   ", "cannot be empty"),
        ("42", "only digits"),
        ("two\nlines", "control characters"),
        ("x" * 81, "81 characters"),
    ],
)
def test_bad_names_are_refused(store: Store, name: str, problem: str) -> None:
    with pytest.raises(StoreError, match=problem):
        store.save_game(name, "othello", RECORD)
    assert store.list_saves() == []


def test_empty_record_and_missing_game_are_refused(store: Store) -> None:
    with pytest.raises(StoreError, match="no game record"):
        store.save_game("x", "othello", "  \n")
    with pytest.raises(StoreError, match="game key"):
        store.save_game("x", "", RECORD)


def test_unknown_references_name_what_was_asked(store: Store) -> None:
    with pytest.raises(StoreError, match="no saved game named 'nope'"):
        store.load_save("nope")
    with pytest.raises(StoreError, match="no saved game number 3"):
        store.load_save(3)
    with pytest.raises(StoreError, match="no saved game number 3"):
        store.load_save("3")
    with pytest.raises(StoreError):
        store.load_save(True)


def test_rename(store: Store) -> None:
    a = store.save_game("a", "othello", RECORD)
    store.save_game("b", "othello", RECORD)
    before = store.load_save(a)
    renamed = store.rename_save("a", "Alpha")
    assert (renamed.id, renamed.name, renamed.record_text) == (a, "Alpha", RECORD)
    assert renamed.updated == before.updated
    assert store.load_save("alpha").id == a
    with pytest.raises(StoreError, match="no saved game named 'a'"):
        store.load_save("a")
    with pytest.raises(StoreError, match="'b' already exists"):
        store.rename_save(a, "B")
    store.rename_save(a, "ALPHA")  # a change of case of its own name is allowed
    assert store.load_save(a).name == "ALPHA"
    with pytest.raises(StoreError, match="no saved game named 'zz'"):
        store.rename_save("zz", "yy")


def test_delete(store: Store) -> None:
    a = store.save_game("a", "othello", RECORD)
    b = store.save_game("b", "othello", RECORD)
    gone = store.delete_save("A")
    assert gone.id == a and gone.record_text == RECORD
    assert [s.id for s in store.list_saves()] == [b]
    with pytest.raises(StoreError, match="no saved game named 'a'"):
        store.delete_save("a")
    store.delete_save(b)
    assert store.list_saves() == []
    # a deleted name can be used again
    store.save_game("a", "othello", RECORD)


def test_saves_survive_reopening(home: Path) -> None:
    with Store() as store:
        sid = store.save_game("kept", "khet", "text with ünïcödé ✓\n")
    with Store() as store:
        assert store.load_save(sid).record_text == "text with ünïcödé ✓\n"


# ----- versions: two programs resuming the same save (issue 12, item 4) -----------------------------
def test_the_second_of_two_programs_saving_over_one_save_gets_a_new_save_and_nothing_is_lost(
    tmp_path: Path,
) -> None:
    path = tmp_path / "shared.sqlite3"
    with Store(path) as setup:
        setup.save_game("Evening", "othello", RECORD)
    with Store(path) as first, Store(path) as second:
        mine, theirs = first.load_save("Evening").slot, second.load_save("Evening").slot
        assert mine == theirs and mine.version == 1
        done = first.write_save("Evening", "othello", RECORD + "3. e6\n", over=mine)
        assert done.clashed is None and done.slot == mine.__class__(mine.id, "Evening", 2)
        late = second.write_save("Evening", "othello", RECORD + "3. f5\n", over=theirs)
        assert late.clashed == theirs and not late.clash_deleted
        assert late.slot.id != mine.id and late.slot.name == "Evening (2)"
        # the first program's moves are still there, and so are the second's
        assert first.load_save(mine.id).record_text.endswith("3. e6\n")
        assert first.load_save("Evening (2)").record_text.endswith("3. f5\n")
        # each goes on saving over its own save
        again = second.write_save("Evening (2)", "othello", RECORD, over=late.slot)
        assert again.clashed is None and again.slot.version == 2


def test_a_save_deleted_meanwhile_is_written_again_as_a_new_save(store: Store) -> None:
    slot = store.load_save(store.save_game("gone", "othello", RECORD)).slot
    store.delete_save(slot.id)
    done = store.write_save("gone", "othello", RECORD, over=slot)
    assert done.clash_deleted and done.slot.name == "gone" and done.slot.id != slot.id


def test_names_beside_a_clash_count_up_and_stay_short_enough(store: Store) -> None:
    long = "x" * 80
    slot = store.load_save(store.save_game(long, "othello", RECORD)).slot
    store.save_game(long, "othello", RECORD, save_id=slot.id)  # someone else overwrote it
    first = store.write_save(long, "othello", RECORD, over=slot)
    second = store.write_save(long, "othello", RECORD, over=slot)
    assert first.slot.name == "x" * 76 + " (2)"
    assert second.slot.name == "x" * 76 + " (3)"


def test_a_failing_check_of_the_stored_text_leaves_nothing_written(store: Store) -> None:
    seen: list[str] = []

    def refuse(text: str) -> None:
        seen.append(text)
        raise StoreError("does not read back")

    with pytest.raises(StoreError, match="read back"):
        store.write_save("new", "othello", RECORD, check=refuse)
    assert seen == [RECORD] and store.list_saves() == []
    slot = store.load_save(store.save_game("old", "othello", RECORD)).slot
    with pytest.raises(StoreError):
        store.write_save("old", "othello", "changed", over=slot, check=refuse)
    assert store.load_save(slot.id) == store.load_save("old") and store.load_save("old").version == 1
    assert store.load_save("old").record_text == RECORD


def test_huge_or_odd_save_numbers_are_just_not_found(store: Store) -> None:
    for ref in ("9" * 5000, 2**70, -1, "²"):
        with pytest.raises(StoreError, match=r"no saved game|the save number is too long"):
            store.load_save(ref)
