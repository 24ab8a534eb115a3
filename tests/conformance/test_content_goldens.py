"""Golden Rushing Tin content errors: one edit to the real content and the exact report.

Each folder under tests/golden/rushing-tin/ holds ``edit.yaml`` (a list of ``file``,
``replace``, ``with``: text edits to a copy of content/rushing-tin/) and ``expected.txt``: the
findings ``pnp validate`` must report beyond the real content's own (its rulebook
contradiction and tight-schedule warnings), and the exit code. Run with ``--update-goldens``
to rewrite them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conformance.content_edits import beyond, edited_copy, pristine_findings
from tests.paths import GOLDEN

CASES = sorted(p for p in (GOLDEN / "rushing-tin").iterdir() if p.is_dir())


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    return pristine_findings(tmp_path_factory.mktemp("pristine"), "rushing-tin")


def test_there_are_rushing_tin_cases() -> None:
    assert len(CASES) >= 8


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_rushing_tin_content_error(case: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   pnp, golden,  # type: ignore[no-untyped-def]
                                   baseline: set[str]) -> None:
    edited_copy(case, tmp_path, "rushing-tin")
    monkeypatch.chdir(tmp_path)
    code, out = pnp("validate", "rushing-tin")
    report = f"{beyond(out, baseline)}exit: {code}\n"
    golden(report, case / "expected.txt")
