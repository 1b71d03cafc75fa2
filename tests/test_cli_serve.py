"""`bridgetable serve` says where it listens once it has started."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx

from bridgetable.serve import listening_address


def test_serve_prints_the_address_it_listens_on(tmp_path: Path) -> None:
    """Printed once the socket is bound, with the port it got (`--port 0`: a free one)."""
    env = {**os.environ, "BRIDGETABLE_DATA_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "bridgetable.cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, env=env, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        address = line.split(" on ")[1].split()[0]
        assert address.startswith("http://127.0.0.1:") and not address.endswith(":0/"), line
        assert httpx.get(address, timeout=10).status_code == 200
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_ipv6_hosts_are_written_in_brackets() -> None:
    assert listening_address("::1", 8000) == "http://[::1]:8000/"
    assert listening_address("0.0.0.0", 80) == "http://0.0.0.0:80/"
