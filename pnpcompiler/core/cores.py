"""How many cores this process may run on: what the build, the referee's batches and the
simulator size their second processes and workers by."""

from __future__ import annotations

import os


def usable_cores() -> int:
    """Return the cores this process may run on (its affinity where the system tells it,
    which a container or ``taskset`` may hold below the machine's count)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1
