from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.store import DB_FILENAME, LATEST_VERSION, Store, StoreError, default_db_path


def test_default_store_lives_in_ludoteca_home(home: Path) -> None:
    assert not home.exists()
    with Store() as store:
        assert store.path == home / DB_FILENAME
        store.save_game("kept", "othello", "1. d3\n")
    assert (home / DB_FILENAME).is_file()
    with Store(home / DB_FILENAME) as again:
        assert [s.name for s in again.list_saves()] == ["kept"]


def test_without_ludoteca_home_the_platform_data_folder_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LUDOTECA_HOME", raising=False)
    path = default_db_path()
    assert path.name == DB_FILENAME
    assert "ludoteca" in str(path.parent).lower()


def test_new_file_is_at_latest_schema(store: Store) -> None:
    assert store.schema_version == LATEST_VERSION >= 2


def test_a_folder_at_the_path_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder"):
        Store(tmp_path)


def test_closed_store_refuses_calls_with_a_sentence(tmp_path: Path) -> None:
    store = Store(tmp_path / "x.sqlite3")
    store.close()
    store.close()
    assert store.closed
    with pytest.raises(StoreError, match="closed"):
        store.list_saves()


def test_context_manager_closes(tmp_path: Path) -> None:
    with Store(tmp_path / "x.sqlite3") as store:
        pass
    assert store.closed


def test_messages_go_through_the_translation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import gettext

    import ludoteca.i18n

    class Marked(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return "«" + message + "»"

    monkeypatch.setattr(ludoteca.i18n, "_translation", Marked())
    with Store(tmp_path / "x.sqlite3") as store, pytest.raises(StoreError) as caught:
        store.load_save("missing")
    assert str(caught.value) == "«no saved game named 'missing'.»"
