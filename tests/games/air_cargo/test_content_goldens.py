"""Golden Air Cargo content errors: one edit to the real content and the exact report.

Each folder under tests/golden/air-cargo/ holds ``edit.yaml`` (a list of ``file``,
``replace``, ``with``: text edits to a copy of content/air-cargo/) and ``expected.txt``: the
findings ``pnp validate`` must report beyond the real content's own (its two rulebook
contradictions), and the exit code. Run with ``--update-goldens`` to rewrite them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conformance.content_edits import beyond, edited_copy, pristine_findings
from tests.paths import GOLDEN

CASES = sorted(p for p in (GOLDEN / "air-cargo").iterdir() if p.is_dir())


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    return pristine_findings(tmp_path_factory.mktemp("pristine"), "air-cargo")


def test_there_are_air_cargo_cases() -> None:
    assert len(CASES) >= 12


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_air_cargo_content_error(case: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 pnp, golden,  # type: ignore[no-untyped-def]
                                 baseline: set[str]) -> None:
    edited_copy(case, tmp_path, "air-cargo")
    monkeypatch.chdir(tmp_path)
    code, out = pnp("validate", "air-cargo")
    report = f"{beyond(out, baseline)}exit: {code}\n"
    golden(report, case / "expected.txt")
