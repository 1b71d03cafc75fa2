"""Typed settings, from command-line options and `BRIDGETABLE_*` environment variables."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def _env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    return float(value) if value else default


@dataclass(frozen=True)
class Settings:
    """Everything the server needs to know; passed in, never imported as a global."""

    host: str = "127.0.0.1"
    port: int = 8000
    data_dir: Path = Path("data")
    database_url: str | None = None
    redis_url: str | None = None
    allowed_origins: tuple[str, ...] = ()
    """Extra origins allowed to open WebSockets; the site's own host is always allowed."""
    max_message_bytes: int = 4096
    rate_per_second: float = 20.0
    """Sustained client messages per second per connection (bursts up to `rate_burst`)."""
    rate_burst: int = 40
    idle_seconds: float = 600.0
    """A table with no connection for this long leaves memory (it stays in the log)."""
    quiet_seconds: float = 5.0
    """Where other processes write a table: how long it may go without news, with
    people at it, before this process reads its log (a fan-out message may be lost)."""
    send_queue: int = 256
    """Messages waiting for a slow client before it is cut off."""
    robot_delay: float = 0.8
    """Seconds a robot waits before acting, so people can follow."""
    robot_budget: float = 0.25
    """Seconds a robot may think about one decision."""
    robot_workers: int = 1
    """Processes that run robots' decisions."""
    cookie_secure: bool = False

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Settings from the environment, with explicit overrides (None means unset)."""
        values: dict[str, object] = {
            "host": os.environ.get("BRIDGETABLE_HOST", "127.0.0.1"),
            "port": _env_int("BRIDGETABLE_PORT", 8000),
            "data_dir": Path(os.environ.get("BRIDGETABLE_DATA_DIR", "data")),
            "database_url": os.environ.get("BRIDGETABLE_DATABASE_URL") or None,
            "redis_url": os.environ.get("BRIDGETABLE_REDIS_URL") or None,
            "allowed_origins": tuple(
                o for o in os.environ.get("BRIDGETABLE_ALLOWED_ORIGINS", "").split(",") if o
            ),
            "rate_per_second": _env_float("BRIDGETABLE_RATE_PER_SECOND", 20.0),
            "rate_burst": _env_int("BRIDGETABLE_RATE_BURST", 40),
            "idle_seconds": _env_float("BRIDGETABLE_IDLE_SECONDS", 600.0),
            "quiet_seconds": _env_float("BRIDGETABLE_QUIET_SECONDS", 5.0),
            "robot_delay": _env_float("BRIDGETABLE_ROBOT_DELAY", 0.8),
            "robot_budget": _env_float("BRIDGETABLE_ROBOT_BUDGET", 0.25),
            "robot_workers": _env_int("BRIDGETABLE_ROBOT_WORKERS", 1),
        }
        values.update({key: value for key, value in overrides.items() if value is not None})
        if "data_dir" in values:
            values["data_dir"] = Path(str(values["data_dir"]))
        return cls(**values)  # type: ignore[arg-type]
