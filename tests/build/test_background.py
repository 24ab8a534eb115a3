"""A kit's SVG faces drawn in a second process: the same files, drawn afresh each build, and
the fallbacks."""

from __future__ import annotations

import os
import shutil
import sqlite3
import time
from pathlib import Path

import pytest

from pnpcompiler.build.background import CAN_FORK, Background
from pnpcompiler.build.outputs import svg as svg_output
from pnpcompiler.render import svg as svg_module
from pnpcompiler.render.svg import faces_svg
from tests.paths import SAMPLER

needs_fork = pytest.mark.skipif(not CAN_FORK, reason="no fork on this platform")


def _build(root: Path, out: str, fork_at: int, monkeypatch: pytest.MonkeyPatch,
           *args: str) -> Path:
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    monkeypatch.setattr(svg_output, "FORK_AT", fork_at)
    result = CliRunner().invoke(app, ["build", "sampler", "--content", str(root / "content"),
                                      "--templates", str(root / "templates"),
                                      "-o", str(root / out), *args])
    assert result.exit_code == 0, result.output
    return root / out / "sampler"


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def game(tmp_path: Path) -> Path:
    shutil.copytree(SAMPLER, tmp_path, dirs_exist_ok=True)
    return tmp_path


@needs_fork
def test_svgs_drawn_in_a_second_process_are_the_same_bytes(
        game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    here = _build(game, "here", 10**9, monkeypatch)
    forked = _build(game, "forked", 1, monkeypatch)
    assert any(rel.startswith("svg/") for rel in _files(here))
    assert _files(here) == _files(forked)


@needs_fork
def test_a_rebuild_draws_its_svgs_again_in_a_second_process(
        game: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """SVGs are not cached (drawing one costs less than reading it back): a rebuild that must
    restage them draws them again, in a second process, to the same bytes."""
    first = _files(_build(game, "out", 1, monkeypatch))
    drawn: list[int] = []

    def counting(faces: list[tuple[object, str | None]], **kwargs: bool) -> list[str]:
        drawn.append(len(faces))  # seen only when drawn in this process
        return faces_svg(faces, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(svg_module, "faces_svg", counting)
    (game / "out" / "sampler" / "svg").rename(tmp_path / "svg-moved")  # force restaging
    assert _files(_build(game, "out", 1, monkeypatch)) == first
    assert drawn == []  # drawn in the second process, not here
    with sqlite3.connect(game / "out" / ".cache" / "sampler" / "pieces.sqlite") as db:
        kinds = {kind for kind, in db.execute("SELECT DISTINCT kind FROM pieces")}
    assert "face" in kinds and "svg" not in kinds


@needs_fork
def test_background_work_runs_in_another_process() -> None:
    assert Background(os.getpid).result() != os.getpid()
    assert Background(os.getpid, fork=False).result() == os.getpid()


@needs_fork
def test_background_work_the_child_cannot_finish_is_made_here() -> None:
    parent = os.getpid()

    def only_here() -> str:
        if os.getpid() != parent:
            raise RuntimeError("fails in the child")
        return "made here"

    assert Background(only_here).result() == "made here"


@needs_fork
def test_cancelled_background_work_leaves_no_child() -> None:
    work = Background(lambda: time.sleep(60))
    pid = work.pid
    start = time.monotonic()
    work.cancel()
    assert time.monotonic() - start < 10
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


PARENT = """
import os, sys, time
from pnpcompiler.build.background import Background
work = Background(lambda: time.sleep(60))
print(work.pid, flush=True)
time.sleep(60)
"""


@needs_fork
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads process states from /proc")
def test_the_child_ends_when_its_build_is_killed() -> None:
    """A build killed with -9 takes its drawing child with it: an orphan would go on writing
    into the dead build's stage, even after the next build has cleared it."""
    import signal
    import subprocess
    import sys

    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    assert _running(child)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 2
    while _running(child) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not _running(child), f"process {child} outlived the build that forked it"


def _running(pid: int) -> bool:
    """Return whether ``pid`` runs (a zombie has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")
