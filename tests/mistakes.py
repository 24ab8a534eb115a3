"""One mistake made on a copy of an example record, as a player makes it on paper, and the
findings the referee gives for it: for the tests that each mistake is one finding."""

from __future__ import annotations

from pathlib import Path

from pnpcompiler.referee import AnyReport, referee_file
from tests.paths import CONTENT


def with_edits(example: Path, tmp_path: Path, *edits: tuple[str, str]) -> AnyReport:
    """Referee a copy of ``example`` with each ``(old, new)`` text replaced (each old text
    once in the example)."""
    text = example.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    record = tmp_path / example.name
    record.write_text(text, encoding="utf-8")
    return referee_file(record, CONTENT)


def found(report: AnyReport) -> list[tuple[str, str | None, str | None]]:
    """Return each finding's code, rule and path in the record."""
    return [(f.code, f.extra.get("rule"), f.location.path if f.location else None)
            for f in report.findings]
