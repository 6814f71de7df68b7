from __future__ import annotations

import pytest

from ludoteca.store import Store, StoreError

CLASSIC = "setup text one"
DYNASTY = "setup text two"


def test_setups_crud(store: Store) -> None:
    first = store.save_setup("khet", "Classic", CLASSIC)
    store.save_setup("khet", "dynasty", DYNASTY)
    store.save_setup("othello", "Classic", "other game, same name")
    assert [s.name for s in store.list_setups("khet")] == ["Classic", "dynasty"]
    assert [s.name for s in store.list_setups("othello")] == ["Classic"]
    assert store.list_setups("qwirkle") == []

    loaded = store.load_setup("khet", "classic")
    assert (loaded.id, loaded.game, loaded.name, loaded.text) == (first, "khet", "Classic", CLASSIC)

    renamed = store.rename_setup("khet", "Classic", "My classic")
    assert renamed.id == first and renamed.text == CLASSIC
    with pytest.raises(StoreError, match="no khet setup named 'Classic'"):
        store.load_setup("khet", "Classic")
    assert store.load_setup("othello", "Classic").text == "other game, same name"

    gone = store.delete_setup("khet", "dynasty")
    assert gone.text == DYNASTY
    assert [s.name for s in store.list_setups("khet")] == ["My classic"]
    with pytest.raises(StoreError, match="no khet setup named 'dynasty'"):
        store.delete_setup("khet", "dynasty")


def test_existing_setup_is_only_replaced_with_overwrite(store: Store) -> None:
    sid = store.save_setup("khet", "mine", CLASSIC)
    with pytest.raises(StoreError, match="a khet setup named 'mine' already exists"):
        store.save_setup("khet", "MINE", DYNASTY)
    assert store.load_setup("khet", "mine").text == CLASSIC
    assert store.save_setup("khet", "Mine", DYNASTY, overwrite=True) == sid
    replaced = store.load_setup("khet", "mine")
    assert (replaced.name, replaced.text) == ("Mine", DYNASTY)


def test_setup_errors(store: Store) -> None:
    store.save_setup("khet", "a", CLASSIC)
    store.save_setup("khet", "b", DYNASTY)
    with pytest.raises(StoreError, match="'b' already exists"):
        store.rename_setup("khet", "a", "B")
    with pytest.raises(StoreError, match="no khet setup named 'zz'"):
        store.rename_setup("khet", "zz", "c")
    with pytest.raises(StoreError, match="cannot be empty"):
        store.save_setup("khet", " ", CLASSIC)
    with pytest.raises(StoreError, match="empty"):
        store.save_setup("khet", "blank", "")
    assert [s.text for s in store.list_setups("khet")] == [CLASSIC, DYNASTY]
