"""The two forms of an engine kernel for tests: the source run as plain Python, and its build."""

from __future__ import annotations

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
