from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.store import Store, StoreError


def test_settings_default_set_replace_forget(home: Path) -> None:
    with Store() as store:
        assert store.get_setting("language") is None
        assert store.get_setting("language", "en") == "en"
        store.set_setting("language", "fr")
        store.set_setting("theme", "dark")
        store.set_setting("language", "de")
        assert store.get_setting("language", "en") == "de"
    with Store() as store:
        assert store.get_setting("language") == "de"
        assert store.get_setting("theme") == "dark"
        store.set_setting("theme", None)
        assert store.get_setting("theme", "light") == "light"


def test_setting_errors(store: Store) -> None:
    with pytest.raises(StoreError, match="needs a name"):
        store.set_setting("", "x")
    with pytest.raises(StoreError, match="must be text"):
        store.set_setting("size", 3)  # type: ignore[arg-type]
