"""The version and short commit shown in every page's footer."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from bridgetable import __version__


@dataclass(frozen=True, slots=True)
class BuildInfo:
    """What build is running: the package version and the short commit hash."""

    version: str
    commit: str


def find_commit(directory: Path | None = None) -> str:
    """The short commit: `BRIDGETABLE_COMMIT`, else `git rev-parse --short HEAD`, else unknown."""
    from_env = os.environ.get("BRIDGETABLE_COMMIT", "").strip()
    if from_env:
        return from_env
    where = directory or Path(__file__).resolve().parent
    try:
        result = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=where,
            capture_output=True,
            text=True,
            timeout=3,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    commit = result.stdout.strip()
    return commit if result.returncode == 0 and commit else "unknown"


def build_info() -> BuildInfo:
    """The running build (call once at start-up: it may run git)."""
    return BuildInfo(version=__version__, commit=find_commit())
