"""Referee recorded games: read a record, hand it to its game's referee, report the rulings.

A record is a YAML file whose header names the game (``game: rushing-tin``) and the kind of
record (``record: shift`` for a turn-by-turn log, ``record: sector-log`` for a filled-in
sheet). The game's module registers one function per kind with ``@rules.referee(kind)``; it
replays the record against the same content the kit is built from and returns a
:class:`Report`. Rulings are findings that also carry the rulebook's rule number, the turn and
the piece concerned.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from .findings import (
    Finding,
    Location,
    Severity,
    error,
    exit_code,
    render_text,
    unreadable,
    warning,
)
from .loader import Document, load_file

if TYPE_CHECKING:
    from .model import Model
    from .project import GameContent

M = TypeVar("M", bound="Model")


@dataclass
class Report:
    """What a referee found in a record: rulings, the recomputed scores, the final state."""

    game: str
    record: str
    findings: list[Finding] = field(default_factory=list)
    scores: dict[str, Any] = field(default_factory=dict)
    """Per player: what the referee recomputed (and what the record claimed)."""
    incidents: list[dict[str, Any]] = field(default_factory=list)
    """What happened that the rules penalise but allow (deals, hand-offs), in order."""
    winner: str | None = None
    state: Any = None
    """The game's final state (library callers); not part of the JSON report."""
    snapshots: list[Any] = field(default_factory=list)
    """The state at the end of each turn (board drawings), in turn order."""
    content: GameContent | None = None
    """The content the record was refereed against."""

    @property
    def legal(self) -> bool:
        """Return whether the record has no errors (warnings allowed)."""
        return not any(f.severity is Severity.ERROR for f in self.findings)

    def to_json(self) -> dict[str, Any]:
        """Return the report with the stable keys DESIGN.md promises."""
        return {"game": self.game, "record": self.record, "legal": self.legal,
                "findings": [ruling_json(f) for f in self.findings],
                "scores": self.scores, "incidents": self.incidents, "winner": self.winner}


#: A game's referee for one kind of record: (game content, the record's document) -> report.
RefereeFn = Callable[["GameContent", Document], Report]


def read_record(doc: Document, model: type[M], game: str, record: str
                ) -> tuple[Report, M | None]:
    """Start the report on a record of ``game`` and validate the record against its model.
    A record that does not fit its format cannot be refereed: it comes back None, and its
    schema errors, unreadable (exit code 2), are the report's findings."""
    from .schema import validate_document

    value, found = validate_document(doc, model)
    report = Report(game, record)
    report.findings = [unreadable(f.code, f.message, f.location)
                       if f.severity is Severity.ERROR else f for f in found]
    return report, value


def ruling(code: str, rule: str, message: str, where: Location | None, *,
           turn: int | None = None, piece: int | str | None = None,
           severity: Severity = Severity.ERROR) -> Finding:
    """Build a finding that cites the rulebook: its rule number, the turn and the piece."""
    make = error if severity is Severity.ERROR else warning
    return make(code, message, where, rule=rule, turn=turn, plane=piece)


def ruling_json(finding: Finding) -> dict[str, Any]:
    """Return a ruling as JSON: code, rule, line, turn, plane, severity, message, and where."""
    loc = finding.location
    return {"code": finding.code, "rule": finding.extra.get("rule"),
            "line": loc.line if loc else None, "col": loc.col if loc else None,
            "file": loc.file if loc else None, "path": loc.path if loc else "",
            "turn": finding.extra.get("turn"), "plane": finding.extra.get("plane"),
            "severity": finding.severity.value, "message": finding.message}


def render_ruling(finding: Finding) -> str:
    """Render a ruling like a compiler error, with the rule, turn and plane in front."""
    tags = []
    if finding.extra.get("rule"):
        tags.append(f"rule {finding.extra['rule']}")
    if finding.extra.get("turn") is not None:
        tags.append(f"turn {finding.extra['turn']}")
    if finding.extra.get("plane") is not None:
        tags.append(f"plane {finding.extra['plane']}")
    if not tags:
        return render_text(finding)
    tagged = Finding(finding.severity, finding.code, f"[{', '.join(tags)}] {finding.message}",
                     finding.location, finding.unreadable, finding.extra)
    return render_text(tagged)


