"""Games as plug-ins: a module that registers component kinds and rule checks.

A game module creates one :class:`Rules` object named ``rules``::

    from pnpcompiler.content.plugin import Rules
    rules = Rules()

    @rules.kind
    class HandOffDeck(Deck[HandOffCard]):
        kind: Literal["hand-off-deck"] = "hand-off-deck"

    @rules.check
    def route_codes_match_entry_points(game: GameContent) -> Iterator[Finding]:
        ...

The core imports the module named by the manifest; it knows nothing else about the game.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.findings import Finding

if TYPE_CHECKING:
    from ..layout.model import Face
    from ..layout.printables import Board, Printable
    from .components import Component, Sheet
    from .project import GameContent

Check = Callable[["GameContent"], Iterable[Finding]]
#: Derived data added to the export under ``derived.<name>`` (e.g. each route's fewest turns).
Derive = Callable[["GameContent"], Any]
#: Writes a game's own outputs into its output folder; returns the files written.
Output = Callable[["GameContent", Path], list[Path]]
#: Extra template variables for one item: (game, component, item) -> variables.
Context = Callable[["GameContent", Any, Any], dict[str, Any]]
#: A game kind's items to impose on sheets (cash notes, cube nets): (game, component) -> list.
PrintableFn = Callable[["GameContent", Any], "list[Printable]"]
#: A game kind as a printable form in generic sheet sections: (game, component) -> sheet.
SheetFn = Callable[["GameContent", Any], "Sheet | None"]
#: A game kind's boards at print scale: (game, component) -> boards.
BoardFn = Callable[["GameContent", Any], "list[Board]"]
#: Draws the board at one moment of a replayed game: (game, a report's snapshot) -> face.
SnapshotFn = Callable[["GameContent", Any], "Face"]
K = TypeVar("K", bound="type[Component]")
F = TypeVar("F", bound=Check)


@dataclass
class Rules:
    """A game's component kinds and rule checks."""

    kinds: dict[str, type[Component]] = field(default_factory=dict)
    checks: list[Check] = field(default_factory=list)
    derived: dict[str, Derive] = field(default_factory=dict)
    outputs: list[Output] = field(default_factory=list)
    contexts: dict[str, Context] = field(default_factory=dict)
    printables: dict[str, PrintableFn] = field(default_factory=dict)
    sheets: dict[str, SheetFn] = field(default_factory=dict)
    boards: dict[str, BoardFn] = field(default_factory=dict)
    unprinted: dict[str, str] = field(default_factory=dict)
    """Why a kind is not printed (``pnp build`` says so), for kinds that are data only."""
    records_from: Any = None
    """The game's kinds of record (a ``referee.Records``), or the name of the package whose
    ``records`` they are (imported when a record is first refereed)."""
    snapshots: list[SnapshotFn] = field(default_factory=list)
    traces: list[SnapshotFn] = field(default_factory=list)

    def kind(self, model: K) -> K:
        """Register a component kind; its name is the default of its ``kind`` field."""
        name = kind_name(model)
        self.kinds[name] = model
        return model

    def check(self, func: F) -> F:
        """Register a rule check: a function of the game that yields findings."""
        self.checks.append(func)
        return func

    def derive(self, name: str) -> Callable[[Derive], Derive]:
        """Register data computed from the content, exported under ``derived.<name>``."""
        return _register_in(self.derived, name)

    def output(self, func: Output) -> Output:
        """Register a writer of the game's own outputs (``pnp build`` calls it)."""
        self.outputs.append(func)
        return func

    def template_context(self, kind: str) -> Callable[[Context], Context]:
        """Register extra template variables for the items of one component kind."""
        return _register_in(self.contexts, kind)

    def printable(self, kind: str) -> Callable[[PrintableFn], PrintableFn]:
        """Register how a kind's items are printed (sizes, templates, copies)."""
        return _register_in(self.printables, kind)

    def sheet(self, kind: str) -> Callable[[SheetFn], SheetFn]:
        """Register how a kind is printed as a form made of generic sheet sections."""
        return _register_in(self.sheets, kind)

    def board(self, kind: str) -> Callable[[BoardFn], BoardFn]:
        """Register how a kind is drawn as a board (a face at print scale)."""
        return _register_in(self.boards, kind)

    def records(self, source: Any) -> None:
        """Give the game's kinds of record: a ``referee.Records``, or the name of the package
        whose ``records`` it is, imported when a record is first refereed (never to validate
        or build)."""
        self.records_from = source

    def snapshot(self, func: SnapshotFn) -> SnapshotFn:
        """Register how the board is drawn at one moment of a replayed game."""
        self.snapshots.append(func)
        return func

    def trace(self, func: SnapshotFn) -> SnapshotFn:
        """Register how a whole replayed game is drawn on its map: (game, final state)."""
        self.traces.append(func)
        return func

    def not_printed(self, kind: str, why: str) -> None:
        """Say why a kind is not printed: ``pnp build`` tells it for each such component."""
        self.unprinted[kind] = why

    def merge(self, other: Rules) -> None:
        """Add another set of rules (a game's) to this one (the core's)."""
        self.contexts.update(other.contexts)
        self.records_from = other.records_from or self.records_from
        self.snapshots.extend(other.snapshots)
        self.traces.extend(other.traces)
        self.printables.update(other.printables)
        self.sheets.update(other.sheets)
        self.boards.update(other.boards)
        self.unprinted.update(other.unprinted)
        self.kinds.update(other.kinds)
        self.checks.extend(other.checks)
        self.derived.update(other.derived)
        self.outputs.extend(other.outputs)


