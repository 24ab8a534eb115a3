"""A game's loaded content (:class:`GameContent`) and the types its plug-in speaks in: checks,
derived data, outputs, hooks, facts and file counts.

The plug-in's registry (``content.plugin.Rules``) fills a :class:`GameRules`; the loader
(``content.project``) makes the :class:`GameContent`. Both import this module and it imports
neither, so the types a game's functions take have one home below both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from ..core.findings import Finding, Severity
from ..core.loader import Document
from .components import Component
from .manifest import BomEntry, Manifest

C = TypeVar("C", bound=Component)
Check = Callable[["GameContent"], Iterable[Finding]]
#: Derived data added to the export under ``derived.<name>`` (e.g. each route's fewest turns).
Derive = Callable[["GameContent"], Any]
#: Writes a game's own outputs into its output folder; returns the files written.
Output = Callable[["GameContent", Path], list[Path]]
T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class Hook(Generic[T]):
    """A kind of function a game gives for a class of component, ``(game, component) -> T``.

    Declared once by the layer that calls it (``BOARD: Hook[list[Board]] = Hook("board", ...)``)
    and registered by games with ``@rules.on(BOARD, TheirMap)``.
    """

    name: str
    doc: str


HookFn = Callable[["GameContent", Any], Any]


@dataclass(frozen=True, eq=False)
class Fact(Generic[T]):
    """Something derived from the content (a map's legal legs, each sector's geometry) that
    checks, exports, boards and the referee share: computed once per load, and only when the
    checks it needs found no error (``game.fact(f)`` is None otherwise)."""

    name: str
    compute: Callable[[GameContent], T]
    needs: tuple[Check, ...] = ()
    """The checks whose errors make the fact meaningless."""
    only: dict[Check, frozenset[str]] = field(default_factory=dict)
    """For some needed checks, the only error codes that do."""


@dataclass(frozen=True)
class Count:
    """How many files of a kind a game must have: ``Count(1, 1)`` exactly one, ``Count(1)``
    at least one."""

    least: int = 0
    most: int | None = None

    def allows(self, found: int) -> bool:
        """Return whether ``found`` files are allowed."""
        return self.least <= found and (self.most is None or found <= self.most)

    def __str__(self) -> str:
        if self.most == self.least:
            return "exactly one" if self.least == 1 else f"exactly {self.least}"
        if self.most is None:
            return "at least one" if self.least == 1 else f"at least {self.least}"
        return f"{self.least} to {self.most}"


EXACTLY_ONE = Count(1, 1)
AT_LEAST_ONE = Count(1)


class GameRules(Protocol):
    """What the core reads from a game's rules (``content.plugin.Rules`` is the one kind)."""

    @property
    def counts(self) -> dict[type[Component], Count]: ...

    @property
    def checks(self) -> list[Check]: ...

    @property
    def derived(self) -> dict[str, Derive]: ...

    @property
    def outputs(self) -> list[Output]: ...

    @property
    def records_from(self) -> object: ...

    @property
    def kinds(self) -> dict[str, type[Component]]: ...

    @property
    def references(self) -> dict[str, Callable[[GameContent], Iterable[str | int]]]: ...

    @property
    def simulation_from(self) -> object: ...

    def hook(self, hook: Hook[T], component: Component
             ) -> Callable[[GameContent, Any], T] | None: ...

    def why_not_printed(self, component: Component) -> str | None: ...


#: Stands in ``failed_kinds`` for a file too broken to tell its kind.
UNKNOWN_KIND = "?"


@dataclass
class GameContent:
    """A game's validated content: its manifest, its component files and its rules."""

    slug: str
    root: Path
    manifest: Manifest
    rules: GameRules
    #: Validated component files, by path relative to the game folder (``cards/x.yaml``).
    components: dict[str, Component] = field(default_factory=dict)
    documents: dict[str, Document] = field(default_factory=dict)
    #: Kinds named by component files that did not validate (their errors are reported).
    failed_kinds: set[str] = field(default_factory=set)
    _memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def memo(self, key: Any, compute: Callable[[], T]) -> T:
        """Return a value derived from the content, computed once per load (a game's map
        geometry, its route times), however many checks and exports ask for it."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]  # type: ignore[no-any-return]

    def fact(self, fact: Fact[T]) -> T | None:
        """Return a fact derived from the content, computed once per load; None when a check
        it needs found an error (the fact would mislead)."""

        def compute() -> T | None:
            for check in fact.needs:
                codes = fact.only.get(check)
                for f in self.findings_of(check):
                    if f.severity is Severity.ERROR and (codes is None or f.code in codes):
                        return None
            return fact.compute(self)

        return self.memo(("fact", fact), compute)

    def findings_of(self, check: Callable[[GameContent], Iterable[Finding]]) -> list[Finding]:
        """Return a check's findings, running it once: a check may build on another's."""
        return self.memo(("check", check), lambda: list(check(self)))

    def complete(self, *models: type[Component]) -> bool:
        """Return whether every file of these models' kinds validated.

        Cross-reference checks skip a side whose files failed, so one schema error does not
        cascade into a finding for every item that refers to the broken file.
        """
        kinds = set()
        for model in models:
            kind = model.model_fields["kind"].default
            if isinstance(kind, str):
                kinds.add(kind)
        return not (kinds & self.failed_kinds) and UNKNOWN_KIND not in self.failed_kinds

    def bom(self) -> dict[str, BomEntry]:
        """Return the bill of materials by entry id."""
        return {entry.id: entry for entry in self.manifest.bill_of_materials}

    def stated_count(self, entry: BomEntry) -> int:
        """Return how many of an entry the game has: the count the bill of materials states,
        or, for a designer's entry that leaves it out, the content's."""
        if entry.count is not None:
            return entry.count
        return self.counts().get(entry.id, 0)

    def of_type(self, model: type[C]) -> list[C]:
        """Return the component files that are instances of ``model``."""
        return [c for c in self.components.values() if isinstance(c, model)]

    def counts(self) -> dict[str, int]:
        """Return how many pieces the content provides per bill-of-materials entry."""
        totals: dict[str, int] = {}
        for component in self.components.values():
            for key, n in component.counts().items():
                totals[key] = totals.get(key, 0) + n
        return totals
