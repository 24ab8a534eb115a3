"""Games as plug-ins: a module that registers component kinds, rule checks and hooks.

A game module creates one :class:`Rules` object named ``rules``::

    from pnpcompiler.content.plugin import Rules
    from pnpcompiler.layout.hooks import BOARD

    rules = Rules()
    rules.kind(AirCargoMap)

    @rules.check
    def airports_match_the_table(game: GameContent) -> Iterator[Finding]:
        ...

    @rules.on(BOARD, AirCargoMap)
    def map_boards(game: GameContent, board: AirCargoMap) -> list[Board]:
        ...

A hook is keyed by the component class it serves (a subclass of a generic kind gets the generic
kind's hook unless it has its own). The layer that calls a kind of hook declares it as a
:class:`Hook` (``layout.hooks`` declares the printing hooks), so this module knows none of their
types. A game made of several modules gives each its own ``Rules`` and joins them with
:meth:`Rules.include`. The core imports the module named by the manifest; it knows nothing
else about the game.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .components import Component
from .game import (
    AT_LEAST_ONE,
    EXACTLY_ONE,
    Check,
    Count,
    Derive,
    Fact,
    GameContent,
    Hook,
    HookFn,
    Output,
)

__all__ = ["AT_LEAST_ONE", "EXACTLY_ONE", "Check", "Count", "Derive", "Fact", "Hook", "Output",
           "PluginError", "References", "Rules", "deferred", "failing_line", "kind_name",
           "load_plugin"]

K = TypeVar("K", bound="type[Component]")
F = TypeVar("F", bound=Check)
C = TypeVar("C", bound=Component)
T = TypeVar("T")
References = Callable[[GameContent], Iterable[str | int]]
"""The values a game's content defines for one kind of reference."""


@dataclass
class Rules:
    """A game's component kinds, rule checks, derived data and hooks."""

    kinds: dict[str, type[Component]] = field(default_factory=dict)
    counts: dict[type[Component], Count] = field(default_factory=dict)
    """How many files of a kind the game must have, for the kinds that say."""
    checks: list[Check] = field(default_factory=list)
    facts: dict[str, Fact[Any]] = field(default_factory=dict)
    derived: dict[str, Derive] = field(default_factory=dict)
    outputs: list[Output] = field(default_factory=list)
    hooks: dict[Hook[Any], dict[type[Component], HookFn]] = field(default_factory=dict)
    """For each kind of hook, the function given for each component class."""
    unprinted: dict[type[Component], str] = field(default_factory=dict)
    """Why a kind is not printed (``pnp build`` says so), for kinds that are data only."""
    records_from: object = None
    """The game's kinds of record (a ``referee.Records``), or the name of the package whose
    ``records`` they are (imported when a record is first refereed)."""
    references: dict[str, References] = field(default_factory=dict)
    """For each kind of reference the game's fields make (``RefersTo("route")``), the values
    its content defines (``pnp schema`` writes them into the schemas as enums)."""
    simulation_from: object = None
    """How bots play the game (a ``referee.Simulation``), or the name of the module whose
    ``simulation`` it is (imported when ``pnp simulate`` first plays the game)."""

    def kind(self, model: K, *, count: Count | None = None) -> K:
        """Register a component kind; its name is the default of its ``kind`` field. With
        ``count``, validation reports a game with too few or too many files of it."""
        name = kind_name(model)
        self.kinds[name] = model
        if count is not None:
            self.counts[model] = count
        return model

    def fact(self, name: str, *, needs: tuple[Check, ...] = (),
             only: dict[Check, frozenset[str]] | None = None
             ) -> Callable[[Callable[[GameContent], T]], Fact[T]]:
        """Declare a fact derived from the content, with the checks it needs (and, for those
        of which only some errors matter, those errors' codes); return it for ``game.fact``."""

        def declare(compute: Callable[[GameContent], T]) -> Fact[T]:
            made = Fact(name, compute, needs, dict(only or {}))
            self.facts[name] = made
            return made

        return declare

    def check(self, func: F) -> F:
        """Register a rule check: a function of the game that yields findings."""
        self.checks.append(func)
        return func

    def derive(self, name: str) -> Callable[[Derive], Derive]:
        """Register data computed from the content, exported under ``derived.<name>``."""

        def register(func: Derive) -> Derive:
            self.derived[name] = func
            return func

        return register

    def output(self, func: Output) -> Output:
        """Register a writer of the game's own outputs (``pnp build`` calls it)."""
        self.outputs.append(func)
        return func

    def on(self, hook: Hook[T], kind: type[C]
           ) -> Callable[[Callable[[GameContent, C], T]], Callable[[GameContent, C], T]]:
        """Register the game's ``hook`` function for components of class ``kind``."""

        def register(func: Callable[[GameContent, C], T]) -> Callable[[GameContent, C], T]:
            table = self.hooks.setdefault(hook, {})
            if kind in table:
                raise ValueError(f"{hook.name} is already given for {kind.__name__}")
            table[kind] = func
            return func

        return register

    def hook(self, hook: Hook[T], component: Component
             ) -> Callable[[GameContent, Any], T] | None:
        """Return the ``hook`` function for a component's class (or its nearest base class that
        has one), None when the game gives none."""
        table = self.hooks.get(hook)
        if table:
            for cls in type(component).__mro__:
                if cls in table:
                    return table[cls]
        return None

    def reference(self, kind: str) -> Callable[[References], References]:
        """Register what the content defines for a kind of reference that fields marked
        ``RefersTo(kind)`` make: a function of the game returning the values."""

        def register(func: References) -> References:
            self.references[kind] = func
            return func

        return register

    def records(self, source: object) -> None:
        """Give the game's kinds of record: a ``referee.Records``, or the name of the package
        whose ``records`` it is, imported when a record is first refereed (never to validate
        or build)."""
        self.records_from = source

    def simulation(self, source: object) -> None:
        """Give how bots play the game: a ``referee.Simulation``, or the name of the module
        whose ``simulation`` it is, imported when ``pnp simulate`` first plays the game."""
        self.simulation_from = source

    def not_printed(self, kind: type[Component], why: str) -> None:
        """Say why a kind is not printed: ``pnp build`` tells it for each such component."""
        self.unprinted[kind] = why

    def why_not_printed(self, component: Component) -> str | None:
        """Return the game's reason a component's class prints nothing, if it gave one."""
        for cls in type(component).__mro__:
            if cls in self.unprinted:
                return self.unprinted[cls]
        return None

    def include(self, *others: Rules) -> Rules:
        """Add other sets of rules (a game module's, or a game's to the core's) to these; a
        hook given twice for one class is an error. Return self."""
        for other in others:
            self.kinds.update(other.kinds)
            self.counts.update(other.counts)
            self.facts.update(other.facts)
            self.checks.extend(c for c in other.checks if c not in self.checks)
            self.derived.update(other.derived)
            self.outputs.extend(other.outputs)
            for hook, table in other.hooks.items():
                mine = self.hooks.setdefault(hook, {})
                for kind, func in table.items():
                    if mine.get(kind, func) is not func:
                        raise ValueError(f"{hook.name} is given twice for {kind.__name__}")
                    mine[kind] = func
            self.unprinted.update(other.unprinted)
            self.records_from = other.records_from or self.records_from
            self.references.update(other.references)
            self.simulation_from = other.simulation_from or self.simulation_from
        return self


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
