"""Errors raised by the store layer.

Every error is a subclass of :class:`StoreError`, so a caller can catch the whole
family at once; the specific classes say what went wrong.
"""

from __future__ import annotations


class StoreError(Exception):
    """Base class of every error raised by :mod:`bridgetable.store`."""


class TableExists(StoreError):
    """``create_table`` was called with a table id that is already taken."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id!r} already exists")
        self.table_id = table_id


class TableNotFound(StoreError):
    """An event was appended to a table that was never created."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id!r} does not exist")
        self.table_id = table_id


class SequenceConflict(StoreError):
    """Position ``seq`` of a table cannot be written.

    Either the position is already taken (another task or process appended first)
    or it would leave a gap (``seq`` is beyond ``last_seq + 1``). The caller should
    read the log again from its last known event and decide anew.
    ``last_seq`` is the last position the store saw, when it knows it.
    """

    def __init__(self, table_id: str, seq: int, last_seq: int | None = None) -> None:
        detail = "" if last_seq is None else f" (last event is {last_seq})"
        super().__init__(f"cannot write event {seq} of table {table_id!r}{detail}")
        self.table_id = table_id
        self.seq = seq
        self.last_seq = last_seq


class UnsupportedURL(StoreError, ValueError):
    """A database or fan-out URL has a scheme this layer does not know."""

    def __init__(self, kind: str, scheme: str, supported: tuple[str, ...]) -> None:
        choices = ", ".join(f"{s}://" for s in supported)
        super().__init__(f"unsupported {kind} URL scheme {scheme!r}: use one of {choices}")
        self.scheme = scheme


class SchemaTooNew(StoreError):
    """The database was migrated by a newer version of bridgetable than this one."""

    def __init__(self, found: int, supported: int) -> None:
        super().__init__(
            f"database schema version {found} is newer than the {supported} this code knows"
        )
        self.found = found
        self.supported = supported
