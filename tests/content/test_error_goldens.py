"""Golden content-error cases: a bad file and the exact report it must give.

Each folder under tests/golden/content/ (but _base) holds files that replace the golden base
game's files, and ``expected.txt``: the report of ``pnp validate`` and its exit code. Run with
``--update-goldens`` to rewrite the expected reports, then review the diff.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.paths import GOLDEN

CASES = sorted(p for p in (GOLDEN / "content").iterdir() if p.is_dir() and p.name != "_base")


def test_there_are_at_least_fifteen_cases() -> None:
    assert len(CASES) >= 15


def test_base_game_is_clean(project, pnp) -> None:  # type: ignore[no-untyped-def]
    project()
    code, out = pnp("validate")
    assert code == 0, out
    assert "golden: 0 errors, 0 warnings" in out


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_content_error(case: Path, project, pnp, golden) -> None:  # type: ignore[no-untyped-def]
    game_dir = project()
    for path in case.rglob("*"):
        if path.is_file() and path.name != "expected.txt":
            target = game_dir / path.relative_to(case)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    code, out = pnp("validate")
    report = f"{out}exit: {code}\n"
    golden(report, case / "expected.txt")
    if not case.name.endswith("_warning"):
        assert code in (1, 2)
