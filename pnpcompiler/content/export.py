"""The validated content model as JSON or YAML, with stable keys, and its way back in."""

from __future__ import annotations

import json
import math
from json.encoder import encode_basestring
from typing import Any

from ..core.findings import Finding
from ..core.loader import load_text
from ..core.validate import validate_document
from .game import GameRules
from .manifest import Manifest
from .project import GameContent, model_for

#: Version of the export format; bump when its shape changes.
EXPORT_FORMAT = "pnpcompiler.content/1"


def export_game(game: GameContent) -> dict[str, Any]:
    """Return a game's validated content as plain data.

    Keys: ``format``, ``game`` (the folder name), ``manifest`` (game.yaml with every default
    filled in), ``counts`` (pieces per bill-of-materials entry found in content),
    ``components`` (each content file's validated model, by path inside the game folder) and
    ``derived`` (what the game's module computes from the content, by name).
    """
    return {
        "format": EXPORT_FORMAT,
        "game": game.slug,
        "manifest": game.manifest.model_dump(mode="json"),
        "counts": dict(sorted(game.counts().items())),
        "components": {rel: c.model_dump(mode="json")
                       for rel, c in sorted(game.components.items())},
        "derived": {name: derive(game) for name, derive in sorted(game.rules.derived.items())},
    }


def to_json(data: dict[str, Any]) -> str:
    """Serialise an export as JSON with sorted keys (byte-stable for the same content): what
    ``json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False)`` writes, and a newline."""
    # json's own encoder indents in pure Python, a generator per level handing every piece
    # up through the levels above it: twice as slow as appending each piece to one list.
    out: list[str] = []
    _write_json(data, out, "\n")
    return "".join(out) + "\n"


def _write_json(value: Any, out: list[str], newline: str) -> None:
    """Append ``value`` to ``out`` as json.dumps indents it, ``newline`` its line's start."""
    if isinstance(value, str):
        out.append(encode_basestring(value))
    elif value is None or isinstance(value, (int, float)):  # bool is an int
        out.append(_json_key(value))
    elif isinstance(value, (list, tuple)):
        if not value:
            out.append("[]")
            return
        inner = newline + "  "
        before = "[" + inner
        for item in value:
            out.append(before)
            _write_json(item, out, inner)
            before = "," + inner
        out.append(newline + "]")
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        inner = newline + "  "
        before = "{" + inner
        for key, item in sorted(value.items()):
            out.append(before + encode_basestring(_json_key(key)) + ": ")
            _write_json(item, out, inner)
            before = "," + inner
        out.append(newline + "}")
    else:
        raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _json_key(value: Any) -> str:
    """Return a key, a number or a constant as json writes it (a key as the text it
    quotes)."""
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        if value != value:
            return "NaN"
        if value in (math.inf, -math.inf):
            return "Infinity" if value > 0 else "-Infinity"
        return float.__repr__(value)
    if value is True or value is False or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, int):
        return int.__repr__(value)
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(value).__name__}")


def to_yaml(data: dict[str, Any]) -> str:
    """Serialise an export as YAML with sorted keys."""
    import yaml

    return yaml.safe_dump(data, sort_keys=True, allow_unicode=True, width=100)


def import_game(data: dict[str, Any], rules: GameRules
                ) -> tuple[GameContent | None, list[Finding]]:
    """Validate an export back into a game (the round trip export -> load -> export)."""
    findings: list[Finding] = []
    doc, found = load_text(json.dumps(data.get("manifest")), "<export>:manifest")
    manifest, found = validate_document(doc, Manifest) if not found else (None, found)
    findings += found
    components = {}
    for rel, body in (data.get("components") or {}).items():
        cdoc, found = load_text(json.dumps(body), f"<export>:{rel}")
        model, problem = model_for(cdoc, rules.kinds)
        if model is None:
            findings += [problem] if problem else found
            continue
        component, found = validate_document(cdoc, model)
        findings += found
        if component is not None:
            components[rel] = component
    if manifest is None:
        return None, findings
    from pathlib import Path

    return GameContent(str(data.get("game")), Path("."), manifest, rules, components), findings
