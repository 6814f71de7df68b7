"""The one error the store raises: a sentence that names the file or the item and what to do."""

from __future__ import annotations

from ludoteca.core.errors import LudotecaError


class StoreError(LudotecaError):
    """A saved game, setup or data file that cannot be read or written as asked."""


class StoreBusy(StoreError):
    """Another program held the data file for longer than a write waits; trying again later may work."""
