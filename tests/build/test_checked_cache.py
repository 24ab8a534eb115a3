"""The content's rule checks, remembered in the cache that ``pnp build`` and ``pnp referee``
share (content/checked.py): content a build checked is not checked again by the referee."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpcompiler.build.options import BuildOptions, Project
from pnpcompiler.build.pipeline import Build
from pnpcompiler.content import checks
from pnpcompiler.core.findings import Finding
from pnpcompiler.referee import referee_file, render_report_json

ROOT = Path(__file__).resolve().parents[2]


def test_the_referee_reads_the_checks_a_build_kept(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "air-cargo", content / "air-cargo")
    record = ROOT / "examples" / "air-cargo" / "gold-wing.yaml"
    fresh = render_report_json(referee_file(record, content))
    out = tmp_path / "out"
    Build(Project(content, (ROOT / "templates",), out), BuildOptions(),
          games=["air-cargo"]).run()

    def not_again(game: object) -> list[Finding]:
        raise AssertionError("the content was checked again")

    monkeypatch.setattr(checks, "run_checks", not_again)
    assert render_report_json(referee_file(record, content, cache=out / ".cache")) == fresh
    (content / "air-cargo" / "game.yaml").write_text(
        (content / "air-cargo" / "game.yaml").read_text() + "\n# edited\n")
    with pytest.raises(AssertionError, match="checked again"):
        referee_file(record, content, cache=out / ".cache")
