"""Game-specific commands: `ludoteca <verb> <key>` runs `tools/<verb>_<key>.py`'s main(argv)."""
