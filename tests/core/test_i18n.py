from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca import i18n
from ludoteca.i18n import N_, _, ngettext, read_po_entries, set_language

PO = """
msgid ""
msgstr "Content-Type: text/plain; charset=UTF-8\\n"

msgid "Undo"
msgstr "Annuler"

#, fuzzy
msgid "Redo"
msgstr "Refaire"

msgid "{n} disc"
msgid_plural "{n} discs"
msgstr[0] "{n} pion"
msgstr[1] "{n} pions"

msgid "long"
msgstr "très "
"long"
"""


def test_po_entries_singular_plural_multiline_and_fuzzy() -> None:
    singles, plurals = read_po_entries(PO)
    assert singles == {"Undo": "Annuler", "long": "très long"}  # the fuzzy entry is not trusted
    assert plurals == {"{n} disc": ["{n} pion", "{n} pions"]}


def test_french_catalogue_translates_and_uses_french_plurals(monkeypatch: object) -> None:
    from ludoteca.core.registry import declarations

    declarations()  # loading the shelf merges each game's catalogue ("{n} disc" is Othello's)
    try:
        assert set_language("fr") == "fr"
        assert _("Undo") != "Undo"
        # French takes the singular for 0 and 1
        assert ngettext("{n} disc", "{n} discs", 0) == ngettext("{n} disc", "{n} discs", 1)
        assert ngettext("{n} disc", "{n} discs", 2) != ngettext("{n} disc", "{n} discs", 1)
        assert _("a sentence nobody translated") == "a sentence nobody translated"
    finally:
        set_language("en")
    assert _("Undo") == "Undo"
    assert N_("Player 1") == "Player 1"


def test_unknown_language_falls_back_to_english() -> None:
    assert set_language("tlh") == "en"
    assert i18n.language() == "en"


def _french_catalogues() -> list[Path]:
    root = Path(i18n.__file__).parent
    return [root / "locale" / "fr.po", *sorted(root.glob("games/*/locale/fr.po"))]


def test_each_game_brings_its_own_catalogue_merged_at_start_up() -> None:
    from ludoteca.core.registry import get_game

    assert len(_french_catalogues()) == 7
    try:
        set_language("fr")
        assert _(get_game("connect4").info.title) == "Puissance 4"
        assert _("Undo") == "Annuler"
    finally:
        set_language("en")


def test_every_string_has_a_french_translation() -> None:
    from ludoteca.shells.catalogue import main as catalogue

    assert catalogue(["fr", "--check"]) == 0, "run `ludoteca catalogue fr` and translate what it lists"


@pytest.mark.parametrize("path", _french_catalogues(), ids=lambda p: p.parent.parent.name)
def test_every_french_translation_keeps_the_placeholders(path: Path) -> None:
    import re

    singles, plurals = read_po_entries(path.read_text(encoding="utf-8"))
    fields = re.compile(r"\{[^{}]*\}")
    for msgid, msgstr in singles.items():
        assert set(fields.findall(msgid)) == set(fields.findall(msgstr)), msgid
    for msgid, forms in plurals.items():
        for form in forms:
            assert set(fields.findall(form)) <= set(fields.findall(msgid)) | {"{n}"}, msgid


def test_option_choices_and_switches_read_and_shown_in_the_players_language() -> None:
    from ludoteca.core.errors import OptionError
    from ludoteca.core.options import OptionSpec
    from ludoteca.core.registry import declarations

    declarations()  # the games' catalogues hold their choices' words
    variant = OptionSpec("variant", "which rules", "classic", choices=("classic", "cascade"))
    switch = OptionSpec("bug", "a switch", False)
    try:
        set_language("fr")
        assert variant.value_text("classic") == "classique" and switch.value_text(True) == "oui"
        assert variant.choices_text() == "classique, cascade"
        assert variant.parse("Classique") == "classic" and variant.parse("cascade") == "cascade"
        with pytest.raises(OptionError, match=r"n.est pas un des choix \(classique, cascade\)"):
            variant.parse("tetris")
    finally:
        set_language("en")
    assert variant.value_text("classic") == "classic" and switch.value_text(False) == "no"
    # a value is read as either language writes it (issue 30, item 12), and nothing else
    assert variant.parse("classique") == "classic"
    with pytest.raises(OptionError, match=r"not one of the choices \(classic, cascade\)"):
        variant.parse("tetris")


def test_a_failed_file_operation_is_explained_in_the_players_language(tmp_path: Path) -> None:
    from ludoteca.i18n import os_reason

    try:
        (tmp_path / "missing.txt").read_text()
    except OSError as err:
        missing = err
    try:
        set_language("fr")
        assert os_reason(missing) == "ce fichier ou ce dossier n'existe pas"
    finally:
        set_language("en")
    assert os_reason(missing) == "there is no such file or folder"
    odd = OSError(5, "Input/output error")  # a reason players rarely meet keeps the system's words
    assert os_reason(odd) == "Input/output error"


def _shipped_game_folders() -> list[Path]:
    root = Path(i18n.__file__).parent / "games"
    return sorted(p for p in root.iterdir() if (p / "rules.md").is_file())


@pytest.mark.parametrize("folder", _shipped_game_folders(), ids=lambda p: p.name)
def test_every_game_has_its_rules_in_french_and_shows_them_in_french(folder: Path) -> None:
    import re

    from ludoteca.core.registry import get_game

    english = (folder / "rules.md").read_text(encoding="utf-8")
    french = (folder / "rules.fr.md").read_text(encoding="utf-8")
    # the same document: its sections, tables and code blocks, and every notation example
    # (a code span holding a digit: `h2g3`, `c3-f7`, `ebC1`) as it stands
    for pattern in (r"^#+ ", r"^\|"):
        assert len(re.findall(pattern, english, re.M)) == len(re.findall(pattern, french, re.M)), pattern
    assert re.findall(r"```.*?```", english, re.S) == re.findall(r"```.*?```", french, re.S)
    examples = {span for span in re.findall(r"`([^`\n]+)`", english) if re.search(r"\d", span)}
    assert not [span for span in examples if f"`{span}`" not in french]
    game = get_game(folder.name)
    try:
        set_language("fr")
        assert game.rules_text() == french
    finally:
        set_language("en")
    assert game.rules_text() == english
