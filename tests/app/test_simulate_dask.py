"""pnp simulate --scheduler on a real Dask cluster on this machine: a scheduler and two
workers on 127.0.0.1 give the same bytes as the local pool, even when a worker is killed in
the middle of the run (skipped without the dask extra)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.paths import CONTENT

pytest.importorskip("distributed")

BIN = Path(sys.executable).parent


def _dask(*args: str, log: Path) -> subprocess.Popen[bytes]:
    """Start a dask command, its output in a log file."""
    with log.open("wb") as out:
        return subprocess.Popen([str(BIN / "dask"), *args], stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A Dask scheduler and two single-threaded workers on 127.0.0.1; yield the scheduler's
    address and the workers."""
    info = tmp_path / "scheduler.json"
    started = [_dask("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                     "--scheduler-file", str(info), log=tmp_path / "scheduler.log")]
    try:
        deadline = time.monotonic() + 30
        while not info.is_file() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(info.read_text(encoding="utf-8"))["address"]
        workers = [_dask("worker", address, "--nthreads", "1", "--no-nanny",
                         "--no-dashboard", "--host", "127.0.0.1",
                         log=tmp_path / f"worker-{n}.log") for n in (1, 2)]
        started += workers
        from distributed import Client

        with Client(address, timeout="20s") as client:
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


def test_dask_cluster_gives_the_local_bytes_and_loses_no_game_to_a_killed_worker(
        cluster: tuple[str, list[subprocess.Popen[bytes]]], tmp_path: Path) -> None:
    address, workers = cluster
    pnp = shutil.which("pnp", path=str(BIN))
    assert pnp is not None
    common = ["simulate", "air-cargo", "--games", "800", "--seed", "9", "--content",
              str(CONTENT), "--no-plots"]
    local = subprocess.run([pnp, *common, "-o", "local", "-j", "2"], cwd=tmp_path,
                           capture_output=True, check=True)
    assert local.returncode == 0
    run = subprocess.Popen([pnp, *common, "-o", "dask", "--scheduler", address, "-j", "2"],
                           cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert run.stderr is not None
    first = run.stderr.readline()  # the first task is back: the run is under way
    assert b"games" in first
    os.killpg(workers[0].pid, signal.SIGKILL)
    _, rest = run.communicate(timeout=120)
    assert run.returncode == 0, rest.decode()
    assert b"800/800 games" in rest
    for name in ("report.json", "report.md"):
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "local" / name
                                                            ).read_bytes()
    assert json.loads((tmp_path / "dask" / "report.json").read_bytes())["games"] == 800
