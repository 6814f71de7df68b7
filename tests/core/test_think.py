"""Reading a computer's budget: seconds, or a count of positions (`nodes:N`)."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import OptionError
from ludoteca.core.text import NumberError
from ludoteca.core.think import MAX_THINK_NODES, Think, read_think


@pytest.mark.parametrize(
    ("text", "think"),
    [
        ("nodes:2000", Think(nodes=2000)),
        (" NODES:1 ", Think(nodes=1)),
        ("0,5", Think(seconds=0.5)),
        ("10", Think(seconds=10.0)),
        ("0.00001", Think(seconds=0.00001)),
        (f"nodes:{MAX_THINK_NODES}", Think(nodes=MAX_THINK_NODES)),
    ],
)
def test_a_budget_is_seconds_or_a_count(text: str, think: Think) -> None:
    assert read_think(text) == think
    assert read_think(think.text()) == think


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("nodes:0", "from 1 to"),
        (f"nodes:{MAX_THINK_NODES + 1}", "from 1 to"),
        ("nodes:²", "digits 0 to 9"),
        ("nodes:", "digits 0 to 9"),
        ("lots", "nodes:N"),
        ("-1", "negative"),
        ("601", "nodes:N"),
    ],
)
def test_anything_else_gets_a_sentence(text: str, problem: str) -> None:
    with pytest.raises(NumberError) as err:
        read_think(text)
    assert problem in str(err.value)


def test_only_a_count_is_counted_and_nothing_given_is_the_levels_own() -> None:
    assert Think(nodes=5).counted and not Think(seconds=5).counted
    assert not Think().given and Think().text() == ""
    assert Think.of(None) == Think() and Think.of(1.5) == Think(seconds=1.5)
    assert Think.of(Think(nodes=3)) == Think(nodes=3)
    with pytest.raises(OptionError):
        Think(seconds=1.0, nodes=5)
