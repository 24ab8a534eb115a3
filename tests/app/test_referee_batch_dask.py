"""pnp referee --batch --scheduler on a real Dask cluster on this machine (the ``cluster``
fixture of tests/app/conftest.py): the same lines and summary, byte for byte, as the local
pool, for records named relative to a folder the workers do not run in (skipped without the
dask extra)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import CONTENT, EXAMPLES

pytest.importorskip("distributed")

BIN = Path(sys.executable).parent


def test_batch_on_a_dask_cluster_gives_the_bytes_of_the_local_pool(
        cluster: tuple[str, list[subprocess.Popen[bytes]]], tmp_path: Path) -> None:
    address, _ = cluster
    pnp = shutil.which("pnp", path=str(BIN))
    assert pnp is not None
    here = tmp_path / "here"
    logs = here / "logs"
    here.mkdir()
    subprocess.run([pnp, "simulate", "air-cargo", "--games", "60", "--seed", "5", "--content",
                    str(CONTENT), "--no-plots", "-o", "report", "--records", "logs/simulated",
                    "-j", "1"], cwd=here, capture_output=True, check=True)
    for path in sorted(EXAMPLES.glob("*/*.yaml")):
        shutil.copyfile(path, logs / f"{path.parent.name}-{path.name}")
    (logs / "broken.yaml").write_text("game: [air-cargo\n", encoding="utf-8")
    records = len(list(logs.rglob("*.yaml")))
    assert records > 60  # more records than one task holds (25), from several games

    batch = [pnp, "referee", "--batch", "logs", "--content", str(CONTENT), "--format", "json"]
    local = subprocess.run([*batch, "-j", "2"], cwd=here, capture_output=True)
    dask = subprocess.run([*batch, "--scheduler", address], cwd=here, capture_output=True,
                          timeout=300)
    assert local.returncode == dask.returncode == 1, dask.stderr.decode()  # broken.yaml
    assert dask.stdout == local.stdout
    assert len(dask.stdout.splitlines()) == records
    assert b'"file": "logs/simulated/air-cargo-00.yaml"' in dask.stdout
    summary = [line for line in dask.stderr.decode().splitlines() if "records:" in line]
    assert summary == [f"{records} records: {records - 1} legal, 0 illegal, 1 unreadable"]
    assert summary[0] in local.stderr.decode()


def test_scheduler_nobody_answers_at_is_a_usage_error(tmp_path: Path) -> None:
    pnp = shutil.which("pnp", path=str(BIN))
    assert pnp is not None
    shutil.copyfile(EXAMPLES / "air-cargo" / "stop.yaml", tmp_path / "stop.yaml")
    done = subprocess.run([pnp, "referee", "--batch", "stop.yaml", "--content", str(CONTENT),
                           "--scheduler", "tcp://127.0.0.1:9"], cwd=tmp_path,
                          capture_output=True, timeout=120)
    assert done.returncode == 2
    assert b"no Dask scheduler answers at tcp://127.0.0.1:9" in done.stderr


def test_scheduler_without_batch_is_a_usage_error(tmp_path: Path) -> None:
    pnp = shutil.which("pnp", path=str(BIN))
    assert pnp is not None
    done = subprocess.run([pnp, "referee", str(EXAMPLES / "air-cargo" / "stop.yaml"),
                           "--content", str(CONTENT), "--scheduler", "tcp://127.0.0.1:9"],
                          cwd=tmp_path, capture_output=True, timeout=120)
    assert done.returncode == 2
    assert b"--scheduler is for --batch" in done.stderr
