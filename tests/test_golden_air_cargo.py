"""Golden Air Cargo content errors: one edit to the real content and the exact report.

Each folder under tests/golden/air-cargo/ holds ``edit.yaml`` (a list of ``file``,
``replace``, ``with``: text edits to a copy of content/air-cargo/) and ``expected.txt``: the
findings ``pnp validate`` must report beyond the real content's own (its two rulebook
contradictions), and the exit code. Run with ``--update-goldens`` to rewrite them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from .conftest import GOLDEN

CONTENT = Path(__file__).resolve().parent.parent / "content" / "air-cargo"
CASES = sorted(p for p in (GOLDEN / "air-cargo").iterdir() if p.is_dir())


def _edited_copy(case: Path, root: Path) -> Path:
    game = root / "content" / "air-cargo"
    shutil.copytree(CONTENT, game)
    for edit in yaml.safe_load((case / "edit.yaml").read_text(encoding="utf-8")):
        path = game / edit["file"]
        text = path.read_text(encoding="utf-8")
        assert text.count(edit["replace"]) == 1, (
            f"{case.name}: {edit['replace']!r} must occur once in {edit['file']}")
        path.write_text(text.replace(edit["replace"], edit["with"]), encoding="utf-8")
    return game


def _headers(out: str) -> list[str]:
    return [line for line in out.splitlines() if ": warning " in line or ": error " in line]


def _report(out: str, baseline: set[str]) -> str:
    """Drop the findings the unedited content reports too (each is three lines)."""
    kept: list[str] = []
    skip = 0
    for line in out.splitlines():
        if skip:
            skip -= 1
            continue
        if line in baseline:
            skip = 2
            continue
        kept.append(line)
    return "\n".join(kept) + "\n"


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    from typer.testing import CliRunner

    from pnpcompiler.cli import app

    root = tmp_path_factory.mktemp("pristine")
    shutil.copytree(CONTENT, root / "content" / "air-cargo")
    result = CliRunner().invoke(app, ["validate", "air-cargo", "--content",
                                      str(root / "content")])
    assert result.exit_code == 0, result.output
    return {line.replace(str(root) + "/", "") for line in _headers(result.output)}


def test_there_are_air_cargo_cases() -> None:
    assert len(CASES) >= 12


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_air_cargo_content_error(case: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 pnp, golden,  # type: ignore[no-untyped-def]
                                 baseline: set[str]) -> None:
    _edited_copy(case, tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out = pnp("validate", "air-cargo")
    report = f"{_report(out, baseline)}exit: {code}\n"
    golden(report, case / "expected.txt")
