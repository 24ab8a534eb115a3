"""Which records a game's referee reads, and how a record file is refereed.

A game declares each kind of record it reads with one decorator on the function that referees
it, in its referee package (imported only when a record is refereed)::

    records = Records()

    @records.kind("shift", ShiftLog, piece="plane")
    def referee_shift(game: GameContent, log: ShiftLog, report: ShiftReport) -> None:
        ...

and names that package in its plug-in (``rules.records(f"{__name__}.referee")``), or, in a
small game's ``rules.py``, gives the registry itself (``rules.records(records)``). The core
reads the file, checks the header, loads the content once, validates the record against the
kind's model (a record that does not fit it is unreadable: exit code 2) and hands the model
to the function, which fills the report. A :class:`~.report.RefereeError` raised there means
the content cannot referee the record.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..core.findings import Finding, Severity, sort_findings, unreadable
from ..core.loader import Document, load_file
from .report import AnyReport, RefereeError, Report

if TYPE_CHECKING:
    from ..content.project import GameContent
    from ..core.model import Model
    from ..layout.model import Face

R = TypeVar("R", bound="Model")

RefereeFn = Callable[["GameContent", R, Any], None]
"""Referees one validated record into the report it is given."""
Drawing = Callable[["GameContent", Any], "Face"]
"""Draws a moment (or the end) of a replayed game as a face."""


@dataclass(frozen=True)
class RecordKind(Generic[R]):
    """One kind of record a game reads: its name in the header, its model, its referee."""

    name: str
    model: type[R]
    referee: RefereeFn[R]
    piece: str | None
    """The game's word for the piece a ruling concerns, if its rulings name one."""

    def referee_document(self, game: GameContent, doc: Document) -> AnyReport:
        """Validate a record's document against the model and referee it."""
        from ..core.validate import validate_document

        value, found = validate_document(doc, self.model)
        report: AnyReport = Report(game.slug, self.name, self.piece)
        # A record that does not fit its format cannot be refereed (exit code 2).
        report.findings = [unreadable(f.code, f.message, f.location)
                           if f.severity is Severity.ERROR else f for f in found]
        if value is None:
            return report
        try:
            self.referee(game, value, report)
        except RefereeError as exc:
            report.findings = [unreadable(exc.code, str(exc), doc.locate((exc.key,)))]
        return report


@dataclass
class Records:
    """A game's kinds of record, by the name a record's header gives (``record: shift``)."""

    kinds: dict[str, RecordKind[Any]] = field(default_factory=dict)
    snapshot: Drawing | None = None
    """Draws the board at one moment of a replayed game: (game, a report's snapshot)."""
    trace: Drawing | None = None
    """Draws a whole replayed game on its map: (game, the final state)."""

    def include(self, *others: Records) -> Records:
        """Add the kinds of record (and drawings) of other registries to this one; return it."""
        for other in others:
            self.kinds.update(other.kinds)
            self.snapshot = other.snapshot or self.snapshot
            self.trace = other.trace or self.trace
        return self

    def draws_snapshots(self, func: Drawing) -> Drawing:
        """Register how the board is drawn at one moment of a replayed game."""
        self.snapshot = func
        return func

    def draws_traces(self, func: Drawing) -> Drawing:
        """Register how a whole replayed game is drawn on its map."""
        self.trace = func
        return func

    def kind(self, name: str, model: type[R], *, piece: str | None = None
             ) -> Callable[[RefereeFn[R]], RefereeFn[R]]:
        """Register the function that referees records of kind ``name``, read as ``model``."""

        def register(func: RefereeFn[R]) -> RefereeFn[R]:
            self.kinds[name] = RecordKind(name, model, func, piece)
            return func

        return register


def records_of(game: GameContent) -> Records:
    """Return the kinds of record a game reads (importing its referee package on first use)."""
    source = game.rules.records_from
    if isinstance(source, str):
        source = getattr(importlib.import_module(source), "records", None)
    if source is None:
        return Records()
    if not isinstance(source, Records):
        raise TypeError(f"{game.slug}'s kinds of record are not a referee.Records")
    return source


