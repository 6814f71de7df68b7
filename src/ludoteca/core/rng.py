"""A seeded random number generator that is a value.

Game states carry an `Rng`; drawing returns the number *and* the next generator, so a state never
changes under anyone's feet and `options + seed + moves` replays exactly. The generator is
SplitMix64: tiny, fast in pure Python, and good enough for shuffling tiles and spawning balls.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class Rng:
    state: int

    @staticmethod
    def from_seed(seed: int) -> Rng:
        return Rng(seed & _MASK)

    def next64(self) -> tuple[int, Rng]:
        s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31), Rng(s)

    def randbelow(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in [0, n) (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next64()
            if value < limit:
                return value % n, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        index, rng = self.randbelow(len(items))
        return items[index], rng

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A Fisher–Yates shuffle of `items`, returned as a new tuple."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.randbelow(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng

    def split(self) -> tuple[Rng, Rng]:
        """Two independent generators (e.g. one per deck) from this one."""
        a, rng = self.next64()
        return Rng(a), rng


def fresh_seed() -> int:
    """A seed for a new game, for every front end and the server alike. The seed rebuilds every
    hand, deck and bag, so it comes from `secrets` and uses all 64 bits the `Rng` keeps: a smaller
    seed can be found by trying them all against what a player sees (31 bits took minutes)."""
    return secrets.randbits(64)


def derive_seed(seed: int, *parts: int | str) -> int:
    """A 64-bit seed of its own for one use of a game's seed (a computer player at a seat and a
    move). A hash rather than a draw from the game's `Rng`: the derived stream must not retrace
    the one that shuffles the bag, or a player sampling what it cannot see would find the truth."""
    text = ":".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8, person=b"ludoteca").digest(), "big")