def referee_file(path: Path, content_dir: Path, display: str | None = None, *,
                 loaded: dict[str, Any] | None = None) -> Report:
    """Read a record and referee it against the game's content in ``content_dir``.

    ``loaded`` keeps games already loaded from ``content_dir`` by name (many records
    refereed against unchanged content load it once)."""
    from .findings import sort_findings
    from .project import load_game

    doc, found = load_file(path, display or str(path))
    header = doc.data if isinstance(doc.data, dict) else {}
    game_name = header.get("game") if isinstance(header.get("game"), str) else None
    record = header.get("record") if isinstance(header.get("record"), str) else None
    report = Report(game_name or "?", record or "?")
    if found:
        # A record that is not even YAML cannot be refereed: exit code 2, whatever the cause.
        report.findings = [f if f.unreadable else unreadable(f.code, f.message, f.location)
                           for f in found]
        return report
    if not isinstance(doc.data, dict):
        report.findings = [unreadable("record.not-a-mapping", "a record is a mapping with "
                                      "'game', 'record' and its events", doc.locate(()))]
        return report
    if game_name is None or record is None:
        missing = "game" if game_name is None else "record"
        report.findings = [unreadable(f"record.no-{missing}", f"expected '{missing}:' in the "
                                      "record's header (e.g. game: rushing-tin, record: shift)",
                                      doc.locate((missing,) if missing in header else ()))]
        return report
    if not (content_dir / game_name / "game.yaml").is_file():
        report.findings = [unreadable("record.unknown-game", f"no game {game_name!r} in "
                                      f"{content_dir}", doc.locate(("game",)))]
        return report
    if loaded is not None and game_name in loaded:
        game, content_findings = cast("tuple[GameContent | None, list[Finding]]",
                                      loaded[game_name])
    else:
        game, content_findings = load_game(content_dir, game_name)
        if loaded is not None:
            loaded[game_name] = (game, content_findings)
    errors = [f for f in content_findings if f.severity is Severity.ERROR]
    if game is None or errors:
        report.findings = [unreadable("record.content-invalid", f"the content of {game_name!r} "
                                      f"has {len(errors)} error(s); run 'pnp validate "
                                      f"{game_name}' first", doc.locate(("game",)))]
        return report
    referee = game.rules.referees.get(record)
    if referee is None:
        kinds = ", ".join(sorted(game.rules.referees)) or "none"
        report.findings = [unreadable("record.unknown-kind", f"{game_name} has no referee for "
                                      f"record {record!r}; it knows: {kinds}",
                                      doc.locate(("record",)))]
        return report
    report = referee(game, doc)
    report.findings = sort_findings(report.findings)
    report.content = game
    return report


def board_pages(report: Report, which: str) -> list[tuple[int, str]]:
    """Return (turn, SVG text) for one turn's board (``which`` a turn number) or every turn
    (``all``); raise ValueError when the game draws no boards or the turn was not played."""
    from .render.svg import face_svg

    game = report.content
    if game is None or not game.rules.snapshots:
        raise ValueError(f"{report.game} has no board drawing for its records")
    turns = {getattr(s, "turn", i + 1): s for i, s in enumerate(report.snapshots)}
    if which == "all":
        chosen = sorted(turns)
    else:
        try:
            number = int(which)
        except ValueError:
            raise ValueError(f"--board takes a turn number or 'all', not {which!r}") from None
        if number not in turns:
            raise ValueError(f"turn {number} is not in the record (turns: "
                             f"{min(turns, default=0)}-{max(turns, default=0)})")
        chosen = [number]
    draw = game.rules.snapshots[0]
    return [(t, face_svg(draw(game, turns[t]), title=f"{report.game} - turn {t}"))
            for t in chosen]


def map_trace(report: Report) -> str:
    """Return the SVG of the whole replayed game drawn on its map (the route flown, the
    checks and their results); raise ValueError when the game draws none."""
    from .render.svg import face_svg

    game = report.content
    if game is None or not game.rules.traces or report.state is None:
        raise ValueError(f"{report.game} draws no map trace for its records")
    return face_svg(game.rules.traces[0](game, report.state), title=f"{report.game} - trace")


def board_stepper(pages: list[tuple[int, str]], title: str) -> str:
    """Return an HTML page that steps through the boards of every turn (keys or buttons)."""
    from html import escape

    frames = "\n".join(f'<figure data-turn="{t}" hidden><img src="turn-{t:02d}.svg" '
                        f'alt="board at the end of turn {t}"><figcaption>Turn {t}'
                        "</figcaption></figure>" for t, _ in pages)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>body{{font-family:sans-serif;margin:1em}} img{{max-width:100%;height:auto;
border:1px solid #ccc}} nav button{{font-size:1.1em;margin-right:.4em}}</style></head>
<body><h1>{escape(title)}</h1>
<nav><button id="prev">&larr; previous</button><button id="next">next &rarr;</button>
<span id="where"></span> (arrow keys work too)</nav>
{frames}
<script>
const frames=[...document.querySelectorAll('figure')];let i=0;
function show(n){{i=Math.max(0,Math.min(frames.length-1,n));frames.forEach((f,k)=>f.hidden=k!==i);
document.getElementById('where').textContent=' turn '+frames[i].dataset.turn+' of '+frames.length;}}
document.getElementById('prev').onclick=()=>show(i-1);
document.getElementById('next').onclick=()=>show(i+1);
document.addEventListener('keydown',e=>{{if(e.key==='ArrowLeft')show(i-1);
if(e.key==='ArrowRight')show(i+1);}});show(0);
</script></body></html>
"""


def report_exit_code(report: Report) -> int:
    """Return 0 for a legal record, 1 when it has findings, 2 when it cannot be read."""
    return exit_code(report.findings)


def render_report_text(report: Report) -> str:
    """Return the report for people: rulings in record order, then the scoreboard."""
    lines = [render_ruling(f) for f in report.findings]
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


def _shown(value: Any) -> str:
    """Show a score's value briefly: lists joined, mappings as key x count."""
    if value is True:
        return "yes"
    if isinstance(value, dict):
        return " ".join(f"{k} x{v}" if isinstance(v, int) else f"{k} {_shown(v)}"
                        for k, v in value.items())
    if isinstance(value, list | tuple | set):
        return "/".join(str(v) for v in value)
    return str(value)


def render_report_json(report: Report) -> str:
    """Return the report as JSON with stable keys."""
    return json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False)
