"""Rulings: what a referee records about a record, in one place for every game.

A ruling is a finding that cites the rulebook (the rule number, or a section's name for a game
whose rules are not numbered), the turn, and the piece concerned, in the game's own word for
it (a plane, an aircraft, a pilot, a passenger). A claim is something the record states that
the rules leave to the players: accepted, with a warning that says so. An incident is what
the rules penalise but allow (a deal, a hand-off): not a finding, listed in the report.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from ..core.findings import Finding, Location, Severity, error, render_text, warning

JSONValue: TypeAlias = (
    "str | int | float | bool | Sequence[JSONValue] | Mapping[str, JSONValue] | None")
"""A value the JSON report can hold."""

Incident = dict[str, JSONValue]
"""Something that happened that the rules penalise but allow: its turn, kind, rule, details."""

Piece = int | str | None
"""The piece a ruling concerns: a plane's ID, an aircraft's number, a pilot's name."""


class CurrentTurn:
    """The turn a ruling is recorded at when none is given: the rulings' current turn."""


CURRENT = CurrentTurn()


def ruling(code: str, rule: str | None, message: str, where: Location | None, *,
           turn: int | None = None, piece: Piece = None,
           severity: Severity = Severity.ERROR) -> Finding:
    """Build a finding that cites the rulebook: its rule, the turn and the piece."""
    make = error if severity is Severity.ERROR else warning
    return make(code, message, where, rule=rule, turn=turn, piece=piece)


@dataclass(kw_only=True)
class Rulings:
    """The rulings of one record, in the order found, each mistake once.

    A game's replay keeps one (or is one, by subclassing) and records every ruling through
    :meth:`rule`, :meth:`claim` and :meth:`incident`. A game whose rulings follow its turns
    overrides :meth:`current_turn`."""

    findings: list[Finding] = field(default_factory=list)
    incidents: list[Incident] = field(default_factory=list)
    reported: set[Hashable] = field(default_factory=set)
    """Causes already ruled on (see :meth:`once`)."""
    piece_word: str = "piece"
    """The game's word for the piece a ruling concerns (``plane``), the key of incidents."""

    def current_turn(self) -> int | None:
        """Return the turn rulings are recorded at when none is given (None: no turn)."""
        return None

    def rule(self, code: str, rule: str | None, message: str, where: Location | None, *,
             turn: int | CurrentTurn | None = CURRENT, piece: Piece = None,
             warn: bool = False) -> None:
        """Record a ruling: an error, or a warning with ``warn``."""
        at = self.current_turn() if isinstance(turn, CurrentTurn) else turn
        self.findings.append(ruling(code, rule, message, where, turn=at, piece=piece,
                                    severity=Severity.WARNING if warn else Severity.ERROR))

    def claim(self, rule: str, what: str, where: Location | None, *, piece: Piece = None
              ) -> None:
        """Accept a judgement the record states and the rules leave to the players."""
        self.rule("claim.accepted", rule, f"accepted by claim: {what}", where, piece=piece,
                  warn=True)

    def incident(self, kind: str, rule: str | None, *, piece: Piece = None,
                 turn: int | CurrentTurn | None = CURRENT, **detail: JSONValue) -> None:
        """Note something the rules penalise but allow, for the report."""
        entry: Incident = {"turn": self.current_turn() if isinstance(turn, CurrentTurn)
                           else turn, "kind": kind}
        if rule is not None:
            entry["rule"] = rule
        if piece is not None:
            entry[self.piece_word] = piece
        entry.update(detail)
        self.incidents.append(entry)

    def once(self, cause: Hashable) -> bool:
        """Return True the first time a cause is met (and remember it): one mistake that
        would show again every turn gives one finding."""
        if cause in self.reported:
            return False
        self.reported.add(cause)
        return True

    def forget(self, cause: Hashable) -> None:
        """Let a cause be ruled on again (it went away and may come back)."""
        self.reported.discard(cause)


def ruling_json(finding: Finding, piece_word: str | None) -> dict[str, JSONValue]:
    """Return a ruling as JSON: code, rule, line, col, file, path, turn, the piece under the
    game's word for it, severity and message."""
    loc = finding.location
    out: dict[str, JSONValue] = {
        "code": finding.code, "rule": finding.extra.get("rule"),
        "line": loc.line if loc else None, "col": loc.col if loc else None,
        "file": loc.file if loc else None, "path": loc.path if loc else "",
        "turn": finding.extra.get("turn"), "severity": finding.severity.value,
        "message": finding.message}
    if piece_word is not None:
        out[piece_word] = finding.extra.get("piece")
    return out


def render_ruling(finding: Finding, piece_word: str | None) -> str:
    """Render a ruling like a compiler error, with the rule, turn and piece in front."""
    extra: Mapping[str, object] = finding.extra
    tags = []
    if extra.get("rule"):
        tags.append(f"rule {extra['rule']}")
    if extra.get("turn") is not None:
        tags.append(f"turn {extra['turn']}")
    if extra.get("piece") is not None:
        tags.append(f"{piece_word or 'piece'} {extra['piece']}")
    if not tags:
        return render_text(finding)
    tagged = Finding(finding.severity, finding.code, f"[{', '.join(tags)}] {finding.message}",
                     finding.location, finding.unreadable, finding.extra)
    return render_text(tagged)
