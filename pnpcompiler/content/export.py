"""The validated content model as JSON or YAML, with stable keys, and its way back in."""

from __future__ import annotations

import json
from typing import Any

from ..core.findings import Finding
from ..core.loader import load_text
from ..core.validate import validate_document
from .manifest import Manifest
from .plugin import Rules
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
    """Serialise an export as JSON with sorted keys (byte-stable for the same content)."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def to_yaml(data: dict[str, Any]) -> str:
    """Serialise an export as YAML with sorted keys."""
    import yaml

    return yaml.safe_dump(data, sort_keys=True, allow_unicode=True, width=100)


def import_game(data: dict[str, Any], rules: Rules) -> tuple[GameContent | None, list[Finding]]:
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
