"""Worker processes end with the server that started them, however it ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

STARTER = """
import os, sys
from bridgetable.server.workers import worker_pool
pool = worker_pool(2)
pids = {pool.submit(os.getpid).result() for _ in range(8)}
print(" ".join(map(str, sorted(pids))), flush=True)
sys.stdin.read()  # wait to be killed
"""


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie whose parent has gone is not running)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_their_server_dies(how: signal.Signals) -> None:
    server = subprocess.Popen(
        [sys.executable, "-c", STARTER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert workers and server.pid not in workers
        assert all(alive(pid) for pid in workers)
        os.kill(server.pid, how)
        server.wait(10)
        deadline = time.monotonic() + 30
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if alive(pid)], "workers outlived their server"
    finally:
        server.kill()
        server.wait(10)
