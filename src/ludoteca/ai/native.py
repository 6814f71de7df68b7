"""Engines' hot loops at native speed, from their own Python source.

A game writes its hot loops in one module in Cython's pure-Python mode (C types given by `cython.*`
annotations, which plain Python ignores) and asks for it through `compiled(module)`:

* the first time, the module's source is translated to C by Cython and compiled by the C compiler
  Python itself was built with, into the user's cache folder (`LUDOTECA_CACHE` overrides it),
  under a name made from the source, Cython's version and the interpreter, so an edited source or
  another Python never meets a stale build;
* afterwards the compiled module is loaded from there in a few milliseconds;
* when it cannot be compiled (no C compiler or Python headers, `LUDOTECA_NATIVE=0`), the module is
  returned as it is and its functions run as plain Python: slower, same results. The reason is
  logged once, never hidden;
* a module may have a companion `.pxd` beside it (`kernel.py`, `kernel.pxd`): C declarations that
  only its compiled form sees, such as the compiler's bit-counting builtins, which its source calls
  under `if cython.compiled:`. It is compiled with the module and is part of the build's name.

Why Cython (measured against numba and mypyc on the Othello endgame: docs/architecture.md): C
speed, a small dependency, no compiler needed to run, and the source stays readable Python.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.machinery
import importlib.metadata
import importlib.util
import logging
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
from pathlib import Path
from types import ModuleType
from typing import TypeVar

import platformdirs

#: set to 0 to run every engine as plain Python (the tests of the plain form use it)
SWITCH_VARIABLE = "LUDOTECA_NATIVE"
#: a folder that replaces the user cache folder for compiled engines
CACHE_VARIABLE = "LUDOTECA_CACHE"
#: what the C compiler is asked for beyond Python's own flags
OPTIMISE = ("-O3",)

_log = logging.getLogger("ludoteca.native")
_lock = threading.Lock()
_loaded: dict[str, ModuleType] = {}
_M = TypeVar("_M", bound=ModuleType)


class BuildError(Exception):
    """The module could not be compiled; the message says at which step and why."""


def enabled() -> bool:
    return os.environ.get(SWITCH_VARIABLE, "1").strip() not in ("0", "no", "off", "false")


def cache_folder() -> Path:
    override = os.environ.get(CACHE_VARIABLE, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_cache_dir("ludoteca", appauthor=False)) / "native"


def compiled(module: _M) -> _M:
    """The compiled form of `module` when it can be had, else `module` itself (see the module's
    docstring). Safe to call from several threads; each module is built at most once per process."""
    if not enabled():
        return module
    with _lock:
        found = _loaded.get(module.__name__)
        if found is None:
            try:
                found = _load(module)
            except (BuildError, ImportError, OSError) as err:
                _log.warning("%s runs as plain Python: %s", module.__name__, err)
                found = module
            _loaded[module.__name__] = found
    return found  # type: ignore[return-value]


def is_compiled(module: ModuleType) -> bool:
    """Whether `module` is a compiled extension (rather than its Python source)."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def _load(module: ModuleType) -> ModuleType:
    source_path = Path(module.__file__ or "")
    source = source_path.read_bytes()
    declarations_path = source_path.with_suffix(".pxd")
    declarations = declarations_path.read_bytes() if declarations_path.exists() else b""
    stem = module.__name__.rpartition(".")[2]
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    target = cache_folder() / _fingerprint(source, declarations) / f"{stem}{suffix}"
    if not target.exists():
        _build(source, declarations, stem, target)
    spec = importlib.util.spec_from_file_location(module.__name__, target)
    if spec is None or spec.loader is None:
        raise BuildError(f"cannot load {target}")
    native = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(native)
    return native


@functools.cache
def processor_flags() -> tuple[str, ...]:
    """What the compiler may use beyond its default instruction set because this processor has it
    (`flags_for_processor`, from what Linux lists of an x86-64 processor; elsewhere nothing, which
    is always safe). The flags are part of the build's name, so a cache folder shared with an
    older processor never hands it a build it cannot run."""
    if sysconfig.get_platform() != "linux-x86_64":
        return ()
    try:
        text = Path("/proc/cpuinfo").read_text(errors="replace")
    except OSError:
        return ()
    return flags_for_processor(text)