def record_models(game: GameContent) -> dict[str, type[Model]]:
    """Return the model of each kind of record a game reads, by name (for its schemas)."""
    return {name: kind.model for name, kind in records_of(game).kinds.items()}


def _header(doc: Document) -> tuple[str | None, str | None]:
    header = doc.data if isinstance(doc.data, dict) else {}
    game = header.get("game") if isinstance(header.get("game"), str) else None
    record = header.get("record") if isinstance(header.get("record"), str) else None
    return game, record


Loaded = dict[str, tuple["GameContent | None", list[Finding]]]
"""Games already loaded from one content folder, by name, with their findings."""


def referee_file(path: Path, content_dir: Path, display: str | None = None, *,
                 loaded: Loaded | None = None, cache: Path | None = None) -> AnyReport:
    """Read a record and referee it against the game's content in ``content_dir``.

    ``loaded`` keeps games already loaded from ``content_dir`` by name (many records
    refereed against unchanged content load it once). With ``cache`` (a build cache folder,
    ``out/.cache``), the content's rule checks are remembered there: unchanged content is
    loaded but not checked again."""

    # A legal record never asks where anything is: its marks are worked out if a finding does.
    doc, found = load_file(path, display or str(path), marks_later=True)
    game_name, record = _header(doc)
    report: AnyReport = Report(game_name or "?", record or "?")
    if found:
        # A record that is not even YAML cannot be refereed: exit code 2, whatever the cause.
        report.findings = [f if f.unreadable else unreadable(f.code, f.message, f.location)
                           for f in found]
        return report
    problem = _header_problem(doc, game_name, record, content_dir)
    if problem is not None or game_name is None:
        report.findings = [problem] if problem else []
        return report
    if loaded is not None and game_name in loaded:
        game, content_findings = loaded[game_name]
    else:
        game, content_findings = load_content(content_dir, game_name, cache)
        if loaded is not None:
            loaded[game_name] = (game, content_findings)
    errors = [f for f in content_findings if f.severity is Severity.ERROR]
    if game is None or errors:
        report.findings = [unreadable("record.content-invalid", f"the content of {game_name!r} "
                                      f"has {len(errors)} error(s); run 'pnp validate "
                                      f"{game_name}' first", doc.locate(("game",)))]
        return report
    try:
        kinds = records_of(game).kinds
    except (ImportError, TypeError) as exc:
        report.findings = [unreadable("record.no-referee", f"{game_name}'s referee cannot be "
                                      f"loaded: {exc}", doc.locate(("game",)))]
        return report
    kind = kinds.get(record or "")
    if kind is None:
        known = ", ".join(sorted(kinds)) or "none"
        report.findings = [unreadable("record.unknown-kind", f"{game_name} has no referee for "
                                      f"record {record!r}; it knows: {known}",
                                      doc.locate(("record",)))]
        return report
    report = kind.referee_document(game, doc)
    report.findings = sort_findings(report.findings)
    report.content = game
    return report


def load_content(content_dir: Path, slug: str, cache: Path | None
                 ) -> tuple[GameContent | None, list[Finding]]:
    """Load and check a game, with its checks' findings from the cache when it has them."""
    from ..content.checked import load_checked
    from ..core.store import Cache

    with Cache(None if cache is None else cache / slug) as store:
        return load_checked(content_dir, slug, store)


def _header_problem(doc: Document, game: str | None, record: str | None, content_dir: Path
                    ) -> Finding | None:
    """Return why a record's header cannot be refereed, or None when it can."""
    if not isinstance(doc.data, dict):
        return unreadable("record.not-a-mapping", "a record is a mapping with 'game', 'record' "
                          "and its events", doc.locate(()))
    if game is None or record is None:
        missing = "game" if game is None else "record"
        return unreadable(f"record.no-{missing}", f"expected '{missing}:' in the record's header "
                          "(e.g. game: rushing-tin, record: shift)",
                          doc.locate((missing,) if missing in doc.data else ()))
    if not (content_dir / game / "game.yaml").is_file():
        from ..content.project import no_such_game

        return unreadable("record.unknown-game", no_such_game(content_dir, str(game)),
                          doc.locate(("game",)))
    return None
