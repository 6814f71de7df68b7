"""Compiled kernels with a companion `.pxd`: its declarations reach the build, and its text is part
of the build's name, so that an edited `.pxd` never meets a stale build."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from ludoteca.ai import native

SOURCE = b"""
import cython


@cython.ccall
def ones(x: cython.ulonglong) -> cython.int:
    if cython.compiled:
        return __builtin_popcountll(x)
    return x.bit_count()
"""

DECLARATIONS = b"""
cdef extern from *:
    int __builtin_popcountll(unsigned long long x) nogil
"""


def _module(folder: Path, name: str) -> ModuleType:
    (folder / f"{name}.py").write_bytes(SOURCE)
    (folder / f"{name}.pxd").write_bytes(DECLARATIONS)
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_companion_declarations_reach_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not native.enabled():
        pytest.skip(f"{native.SWITCH_VARIABLE}=0: no builds")
    monkeypatch.setenv(native.CACHE_VARIABLE, str(tmp_path / "cache"))
    name = f"ludoteca_pxd_probe_{abs(hash(tmp_path)) % 10**8}"
    plain = _module(tmp_path, name)
    # the plain form never reaches the builtin
    assert plain.ones(0xFFFF) == 16
    built = native.compiled(plain)
    assert native.is_compiled(built), "the probe did not compile (see the log for why)"
    for x in (0, 1, 0x8000000000000000, 0xFFFFFFFFFFFFFFFF, 0x0123456789ABCDEF):
        assert built.ones(x) == x.bit_count()


def test_the_declarations_are_part_of_the_build_name() -> None:
    source = SOURCE
    try:
        bare = native._fingerprint(source)
    except native.BuildError:
        pytest.skip("Cython is not installed")
    with_declarations = native._fingerprint(source, DECLARATIONS)
    edited = native._fingerprint(source, DECLARATIONS + b"# edited\n")
    assert len({bare, with_declarations, edited}) == 3
    # a module without a `.pxd` keeps the name it had before companions existed
    assert native._fingerprint(source, b"") == bare


def test_the_processor_flags_are_part_of_the_build_name(monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        native._fingerprint(SOURCE)
    except native.BuildError:
        pytest.skip("Cython is not installed")
    monkeypatch.setattr(native, "processor_flags", lambda: ())
    baseline = native._fingerprint(SOURCE)
    monkeypatch.setattr(native, "processor_flags", lambda: ("-mpopcnt",))
    assert native._fingerprint(SOURCE) != baseline


def test_the_flags_asked_for_are_ones_linux_lists() -> None:
    flags = native.processor_flags()
    assert set(flags) <= {"-mpopcnt", "-mbmi2"}
    cpuinfo = Path("/proc/cpuinfo")
    for flag in flags:
        assert flag.removeprefix("-m") in cpuinfo.read_text(errors="replace").split()


def _cpuinfo(vendor: str, family: int, flags: str) -> str:
    return (
        f"processor\t: 0\nvendor_id\t: {vendor}\ncpu family\t: {family}\nflags\t\t: {flags}\n\n"
        "processor\t: 1\nvendor_id\t: Other\ncpu family\t: 1\nflags\t\t: fpu\n"
    )


def test_bmi2_is_asked_for_only_where_its_pext_is_quick() -> None:
    both = "fpu popcnt bmi1 bmi2 avx2"
    assert native.flags_for_processor(_cpuinfo("GenuineIntel", 6, both)) == ("-mpopcnt", "-mbmi2")
    # Zen 3 and after: one instruction; Zen 1 and 2 (family 23): microcode, hundreds of cycles
    assert native.flags_for_processor(_cpuinfo("AuthenticAMD", 25, both)) == ("-mpopcnt", "-mbmi2")
    assert native.flags_for_processor(_cpuinfo("AuthenticAMD", 23, both)) == ("-mpopcnt",)
    assert native.flags_for_processor(_cpuinfo("HygonGenuine", 24, both)) == ("-mpopcnt",)
    assert native.flags_for_processor(_cpuinfo("GenuineIntel", 6, "fpu popcnt")) == ("-mpopcnt",)
    assert native.flags_for_processor(_cpuinfo("GenuineIntel", 6, "fpu")) == ()
    assert native.flags_for_processor("") == ()
