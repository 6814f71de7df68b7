"""Per-game terminal adapters: module `<game key>.py` here exposes `ADAPTER` (a `TuiAdapter`)."""