#: AMD's first family whose `pext` is one quick instruction (Zen 3); before it, the instruction is
#: microcode taking hundreds of cycles, far slower than the code it would replace
AMD_QUICK_PEXT_FAMILY = 25


def flags_for_processor(cpuinfo: str) -> tuple[str, ...]:
    """The flags for the first processor `/proc/cpuinfo` describes in `cpuinfo`:
    * `-mpopcnt` where it lists the instruction: one instruction for `__builtin_popcountll`
      instead of a library call (5 to 10 % less time for Othello's exact search);
    * `-mbmi2` where it lists BMI2 and its `pext` is quick (Intel's; AMD's from Zen 3): Othello's
      evaluation gathers each pattern's squares with it (`games/othello/kernel.py`)."""
    fields: dict[str, str] = {}
    for line in cpuinfo.splitlines():
        if not line.strip():
            if fields:
                break  # the first processor is enough: they are all alike
            continue
        name, _, value = line.partition(":")
        fields.setdefault(name.strip(), value.strip())
    listed = fields.get("flags", "").split()
    flags: list[str] = []
    if "popcnt" in listed:
        flags.append("-mpopcnt")
    vendor = fields.get("vendor_id", "")
    family = fields.get("cpu family", "0")
    quick_pext = vendor == "GenuineIntel" or (
        vendor == "AuthenticAMD" and family.isdigit() and int(family) >= AMD_QUICK_PEXT_FAMILY
    )
    if "bmi2" in listed and quick_pext:
        flags.append("-mbmi2")
    return tuple(flags)


def _fingerprint(source: bytes, declarations: bytes = b"") -> str:
    """What a build depends on: the source and its declarations, Cython, the interpreter and the
    compiler flags."""
    try:
        cython_version = importlib.metadata.version("Cython")
    except importlib.metadata.PackageNotFoundError as err:
        raise BuildError("Cython is not installed") from err
    digest = hashlib.sha256(source)
    if declarations:
        digest.update(b"\0pxd\0" + declarations)
    for part in (cython_version, sys.version, sysconfig.get_platform(), *OPTIMISE, *processor_flags()):
        digest.update(b"\0" + part.encode())
    return digest.hexdigest()[:20]


def _build(source: bytes, declarations: bytes, stem: str, target: Path) -> None:
    """Source → C (Cython) → shared library, in a scratch folder beside the target, moved into
    place at the end so another process never loads half a file."""
    compiler = sysconfig.get_config_var("CC")
    linker = sysconfig.get_config_var("LDSHARED")
    if not compiler or not linker or shutil.which(shlex.split(compiler)[0]) is None:
        raise BuildError("no C compiler found (Python was built with " + repr(compiler) + ")")
    include = sysconfig.get_paths()["include"]
    if not Path(include, "Python.h").exists():
        raise BuildError(f"Python's C headers are missing (no Python.h in {include})")
    target.parent.mkdir(parents=True, exist_ok=True)
    _log.info("compiling %s (once, into %s)", stem, target.parent)
    with tempfile.TemporaryDirectory(dir=target.parent) as scratch:
        py_file = Path(scratch, f"{stem}.py")
        py_file.write_bytes(source)
        if declarations:
            py_file.with_suffix(".pxd").write_bytes(declarations)
        c_file = py_file.with_suffix(".c")
        object_file = py_file.with_suffix(".o")
        library = Path(scratch, target.name)
        _run([sys.executable, "-m", "cython", "-3", "-o", str(c_file), str(py_file)], "Cython")
        cflags = shlex.split(sysconfig.get_config_var("CFLAGS") or "")
        ccshared = shlex.split(sysconfig.get_config_var("CCSHARED") or "")
        flags = [*cflags, *ccshared, *OPTIMISE, *processor_flags(), "-I", include]
        _run([*shlex.split(compiler), *flags, "-c", str(c_file), "-o", str(object_file)], "the C compiler")
        _run([*shlex.split(linker), str(object_file), "-o", str(library)], "the linker")
        os.replace(library, target)


def _run(command: list[str], step: str) -> None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise BuildError(f"{step} could not run: {err}") from err
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()[-12:]
        raise BuildError(f"{step} failed ({done.returncode}): " + " | ".join(detail))
