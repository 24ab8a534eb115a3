"""Fixtures of the command tests: a real Dask cluster on this machine, for the commands that
take ``--scheduler`` (``pnp simulate``, ``pnp referee --batch``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
Cluster = tuple[str, list[subprocess.Popen[bytes]]]
"""A scheduler's address and its workers' processes."""


def _dask(*args: str, log: Path) -> subprocess.Popen[bytes]:
    """Start a dask command in the folder of its log, its output in the log."""
    with log.open("wb") as out:
        return subprocess.Popen([str(BIN / "dask"), *args], stdout=out, cwd=log.parent,
                                stderr=subprocess.STDOUT, start_new_session=True)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    """A Dask scheduler and two single-threaded workers on 127.0.0.1, started in their own
    folder (so a worker reading a path relative to the test's folder would not find it);
    yield the scheduler's address and the workers. Skipped without the dask extra."""
    pytest.importorskip("distributed")
    home = tmp_path / "cluster"
    home.mkdir()
    info = home / "scheduler.json"
    started = [_dask("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                     "--scheduler-file", str(info), log=home / "scheduler.log")]
    try:
        deadline = time.monotonic() + 30
        while not info.is_file() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(info.read_text(encoding="utf-8"))["address"]
        workers = [_dask("worker", address, "--nthreads", "1", "--no-nanny",
                         "--no-dashboard", "--host", "127.0.0.1", "--local-directory",
                         str(home / f"worker-{n}"), log=home / f"worker-{n}.log")
                   for n in (1, 2)]
        started += workers
        from distributed import Client

        with Client(address, timeout="20s") as client:  # type: ignore[no-untyped-call]
            client.wait_for_workers(2, timeout=30)
        yield address, workers
    finally:
        for process in started:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in started:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
