"""Worker processes for slow work (robots' decisions, deal analysis).

They are spawned, not forked (a fork would copy the event loop and the open sockets), and
each one ends by itself when the server that started it is gone: killed, crashed or
stopped before it could shut its pool down. Without that, every server that died would
leave its workers behind, each holding the solver's memory.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import threading
import time
from collections.abc import Callable

PARENT_CHECK_SECONDS = 1.0


def worker_pool(
    workers: int, initializer: Callable[[], None] | None = None
) -> concurrent.futures.ProcessPoolExecutor:
    """A pool of `workers` spawned processes that end with this one."""
    return concurrent.futures.ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
        initargs=(os.getpid(), initializer),
    )


def _start_worker(parent: int, initializer: Callable[[], None] | None) -> None:
    threading.Thread(target=_follow_parent, args=(parent,), daemon=True).start()
    if initializer is not None:
        initializer()


def _follow_parent(parent: int) -> None:
    # An orphan is adopted by another process, so its parent id changes.
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)
