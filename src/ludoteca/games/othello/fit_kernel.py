"""The least-squares fit's hot loops for `train.py`, compiled by Cython where it can (as `kernel.py`).

The design matrix A is never built: a row is a position, its ones are the distinct weights its
pattern instances read (`width` of them, in `features`) and its scalar terms (`SCALARS` values
in `scalars`, at the stage's scalar weights). Both forms add in the same order, so a fit gives
the same weights run twice on one machine, whichever form runs it.
"""

from __future__ import annotations

from array import array

import cython

#: scalar terms of a row (`learned.SCALARS`)
SCALARS = cython.declare(cython.int, 4)


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
def values(
    features: array[int],
    width: cython.int,
    scalar_at: array[int],
    scalars: array[int],
    rows: array[int],
    weights: array[float],
    out: array[float],
) -> cython.int:
    """out[k] = (A · weights)[rows[k]]: each row's value."""
    f = cython.declare(cython.int[:], features)  # type: ignore[misc]
    at = cython.declare(cython.int[:], scalar_at)  # type: ignore[misc]
    x = cython.declare(cython.schar[:], scalars)  # type: ignore[misc]
    r = cython.declare(cython.int[:], rows)  # type: ignore[misc]
    w = cython.declare(cython.double[:], weights)  # type: ignore[misc]
    into = cython.declare(cython.double[:], out)  # type: ignore[misc]
    k: cython.int
    j: cython.int
    row: cython.int
    base: cython.int
    value: cython.double
    for k in range(len(r)):
        row = r[k]
        value = 0.0
        for j in range(row * width, (row + 1) * width):
            value += w[f[j]]
        base = at[row]
        for j in range(SCALARS):
            value += w[base + j] * x[row * SCALARS + j]
        into[k] = value
    return 0


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
def transposed(
    features: array[int],
    width: cython.int,
    scalar_at: array[int],
    scalars: array[int],
    rows: array[int],
    values: array[float],
    out: array[float],
) -> cython.int:
    """out += Aᵀ · values (values[k] belongs to rows[k])."""
    f = cython.declare(cython.int[:], features)  # type: ignore[misc]
    at = cython.declare(cython.int[:], scalar_at)  # type: ignore[misc]
    x = cython.declare(cython.schar[:], scalars)  # type: ignore[misc]
    r = cython.declare(cython.int[:], rows)  # type: ignore[misc]
    v = cython.declare(cython.double[:], values)  # type: ignore[misc]
    into = cython.declare(cython.double[:], out)  # type: ignore[misc]
    k: cython.int
    j: cython.int
    row: cython.int
    base: cython.int
    value: cython.double
    for k in range(len(r)):
        row = r[k]
        value = v[k]
        for j in range(row * width, (row + 1) * width):
            into[f[j]] += value
        base = at[row]
        for j in range(SCALARS):
            into[base + j] += value * x[row * SCALARS + j]
    return 0


@cython.ccall
@cython.boundscheck(False)
@cython.wraparound(False)
def diagonal(
    features: array[int],
    width: cython.int,
    scalar_at: array[int],
    scalars: array[int],
    rows: array[int],
    out: array[float],
) -> cython.int:
    """out += the diagonal of AᵀA: each weight's sum of squared feature values."""
    f = cython.declare(cython.int[:], features)  # type: ignore[misc]
    at = cython.declare(cython.int[:], scalar_at)  # type: ignore[misc]
    xs = cython.declare(cython.schar[:], scalars)  # type: ignore[misc]
    r = cython.declare(cython.int[:], rows)  # type: ignore[misc]
    into = cython.declare(cython.double[:], out)  # type: ignore[misc]
    k: cython.int
    j: cython.int
    row: cython.int
    base: cython.int
    x: cython.double
    for k in range(len(r)):
        row = r[k]
        for j in range(row * width, (row + 1) * width):
            into[f[j]] += 1.0
        base = at[row]
        for j in range(SCALARS):
            x = xs[row * SCALARS + j]
            into[base + j] += x * x
    return 0
