# What mypy needs to know of Cython's pure-Python mode, as the engines' kernels use it (Cython ships
# no types for its `cython` module). In plain Python the C types are ints and the decorators return
# the function unchanged, which is what this says.
from builtins import int as _int
from collections.abc import Callable
from typing import Any, TypeVar, overload

_T = TypeVar("_T")
_F = TypeVar("_F", bound=Callable[..., Any])

compiled: bool
ulonglong = _int
longlong = _int
int = _int
bint = bool

def cfunc(f: _F) -> _F: ...
def ccall(f: _F) -> _F: ...
def inline(f: _F) -> _F: ...
@overload
def declare(t: Any) -> Any: ...
@overload
def declare(t: Any, value: _T) -> _T: ...
def cast(t: type[_T], value: Any) -> _T: ...
