"""pnp simulate --scheduler on a real Dask cluster on this machine (the ``cluster`` fixture of
tests/app/conftest.py): a scheduler and two workers on 127.0.0.1 give the same bytes as the
local pool, even when a worker is killed in the middle of the run (skipped without the dask
extra)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import CONTENT

pytest.importorskip("distributed")

BIN = Path(sys.executable).parent


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
    for name in ("report.json", "report.md", "report.html"):
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "local" / name
                                                            ).read_bytes()
    assert json.loads((tmp_path / "dask" / "report.json").read_bytes())["games"] == 800


def test_a_dask_cluster_takes_tasks_as_it_needs_them(
        cluster: tuple[str, list[subprocess.Popen[bytes]]]) -> None:
    """As on a local pool, a run on a cluster hands its tasks out a few at a time: a run of
    10**12 games would otherwise hold every task on the client before the first is done."""
    from collections.abc import Iterator
    from itertools import islice

    from pnpcompiler.referee.executor import run_tasks

    address, _ = cluster
    taken = 0

    def tasks() -> Iterator[int]:
        nonlocal taken
        for n in range(10_000):
            taken += 1
            yield -n

    assert list(islice(run_tasks(abs, tasks(), scheduler=address), 5)) == [0, 1, 2, 3, 4]
    assert taken < 100
