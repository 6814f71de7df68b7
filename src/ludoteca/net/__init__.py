"""Network play: an authoritative server (`host` for one table, `serve` for a club with a lobby),
the client every front end uses to join, and the protocol between them (docs/protocol.md).

Layering: `net` sits above `match` and `store` and below the shells; nothing below imports it.
"""
