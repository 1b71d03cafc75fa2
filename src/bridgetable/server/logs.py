"""What the server's log says about clients' mistakes: one line, not an error.

uvicorn logs a WebSocket text frame that is not UTF-8 as an ERROR with a traceback
(and closes the connection with 1007). That is the client's fault, not the server's,
and a client can send one as often as it likes: it becomes one WARNING line.
"""

from __future__ import annotations

import logging

INVALID_UTF8 = "Invalid UTF-8 sequence received from client."
CLIENT_ERROR = "client error: a WebSocket text frame was not UTF-8; closed it (1007)"


class ClientErrorFilter(logging.Filter):
    """Turns uvicorn's record of a client's invalid frame into one warning line."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record if it is about a client's invalid UTF-8; keep it either way."""
        if record.msg == INVALID_UTF8:
            record.msg = CLIENT_ERROR
            record.args = ()
            record.exc_info = None
            record.exc_text = None
            record.levelno = logging.WARNING
            record.levelname = logging.getLevelName(logging.WARNING)
        return True


def quiet_client_errors() -> None:
    """Install the filter on uvicorn's error logger (once, however many apps start)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientErrorFilter) for f in logger.filters):
        logger.addFilter(ClientErrorFilter())
