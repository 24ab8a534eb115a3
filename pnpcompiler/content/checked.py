"""A game's rule checks, their findings kept in the cache while the content does not change.

``pnp build`` and ``pnp referee`` both load games through here, so content checked by one is
not checked again by the other: the findings are stored in ``OUT/.cache/<game>/`` under the
digest of the game's folder and of pnp's code.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.digests import canonical_json, code_digest, digest, tree_digest
from ..core.findings import Finding, Location, Severity
from ..core.store import Cache
from .project import GameContent, load_game


def encode_findings(findings: list[Finding]) -> list[dict[str, Any]]:
    """Return findings as JSON-ready dicts (raises TypeError when an extra is not JSON)."""
    out = []
    for f in findings:
        loc = dataclasses.asdict(f.location) if f.location else None
        item = {"severity": f.severity.value, "code": f.code, "message": f.message,
                "location": loc, "unreadable": f.unreadable, "extra": f.extra}
        canonical_json(item)
        out.append(item)
    return out


def decode_findings(raw: list[dict[str, Any]]) -> list[Finding]:
    """Return the findings stored by :func:`encode_findings`."""
    return [Finding(Severity(f["severity"]), f["code"], f["message"],
                    Location(**f["location"]) if f["location"] else None,
                    bool(f["unreadable"]), dict(f["extra"])) for f in raw]


def cached_checks(cache: Cache, content: str) -> Callable[[GameContent], list[Finding]]:
    """Return a game's rule checks with their findings kept in ``cache`` under the digest of
    the game's folder (``content``) and of pnp's code: content that did not change since it
    was last checked is not checked again."""

    def run(game: GameContent) -> list[Finding]:
        from .checks import run_checks

        key = digest(code_digest(), str(game.root), content)
        raw = cache.get_json("checks", key)
        if isinstance(raw, list):
            try:
                return decode_findings(raw)
            except (KeyError, TypeError, ValueError):
                pass  # damaged: check again
        found = run_checks(game)
        with contextlib.suppress(TypeError):
            cache.put_json("checks", key, encode_findings(found))
        return found

    return run


def load_checked(content_dir: Path, slug: str, cache: Cache,
                 content: str | None = None) -> tuple[GameContent | None, list[Finding]]:
    """Load and check a game, its checks' findings from ``cache`` when it has them.
    ``content`` is the digest of the game's folder, when the caller has it already."""
    if not cache.enabled:
        return load_game(content_dir, slug)
    if content is None:
        content = tree_digest(content_dir / slug)
    return load_game(content_dir, slug, check=cached_checks(cache, content))
