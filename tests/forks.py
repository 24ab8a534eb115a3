"""What an engine's fork must be, for the games' fork tests: a copy that shares nothing an
action can change with the state it was forked from.

A state holds two sorts of things. Its own: lists, dicts, sets and the objects of its
non-frozen classes, which actions change. Shared by design: the content's and the record's
models (pydantic), the rulings made (findings and their places, frozen), and whatever class a
game names (its table of content lookups). :func:`owned` walks a state for the first sort;
:func:`snapshot` deep-copies it sharing the second, to compare the state with afterwards.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import TypeVar

from pydantic import BaseModel

from pnpcompiler.core.findings import Finding, Location

State = TypeVar("State")
PLAIN = (str, bytes, int, float, complex, bool, type(None))
SHARED = (BaseModel, Finding, Location)
"""Shared by every state by design: models of content and records, rulings and places."""


def owned(state: object, shared: tuple[type, ...] = ()) -> dict[int, str]:
    """Return every mutable object a state holds, by id, with its path from the state."""
    found: dict[int, str] = {}
    todo: list[tuple[object, str]] = [(state, "state")]
    while todo:
        thing, path = todo.pop()
        if isinstance(thing, PLAIN + SHARED + shared) or id(thing) in found:
            continue
        if isinstance(thing, dict):
            found[id(thing)] = path
            todo += [(v, f"{path}[{k!r}]") for k, v in thing.items()]
            todo += [(k, f"{path} key {k!r}") for k in thing]
        elif isinstance(thing, list | set):
            found[id(thing)] = path
            todo += [(v, f"{path}[{i}]") for i, v in enumerate(thing)]
        elif isinstance(thing, tuple | frozenset):
            todo += [(v, f"{path}[{i}]") for i, v in enumerate(thing)]
        elif dataclasses.is_dataclass(thing) and not isinstance(thing, type):
            if not type(thing).__dataclass_params__.frozen:  # type: ignore[attr-defined]
                found[id(thing)] = path
            todo += [(getattr(thing, f.name), f"{path}.{f.name}")
                     for f in dataclasses.fields(thing)]
        else:
            raise TypeError(f"{path}: a {type(thing).__name__}, which the fork test does not "
                            "know to be the state's own or shared")
    return found


def shared_mutables(state: object, twin: object, shared: tuple[type, ...] = ()) -> list[str]:
    """Return the paths (in the state) of the mutable objects a state and its fork share."""
    mine, theirs = owned(state, shared), owned(twin, shared)
    return sorted(mine[i] for i in mine.keys() & theirs.keys())


def snapshot(state: State, shared: tuple[type, ...] = ()) -> State:
    """Return a deep copy of a state that shares what is shared by design (to compare the
    state with, after actions were applied to its forks)."""
    memo: dict[int, object] = {}
    todo: list[object] = [state]
    seen: set[int] = set()
    while todo:
        thing = todo.pop()
        if id(thing) in seen or isinstance(thing, PLAIN):
            continue
        seen.add(id(thing))
        if isinstance(thing, SHARED + shared):
            memo[id(thing)] = thing
        elif isinstance(thing, dict):
            todo += [*thing.keys(), *thing.values()]
        elif isinstance(thing, list | set | tuple | frozenset):
            todo += list(thing)
        elif dataclasses.is_dataclass(thing):
            todo += [getattr(thing, f.name) for f in dataclasses.fields(thing)]
    return copy.deepcopy(state, memo)
