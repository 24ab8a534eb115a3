"""The keys a template may use, checked once per template before any item is resolved.

A template is a mapping of ``background``, ``shape``, ``safe`` and ``elements``; each element
holds one shape key (``box``, ``text``...) whose mapping takes that shape's keys, and beside it
``if``, ``each`` and ``as``. Every key that is not one of these is a finding at the key, with the
nearest allowed key (``szie`` -> ``size``) and the list of allowed ones, as content keys get.
"""

from __future__ import annotations

from typing import Any

from ..core.findings import Finding, error
from ..core.loader import Document, PathKey
from .undefined import near

TEMPLATE_KEYS = ("background", "elements", "safe", "shape")
ELEMENT_KINDS = ("box", "circle", "ellipse", "line", "polygon", "text", "icon", "image")
BESIDE_SHAPE = ("if", "each", "as")
"""Keys an element may have beside its shape key."""
_PAINT = {"fill", "stroke", "stroke_width", "dash"}
ALLOWED_KEYS: dict[str, set[str]] = {
    "box": {"x", "y", "w", "h", "radius"} | _PAINT,
    "circle": {"cx", "cy", "r"} | _PAINT,
    "ellipse": {"cx", "cy", "rx", "ry"} | _PAINT,
    "line": {"points"} | _PAINT,
    "polygon": {"points"} | _PAINT,
    "text": {"x", "y", "w", "h", "text", "font", "size", "min_size", "leading", "align",
             "valign", "colour", "field"},
    "icon": {"name", "x", "y", "size", "colour"},
    "image": {"src", "x", "y", "w", "h", "fit"},
}
"""Keys each element accepts, besides ``if`` (which may also sit beside the element)."""


def key_findings(name: str, doc: Document) -> list[Finding]:
    """Return a finding for every key of template ``name`` that no template takes, and for
    every element that is not a mapping with one shape key."""
    data = doc.data
    if not isinstance(data, dict):
        return [error("template.not-a-mapping", f"{name}: a template is a mapping with "
                      "'elements'", doc.locate(()))]
    found = [_unknown(name, doc, (), key, TEMPLATE_KEYS, "a template")
             for key in data if key not in TEMPLATE_KEYS]
    elements = data.get("elements", [])
    if not isinstance(elements, list):
        found.append(error("template.bad-elements", f"{name}: expected 'elements' to be a "
                           "list of elements", doc.locate(("elements",))))
        return found
    for i, spec in enumerate(elements):
        found += _element_findings(name, doc, ("elements", i), spec)
    return found


def _element_findings(name: str, doc: Document, here: PathKey, spec: Any) -> list[Finding]:
    """Return the findings of one element's keys."""
    if not isinstance(spec, dict):
        return [error("template.bad-element", f"{name}: expected an element mapping such as "
                      "{text: {...}}", doc.locate(here))]
    kinds = [k for k in spec if k in ELEMENT_KINDS]
    if len(kinds) != 1:
        others = [str(k) for k in spec if k not in BESIDE_SHAPE]
        hint = next((near(k, ELEMENT_KINDS) for k in others if near(k, ELEMENT_KINDS)), "")
        return [error("template.bad-element", f"{name}: expected exactly one of "
                      f"{', '.join(ELEMENT_KINDS)} in an element, found "
                      f"{', '.join(map(str, spec)) or 'nothing'}{hint}", doc.locate(here))]
    kind = kinds[0]
    found = [_unknown(name, doc, here, key, (kind, *BESIDE_SHAPE), "an element")
             for key in spec if key != kind and key not in BESIDE_SHAPE]
    body = spec[kind]
    if not isinstance(body, dict):
        found.append(error("template.bad-element", f"{name}: expected '{kind}' to be a "
                           "mapping of its keys", doc.locate((*here, kind))))
        return found
    allowed = sorted(ALLOWED_KEYS[kind] | {"if"})
    found += [_unknown(name, doc, (*here, kind), key, allowed, kind)
              for key in body if key not in allowed]
    return found


def _unknown(name: str, doc: Document, path: PathKey, key: Any, allowed: Any,
             what: str) -> Finding:
    """Return the finding for an unknown ``key`` at ``path``."""
    listing = ", ".join(sorted(allowed))
    return error("template.unknown-key", f"{name}: unknown key {str(key)!r} in {what}"
                 f"{near(str(key), allowed)}; allowed keys: {listing}",
                 doc.locate((*path, key), key=True))
