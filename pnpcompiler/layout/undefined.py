"""Names a template reads that an item lacks: what to call them and what was meant.

``item.titel`` in a template is found undefined when a card is resolved: the finding names the
template's line and the card's, says ``item.titel``, suggests ``item.title`` from the keys the
card really has, and lists them. A template read by many items gives one finding for all the
items that lack the same name there (:func:`merge_undefined`).
"""

from __future__ import annotations

import difflib
from collections import deque
from collections.abc import Iterable
from typing import Any

from ..core.findings import Finding, error
from .sandbox import MissingValue

UNDEFINED = "template.undefined"
SHOWN_ITEMS = 3
"""Items named in one finding; the rest are counted."""
SHOWN_KEYS = 12
"""Keys listed after the suggestion; the rest are counted."""


def nearest(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str | None:
    """Return the choice nearest ``word`` (other than it), None when none is near."""
    close = difflib.get_close_matches(word, [c for c in choices if c != word], n=1,
                                      cutoff=cutoff)
    return close[0] if close else None


def near(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str:
    """Return `` (did you mean 'x'?)`` for the choice nearest ``word``, or ``""``."""
    close = nearest(word, choices, cutoff)
    return f" (did you mean '{close}'?)" if close else ""


def describe(exc: MissingValue, scope: dict[str, Any]) -> tuple[str, str]:
    """Return how to name the missing value (``item.titel``) and the hint that follows (the
    nearest name the value has, then its names)."""
    name = str(exc.name) if exc.name is not None else "?"
    if exc.name is None or not _is_known(exc.owner):
        # A variable no scope defines: suggest from the template's variables.
        names = sorted(k for k in scope if isinstance(k, str))
        return name, near(name, names) + _listing("variables", names)
    owner = exc.owner
    where = path_to(owner, scope)
    what = _join(where, exc.name) if where else f"{name!r} of {_kind(owner)}"
    if isinstance(owner, dict):
        keys = sorted(str(k) for k in owner)
        close = nearest(name, keys)
        hint = f" (did you mean '{_join(where, close) if where else close}'?)" if close else ""
        return what, hint + _listing(f"{where or 'it'} has", keys, verb=True)
    return what, f"; {where or 'the value'} is {_kind(owner)}"


def _is_known(owner: Any) -> bool:
    from jinja2.utils import missing

    return owner is not missing


def _listing(label: str, names: list[str], *, verb: bool = False) -> str:
    if not names:
        return f"; {label} no keys" if verb else ""
    shown = ", ".join(names[:SHOWN_KEYS])
    more = f" and {len(names) - SHOWN_KEYS} more" if len(names) > SHOWN_KEYS else ""
    return f"; {label}{'' if verb else ':'} {shown}{more}"


def _kind(value: Any) -> str:
    if isinstance(value, str):
        return "a text"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list | tuple):
        return "a list"
    if value is None:
        return "empty (null)"
    return f"a {type(value).__name__}"


def _join(path: str, name: Any) -> str:
    if isinstance(name, str) and name.isidentifier():
        return f"{path}.{name}"
    return f"{path}[{name!r}]"


def path_to(target: Any, scope: dict[str, Any], limit: int = 5000) -> str:
    """Return how the template reaches ``target`` from its variables (``item.fields``), the
    shortest way, or ``""`` when it is not found among the first ``limit`` values."""
    queue: deque[tuple[Any, str]] = deque(
        (value, key) for key, value in scope.items() if isinstance(key, str))
    seen: set[int] = set()
    while queue and len(seen) < limit:
        value, path = queue.popleft()
        if value is target:
            return path
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, dict):
            queue.extend((v, _join(path, k)) for k, v in value.items())
        elif isinstance(value, list | tuple):
            queue.extend((v, f"{path}[{i}]") for i, v in enumerate(value))
    return ""


def undefined_finding(template: str, what: str, hint: str, item: str, item_at: str,
                      where: Any) -> Finding:
    """Return the finding for ``what`` missing when ``template`` is resolved for ``item``
    (written at ``item_at`` in content)."""
    items = [f"{item} ({item_at})" if item_at else item]
    return error(UNDEFINED, _message(template, what, items, 1, hint), where,
                 template=template, undefined=what, items=items, hint=hint)


def _message(template: str, what: str, items: list[str], count: int, hint: str) -> str:
    shown = ", ".join(items[:SHOWN_ITEMS])
    if count > SHOWN_ITEMS:
        shown += f" and {count - SHOWN_ITEMS} more"
    who = f"{count} items: {shown}" if count > 1 else shown
    return f"{template}: '{what}' is not defined for {who}{hint}"


def merge_undefined(findings: list[Finding]) -> list[Finding]:
    """Fold the findings of one name missing at one place of a template, for many items,
    into one finding that names the first few items and counts the rest."""
    merged: list[Finding] = []
    first: dict[tuple[str, str], int] = {}
    for f in findings:
        if f.code != UNDEFINED or "undefined" not in f.extra:
            merged.append(f)
            continue
        key = (str(f.location), str(f.extra["undefined"]))
        if key not in first:
            first[key] = len(merged)
            merged.append(f)
            continue
        head = merged[first[key]]
        items = [*head.extra["items"], *f.extra["items"]]
        extra = dict(head.extra, items=items)
        message = _message(str(extra["template"]), str(extra["undefined"]), items,
                           len(items), str(extra["hint"]))
        merged[first[key]] = Finding(head.severity, head.code, message, head.location,
                                     head.unreadable, extra)
    return merged
