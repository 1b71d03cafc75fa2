"""Errors sent to one client: a stable code and a readable message; nothing changes."""

from __future__ import annotations


class ProtocolError(Exception):
    """A refused message. `code` is stable (docs/protocol.md); `message` is for people."""

    def __init__(self, code: str, message: str, seq: int = 0) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.seq = seq
        """The refused action's sequence number, when it could be read."""