R = TypeVar("R", bound=Callable[..., Any])


def deferred(module: str, name: str) -> Callable[..., Any]:
    """Return a function that imports ``module`` on its first call and calls its ``name``.

    A game registers its referee this way, so validating content and building kits never
    load the referee's code (about a fifth of a second of every run).
    """
    target: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not target:
            target.append(getattr(importlib.import_module(module), name))
        return target[0](*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported when first called."
    return call


def _register_in(registry: dict[str, R], key: str) -> Callable[[R], R]:
    """Return a decorator that files a function under ``key`` and returns it unchanged."""

    def register(func: R) -> R:
        registry[key] = func
        return func

    return register


def kind_name(model: type[Component]) -> str:
    """Return the ``kind`` literal a component model accepts."""
    info = model.model_fields["kind"]
    args = typing.get_args(info.annotation)
    if len(args) != 1 or not isinstance(args[0], str):
        raise TypeError(f"{model.__name__}.kind must be a single Literal string")
    return args[0]


class PluginError(Exception):
    """The game's module could not be loaded; ``file`` and ``line`` say where, when known."""

    def __init__(self, message: str, file: Path | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.file = file
        self.line = line


def load_plugin(spec: str, game_dir: Path, slug: str) -> Rules:
    """Import a game module (dotted name or a ``.py`` file in the game folder) and return rules."""
    if spec.endswith(".py"):
        path = (game_dir / spec).resolve()
        if not path.is_relative_to(game_dir.resolve()):
            raise PluginError(f"plugin file {spec!r} is outside the game folder")
        if not path.is_file():
            raise PluginError(f"plugin file {spec!r} does not exist in {game_dir}")
        name = "pnp_game_" + slug.replace("-", "_")
        module_spec = importlib.util.spec_from_file_location(name, path)
        if module_spec is None or module_spec.loader is None:
            raise PluginError(f"cannot load {spec!r}")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        try:
            module_spec.loader.exec_module(module)
        except Exception as exc:
            sys.modules.pop(name, None)
            line = failing_line(exc, path)
            raise PluginError(f"{type(exc).__name__}: {exc}", path if line else None,
                              line) from None
    else:
        try:
            module = importlib.import_module(spec)
        except Exception as exc:
            raise PluginError(f"{type(exc).__name__}: {exc}") from None
    rules: Any = getattr(module, "rules", None)
    if not isinstance(rules, Rules):
        raise PluginError(f"module {spec!r} has no 'rules = Rules()' object")
    return rules


def failing_line(exc: BaseException, path: Path) -> int | None:
    """Return the last line of ``path`` in the exception's traceback, if any."""
    line = None
    tb = exc.__traceback__
    while tb is not None:
        if Path(tb.tb_frame.f_code.co_filename) == path:
            line = tb.tb_lineno
        tb = tb.tb_next
    if line is None and isinstance(exc, SyntaxError) and exc.filename == str(path):
        line = exc.lineno
    return line
