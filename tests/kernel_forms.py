"""The two forms of an engine kernel for tests: the source run as plain Python, and its build."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import ModuleType

import pytest

from ludoteca.ai import native


def kernel_form(plain: ModuleType, which: str) -> ModuleType:
    """`plain` itself, or its compiled build (skipped when `LUDOTECA_NATIVE=0` switches builds off)."""
    if which == "plain":
        return plain
    if not native.enabled():
        pytest.skip(f"{native.SWITCH_VARIABLE}=0: the plain form only")
    module = native.compiled(plain)
    # CI and developers' machines have a C compiler: a build that fails there is a bug
    assert native.is_compiled(module), "the kernel did not compile (see the log for why)"
    return module


def assert_constants_agree(plain: ModuleType) -> None:
    """The compiled form reads the kernel's constants from the macros of its `.pxd`; the plain form
    from the module, under `if not cython.compiled:`. Every constant given to the plain form there
    is declared in the `.pxd`, with the same value."""
    source = Path(str(plain.__file__))
    pxd = source.with_suffix(".pxd").read_text(encoding="utf-8")
    macros = {
        name: int(value, 0) for name, value in re.findall(r"#define (\w+) \(?(-?\w+?)(?:ULL|LL|U)?\)?\n", pxd)
    }
    declared = dict(re.findall(r'const [\w ]+? (\w+) "(\w+)"', pxd))
    plain_only: set[str] = set()
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "not cython.compiled":
            for line in node.body:
                if not isinstance(line, ast.Assign):
                    continue
                # a number (-1000 is an operator applied to one)
                value = line.value.operand if isinstance(line.value, ast.UnaryOp) else line.value
                if isinstance(value, ast.Constant):
                    plain_only.update(target.id for target in line.targets if isinstance(target, ast.Name))
    assert plain_only, "no constant found for the plain form"
    assert set(declared) == plain_only
    for name, macro in declared.items():
        assert macros[macro] == getattr(plain, name), name
