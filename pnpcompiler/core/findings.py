"""Findings: what validation, checks and referees report, and how they are printed."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from .files import display_path


class Severity(StrEnum):
    """How bad a finding is."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Location:
    """A place in a source file: 1-based line and column, plus the path inside the document.
    In a spreadsheet, ``line`` is the row, ``col`` the character the cell starts at in a CSV
    row (the caret's place) and ``column`` the spreadsheet's name for the column (``C``)."""

    file: str
    line: int | None = None
    col: int | None = None
    path: str = ""
    source_line: str | None = None
    column: str | None = None

    def prefix(self) -> str:
        """Return ``file:line:col`` (``cards.csv:12:C`` in a spreadsheet), or as much of it
        as is known."""
        if self.line is None:
            return self.file
        return f"{self.file}:{self.line}:{self.column or self.col or 1}"


@dataclass(frozen=True)
class Finding:
    """One problem found in content or in a recorded game."""

    severity: Severity
    code: str
    message: str
    location: Location | None = None
    #: Input that could not be read at all (exit code 2 rather than 1).
    unreadable: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def recorded(self) -> bool:
        """Whether the content records this itself and says what it chose (a rulebook
        contradiction with its chosen reading): shown by ``pnp validate``, summed up in one
        line elsewhere, never made an error by ``--strict``."""
        return bool(self.extra.get("recorded"))

    def as_error(self) -> Finding:
        """Return this finding promoted to an error (for ``--strict``)."""
        return Finding(Severity.ERROR, self.code, self.message, self.location, self.unreadable,
                       self.extra)

    def sort_key(self) -> tuple[str, int, int, str]:
        loc = self.location
        if loc is None:
            return ("", 0, 0, self.code)
        return (loc.file, loc.line or 0, loc.col or 0, self.code)

    def to_json(self) -> dict[str, Any]:
        """Return the finding as a JSON-ready dict with stable keys."""
        loc = self.location
        out: dict[str, Any] = {
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "file": loc.file if loc else None,
            "line": loc.line if loc else None,
            "col": loc.col if loc else None,
            "path": loc.path if loc else "",
        }
        if loc is not None and loc.column is not None:
            out["column"] = loc.column
        out.update(self.extra)
        return out


def error(code: str, message: str, location: Location | None = None, **extra: Any) -> Finding:
    """Build an error finding."""
    return Finding(Severity.ERROR, code, message, location, extra=extra)


def warning(code: str, message: str, location: Location | None = None, **extra: Any) -> Finding:
    """Build a warning finding."""
    return Finding(Severity.WARNING, code, message, location, extra=extra)


def unreadable(code: str, message: str, location: Location | None = None) -> Finding:
    """Build an error for input that cannot be read at all (exit code 2)."""
    return Finding(Severity.ERROR, code, message, location, unreadable=True)


def apply_strict(findings: Iterable[Finding], strict: bool) -> list[Finding]:
    """Promote warnings to errors when ``strict`` is set (not those the content records with
    its choice)."""
    return [f.as_error() if strict and f.severity is Severity.WARNING and not f.recorded else f
            for f in findings]


def exit_code(findings: Sequence[Finding]) -> int:
    """Map findings to the documented exit code: 0 clean, 1 errors, 2 unreadable input."""
    if any(f.unreadable for f in findings):
        return 2
    if any(f.severity is Severity.ERROR for f in findings):
        return 1
    return 0


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Order findings by file, line, column and code, so reports are stable."""
    return sorted(findings, key=Finding.sort_key)


_MAX_SHOWN = 120


def render_text(finding: Finding) -> str:
    """Render one finding the way compilers do: location, message, source line and caret."""
    loc = finding.location
    head = f"{finding.severity.value} {finding.code}: "
    path = f"{loc.path}: " if loc and loc.path else ""
    first = f"{loc.prefix()}: {head}{path}{finding.message}" if loc else f"{head}{finding.message}"
    if loc is None or loc.line is None or loc.source_line is None:
        return first
    gutter = str(loc.line)
    src = loc.source_line.rstrip("\r\n")
    # Keep tabs in the caret's indent so the caret lines up under tabbed source.
    col = max(1, loc.col or 1)
    if len(src) > _MAX_SHOWN:
        # Show a window around the column rather than a line too long to read.
        start = max(0, min(col - 1 - _MAX_SHOWN // 2, len(src) - _MAX_SHOWN))
        src = ("…" if start else "") + src[start : start + _MAX_SHOWN] + (
            "…" if start + _MAX_SHOWN < len(src) else "")
        col = col - start + (1 if start else 0)
    indent = "".join(ch if ch == "\t" else " " for ch in src[: col - 1])
    pad = " " * len(gutter)
    return f"{first}\n {gutter} | {src}\n {pad} | {indent}^"


def summary(findings: Sequence[Finding]) -> str:
    """Return e.g. ``2 errors, 1 warning``."""
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = len(findings) - errors

    def plural(n: int, word: str) -> str:
        return f"{n} {word}" + ("" if n == 1 else "s")

    return f"{plural(errors, 'error')}, {plural(warnings, 'warning')}"


def render_json(findings: Sequence[Finding], **fields: Any) -> str:
    """Render findings as a JSON report."""
    body = dict(fields)
    body["findings"] = [f.to_json() for f in findings]
    return json.dumps(body, indent=2, sort_keys=True, ensure_ascii=False)


def source_location(file: Path, line: int) -> Location:
    """Return a location in a Python (or any text) file, with its source line."""
    try:
        lines = file.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        lines = []
    text = lines[line - 1] if 0 < line <= len(lines) else None
    col = len(text) - len(text.lstrip()) + 1 if text else 1
    return Location(display_path(file), line, col, "", text)
