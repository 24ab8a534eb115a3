"""Reusing resolved elements: an element whose template values read the same data draws the
same, so a deck resolves its frame and its rules text once, not once per card.

What an element reads is found in its jinja2 expressions: each name, and each chain of
attribute or key look-ups on it with constant keys (``fields.body``, ``item["cost"]``). The
values at the end of those chains, taken from the item's scope, key the element; an element
that reads anything but plain values (a list, a whole mapping, a look-up a mapping's own
method would answer) is resolved afresh every time, as is one that rolls dice
(``random``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core.loader import PathKey
from .sandbox import environment

Reads = tuple[tuple[str, ...], ...]
"""The look-up chains an element's expressions read, each a name and the keys after it."""

PLAIN = (str, int, float, bool, type(None))
ABSENT = ("absent",)
"""Stands for a name the scope lacks (a name the template sets itself, or a global)."""
MOST_KEPT = 65_536
"""Resolved elements kept per template, at most: a deck's titles are all different."""


def spec_reads(spec: Any) -> Reads | None:
    """Return every look-up chain an element's values read (sorted), None when the element
    must be resolved afresh for every item."""
    found: set[tuple[str, ...]] = set()
    for text in _strings(spec):
        if "{{" not in text and "{%" not in text:
            continue
        chains = _chains(text)
        if chains is None:
            return None
        found |= chains
    return tuple(sorted(found))


def _strings(value: Any) -> Iterator[str]:
    """Yield every string in a template value, keys of mappings included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield from _strings(key)
            yield from _strings(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from _strings(inner)


@lru_cache(maxsize=4096)
def _chains(text: str) -> frozenset[tuple[str, ...]] | None:
    """Return the look-up chains one template string reads; None when it rolls dice or
    does not parse (its error is reported when it is rendered)."""
    from jinja2 import nodes

    if "random" in text:
        return None
    try:
        tree = environment().parse(text)
    except Exception:  # a template error: rendered afresh, which reports it
        return None
    found: set[tuple[str, ...]] = set()

    def walk(node: Any) -> None:
        chain = _chain(node, nodes)
        if chain is not None:
            found.add(chain)
            return
        for child in node.iter_child_nodes():
            walk(child)

    walk(tree)
    return frozenset(found)


def _chain(node: Any, nodes: Any) -> tuple[str, ...] | None:
    """Return ``name.key.key`` for a name read through constant look-ups, else None."""
    keys: list[str] = []
    while True:
        if isinstance(node, nodes.Getattr):
            keys.append(node.attr)
        elif (isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const)
              and isinstance(node.arg.value, str)):
            keys.append(node.arg.value)
        elif isinstance(node, nodes.Name) and node.ctx == "load":
            return (node.name, *reversed(keys))
        else:
            return None
        node = node.node


def read_values(reads: Reads, scope: dict[str, Any]) -> tuple[Any, ...] | None:
    """Return the values ``reads`` finds in ``scope``, None when one is not plain (or not
    there: rendering it reports that)."""
    out: list[Any] = []
    for name, *keys in reads:
        value = scope.get(name, ABSENT)
        for key in keys:
            if value is ABSENT or isinstance(value, PLAIN):
                break  # what follows is worked out from a plain value alone
            if type(value) is not dict or key not in value or hasattr(dict, key):
                return None
            value = value[key]
        if value is not ABSENT and not isinstance(value, PLAIN):
            return None
        # The type too: 1 and 1.0 and True are equal keys but print differently.
        out.append((type(value).__name__, value) if value is not ABSENT else value)
    return tuple(out)


@dataclass
class Reuse:
    """One template's elements: what each reads, and what it resolved to for the values it
    read (at most :data:`MOST_KEPT`)."""

    reads: dict[PathKey, Reads | None] = field(default_factory=dict)
    """What each element reads, by its path."""
    resolved: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    """Elements (and texts' boxes and styles) resolved so far, by their path and the values
    they read."""

    def key(self, path: PathKey, spec: dict[str, Any], scope: dict[str, Any], assets: Any,
            leave_out: str = "") -> tuple[Any, ...] | None:
        """Return what keys the element at ``path`` (without its key ``leave_out``) for
        ``scope``, None when it is resolved afresh for every item."""
        if path not in self.reads:
            self.reads[path] = spec_reads({k: v for k, v in spec.items() if k != leave_out})
        reads = self.reads[path]
        values = None if reads is None else read_values(reads, scope)
        return None if values is None else (path, values, id(assets))

    def keep(self, key: tuple[Any, ...], resolved: Any) -> None:
        """Keep what an element resolved to with no finding, to reuse for the same
        values."""
        if len(self.resolved) < MOST_KEPT:
            self.resolved[key] = resolved
