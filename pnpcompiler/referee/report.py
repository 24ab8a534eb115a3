"""The referee's report on one record, and the one error for content that cannot be refereed."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

from ..core.findings import Finding, Severity, exit_code
from .rulings import Incident, JSONValue, render_ruling, ruling_json

if TYPE_CHECKING:
    from ..content.project import GameContent

StateT = TypeVar("StateT")
ScoresT = TypeVar("ScoresT", bound=Mapping[str, JSONValue])

Scores = dict[str, JSONValue]
"""One player's scores as a game reports them: what the referee recomputed and what the
record claimed."""


class RefereeError(Exception):
    """The content cannot referee this record (no such sector, no sound map): the record is
    unreadable against it, at ``key`` of its header."""

    def __init__(self, message: str, *, code: str = "record.content", key: str = "game") -> None:
        super().__init__(message)
        self.code = code
        self.key = key


@dataclass
class Report(Generic[StateT, ScoresT]):
    """What a referee found in a record: rulings, the recomputed scores, the final state."""

    game: str
    record: str
    piece: str | None = None
    """The game's word for the piece a ruling concerns (``plane``): a key of the JSON."""
    findings: list[Finding] = field(default_factory=list)
    scores: dict[str, ScoresT] = field(default_factory=dict)
    """Per player: what the referee recomputed (and what the record claimed)."""
    incidents: list[Incident] = field(default_factory=list)
    """What happened that the rules penalise but allow (deals, hand-offs), in order."""
    winner: str | None = None
    state: StateT | None = None
    """The game's final state (library callers); not part of the JSON report."""
    snapshots: list[StateT] = field(default_factory=list)
    """The state at the end of each turn (board drawings), in turn order."""
    content: GameContent | None = None
    """The content the record was refereed against."""

    @property
    def legal(self) -> bool:
        """Return whether the record has no errors (warnings allowed)."""
        return not any(f.severity is Severity.ERROR for f in self.findings)

    @property
    def exit_code(self) -> int:
        """Return 0 for a legal record, 1 when it has findings, 2 when it cannot be read."""
        return exit_code(self.findings)

    def to_json(self) -> dict[str, JSONValue]:
        """Return the report with the stable keys DESIGN.md promises."""
        scores: dict[str, JSONValue] = {p: dict(s) for p, s in self.scores.items()}
        incidents: list[JSONValue] = list(self.incidents)
        return {"game": self.game, "record": self.record, "legal": self.legal,
                "findings": [ruling_json(f, self.piece) for f in self.findings],
                "scores": scores, "incidents": incidents, "winner": self.winner}


AnyReport = Report[object, Mapping[str, JSONValue]]
"""A report whose game is not known to the caller."""


def report_exit_code(report: AnyReport) -> int:
    """Return 0 for a legal record, 1 when it has findings, 2 when it cannot be read."""
    return report.exit_code


def render_report_text(report: AnyReport) -> str:
    """Return the report for people: rulings in record order, then the scoreboard."""
    lines = [render_ruling(f, report.piece) for f in report.findings]
    if report.scores:
        lines.append("")
        lines.append("Scoreboard")
        for player, score in report.scores.items():
            parts = [f"{k.replace('_', ' ')} {_shown(v)}" for k, v in score.items()
                     if v not in ({}, [], None, False)]
            lines.append(f"  {player}: " + ", ".join(parts))
    if report.winner:
        lines.append(f"Winner: {report.winner}")
    errors = sum(1 for f in report.findings if f.severity is Severity.ERROR)
    warnings = len(report.findings) - errors
    verdict = "legal" if report.legal else "not legal"
    if report.game == "?" or report.record == "?":
        lines.append(f"record not read ({errors} error{'' if errors == 1 else 's'})")
        return "\n".join(lines)
    lines.append(f"{report.game} {report.record}: {verdict} ({errors} error"
                 f"{'' if errors == 1 else 's'}, {warnings} warning{'' if warnings == 1 else 's'})")
    return "\n".join(lines)


def _shown(value: JSONValue) -> str:
    """Show a score's value briefly: lists joined, mappings as key x count."""
    if value is True:
        return "yes"
    if isinstance(value, dict):
        return " ".join(f"{k} x{v}" if isinstance(v, int) else f"{k} {_shown(v)}"
                        for k, v in value.items())
    if isinstance(value, list):
        return "/".join(str(v) for v in value)
    return str(value)


def render_report_json(report: AnyReport) -> str:
    """Return the report as JSON with stable keys."""
    return json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False)
