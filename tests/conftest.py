"""Fixtures for every test: its own working folder, throw-away projects, the pnp command, the
``--update-goldens`` switch, the fuzz profile."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase
from typer.testing import CliRunner

from pnpcompiler.app.cli import app
from tests.paths import CONTENT, CONTENT_BASE, REPO, SAMPLER, TEMPLATES

# The fuzz targets (tests/fuzz_cases.py): PNP_FUZZ_EXAMPLES cases each under ``make fuzz``.
# A failure prints the blob that replays it (@reproduce_failure), and failing cases are kept
# in .hypothesis/ and tried first on the next run.
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES") or 100),
    deadline=None,
    derandomize=False,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                           HealthCheck.data_too_large],
    database=DirectoryBasedExampleDatabase(
        str(REPO / ".hypothesis" / "examples")),
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true",
                     help="Rewrite expected outputs of golden cases from the current behaviour.")


@pytest.fixture(autouse=True)
def own_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run every test in its own empty folder: what a command writes relative to where it
    runs (the referee's ``out/.cache``, a trace) stays out of the checkout, which tests
    running at the same time in other processes read."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def update_goldens(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-goldens"))


@pytest.fixture
def golden(update_goldens: bool) -> Callable[[str, Path], None]:
    """Compare a report with its golden file (rewrite it under ``--update-goldens``)."""

    def check(actual: str, expected: Path) -> None:
        if update_goldens:
            expected.parent.mkdir(parents=True, exist_ok=True)
            expected.write_text(actual, encoding="utf-8")
        assert expected.exists(), f"no {expected}; run with --update-goldens"
        assert actual == expected.read_text(encoding="utf-8")

    return check


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """Make a project in tmp_path (cwd) whose content holds a copy of the golden base game."""

    def make(files: dict[str, str | bytes] | None = None, *, game: str = "golden",
             base: bool = True) -> Path:
        game_dir = tmp_path / "content" / game
        if base:
            shutil.copytree(CONTENT_BASE, game_dir, dirs_exist_ok=True)
        for rel, text in (files or {}).items():
            path = game_dir / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(text, bytes):
                path.write_bytes(text)
            else:
                path.write_text(text, encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        return game_dir

    return make


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """Copy files from ``base`` to the same places under tmp_path and work there (cwd): a
    command's ``out/.cache`` then lands in the test's own folder, not in the checkout that
    tests running beside it read."""

    def copy(base: Path, *names: str) -> Path:
        for name in names:
            target = tmp_path / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(base / name, target)
        monkeypatch.chdir(tmp_path)
        return tmp_path

    return copy


@pytest.fixture
def pnp() -> Callable[..., tuple[int, str]]:
    """Run the pnp CLI in-process; return (exit code, output)."""
    runner = CliRunner()

    def run(*args: str) -> tuple[int, str]:
        result = runner.invoke(app, list(args))
        if result.exception and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result.exit_code, result.output

    return run


@pytest.fixture(scope="session")
def kits(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], tuple[Path, Path]]:
    """Return the folders of a game's kit built twice from the repository's content, each
    build afresh into its own output. They are built once a run: the first test to ask
    builds them, under a lock in the folder the workers of ``-n auto`` share, and every other
    test, on any worker, reads them."""
    from filelock import FileLock

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base

    def of(game: str) -> tuple[Path, Path]:
        root = shared / f"kits-{game}"
        with FileLock(f"{root}.lock"):
            if not (root / "built").is_file():
                shutil.rmtree(root, ignore_errors=True)
                shutil.copytree(CONTENT / game, root / "content" / game)
                shutil.copytree(TEMPLATES, root / "templates")
                for out in ("first", "second"):
                    result = CliRunner().invoke(app, [
                        "build", game, "--content", str(root / "content"), "--templates",
                        str(root / "templates"), "-o", str(root / out), "-q"])
                    assert result.exit_code == 0, result.output
                (root / "built").touch()
        return root / "first" / game, root / "second" / game

    return of


DUPLEX_MODES = ("long", "short", "fold")


@pytest.fixture(scope="session")
def duplex_kits(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str], Path]:
    """Return the folder of a game's kit built on A4 and Letter with ``--duplex MODE``
    (``long``, ``short`` or ``fold``), without SVGs. The games are the repository's, the
    sampler and the game ``pnp new`` makes (``my-game``). Each is built once a run, by the
    first test to ask, under a lock the workers of ``-n auto`` share."""
    from filelock import FileLock

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base

    def of(mode: str, game: str) -> Path:
        root = shared / f"duplex-{game}"
        with FileLock(f"{root}.lock"):
            if not (root / "built").is_file():
                shutil.rmtree(root, ignore_errors=True)
                _project_of(game, root)
                for duplex in DUPLEX_MODES:
                    result = CliRunner().invoke(app, [
                        "build", game, "--content", str(root / "content"), "--templates",
                        str(root / "templates"), "-o", str(root / duplex), "--paper", "a4",
                        "--paper", "letter", "--no-svg", "--quiet", "--duplex", duplex])
                    assert result.exit_code == 0, result.output
                (root / "built").touch()
        return root / mode / game

    return of


def _project_of(game: str, root: Path) -> None:
    """Lay out a project folder at ``root`` holding ``game`` and its templates."""
    if game == "my-game":
        root.mkdir(parents=True)
        here = Path.cwd()
        os.chdir(root)
        try:
            made = CliRunner().invoke(app, ["new", "my-game", "--title", "My Game"])
            assert made.exit_code == 0, made.output
        finally:
            os.chdir(here)
        return
    source = (SAMPLER / "content", SAMPLER / "templates") if game == "sampler" else \
        (CONTENT, TEMPLATES)
    shutil.copytree(source[0] / game, root / "content" / game)
    shutil.copytree(source[1], root / "templates")
