"""A project's games: find them, load their content, validate it, run their rule checks."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..core.files import display_path
from ..core.findings import Finding, error, sort_findings, source_location
from ..core.loader import Document, load_file
from ..core.validate import validate_document
from . import checks
from .components import GENERIC_KINDS, Component
from .game import UNKNOWN_KIND, GameContent
from .manifest import Manifest
from .plugin import PluginError, Rules, load_plugin
from .tables import splice_tables

__all__ = ["MANIFEST", "GameContent", "UsageError", "find_games", "iter_games", "load_game",
           "model_for", "select_games"]
"""``GameContent`` is imported from here by games (``from pnpcompiler.content.project import
GameContent``); its home is ``content.game``."""

MANIFEST = "game.yaml"


class UsageError(Exception):
    """The command was asked for something that does not exist (exit code 2)."""


def find_games(content_dir: Path) -> list[str]:
    """Return the slugs of the games in a content folder, sorted."""
    if not content_dir.is_dir():
        return []
    return sorted(p.name for p in content_dir.iterdir()
                  if p.is_dir() and not p.name.startswith(".") and (p / MANIFEST).is_file())


def select_games(content_dir: Path, names: list[str] | None) -> list[str]:
    """Resolve the games a command was asked for; raise :class:`UsageError` for unknown ones."""
    problem = content_folder_problem(content_dir)
    if problem is not None:
        raise UsageError(problem)
    games = find_games(content_dir)
    if not names:
        if not games:
            folders = sorted(f"{p.name}/{MANIFEST}" for p in content_dir.iterdir()
                             if (p / MANIFEST).is_dir())
            why = f" ({', '.join(folders)}: a folder, not a file)" if folders else ""
            raise UsageError(f"no games in {display_path(content_dir)!r}{why}: a game is a "
                             f"folder with a {MANIFEST} (create one with 'pnp new GAME')")
        return games
    unknown = [n for n in names if n not in games]
    if unknown:
        raise UsageError(no_such_game(content_dir, unknown[0], games))
    return list(dict.fromkeys(names))


def content_folder_problem(content_dir: Path) -> str | None:
    """Say what is wrong with a content folder that is not one (missing, or a file), else
    return None."""
    if content_dir.is_dir():
        return None
    state = "is a file, not a folder" if content_dir.exists() else "does not exist"
    return (f"content folder {display_path(content_dir)!r} {state} "
            "(run pnp in your project folder, or pass --content DIR)")


def no_such_game(content_dir: Path, name: str, games: list[str] | None = None) -> str:
    """Say that the content folder has no game ``name``: the game most like it, and the
    games it has (``games``, found in the folder when not given)."""
    games = find_games(content_dir) if games is None else games
    close = difflib.get_close_matches(name, games, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return (f"no game {name!r} in {display_path(content_dir)!r}{hint}; "
            f"games: {', '.join(games) or 'none'}")


def content_files(game_dir: Path) -> list[Path]:
    """Return the game's component files (every YAML file but the manifest), sorted."""
    files = []
    for path in sorted(game_dir.rglob("*")):
        rel = path.relative_to(game_dir)
        if any(part.startswith(".") for part in rel.parts):
            continue
        if path.suffix in (".yaml", ".yml") and rel.as_posix() != MANIFEST and path.is_file():
            files.append(path)
    return files


def load_game(content_dir: Path, slug: str, *,
              check: Callable[[GameContent], list[Finding]] = checks.run_checks
              ) -> tuple[GameContent | None, list[Finding]]:
    """Load, validate and check one game. Returns the content (if it validated) and findings.
    ``check`` runs the rule checks (a caller with a cache passes one that remembers them)."""
    game_dir = content_dir / slug
    findings: list[Finding] = []
    doc, found = load_file(game_dir / MANIFEST, display_path(game_dir / MANIFEST))
    findings += found
    manifest: Manifest | None = None
    if not found:
        manifest, found = validate_document(doc, Manifest)
        findings += found

    rules = Rules(kinds=dict(GENERIC_KINDS))
    # Without the manifest, or with its rules module broken, the game's own kinds are unknown:
    # a component of such a kind is not judged (its kind is not the mistake).
    kinds_known = manifest is not None
    if manifest is not None:
        spec = manifest.plugin or ("rules.py" if (game_dir / "rules.py").is_file() else None)
        if spec:
            try:
                plugin = load_plugin(spec, game_dir, slug)
            except PluginError as exc:
                where = manifest.where("plugin")
                if exc.file is not None and exc.line is not None:
                    where = source_location(exc.file, exc.line)
                findings.append(error("plugin.load-failed",
                                      f"cannot load the game's rules module {spec!r}: {exc}",
                                      where))
                kinds_known = False
            else:
                rules.include(plugin)

    components: dict[str, Component] = {}
    documents: dict[str, Document] = {"game.yaml": doc}
    failed_kinds: set[str] = set()
    for path in content_files(game_dir):
        rel = path.relative_to(game_dir).as_posix()
        component, found, cdoc = load_component(path, rules.kinds, game_dir)
        documents[rel] = cdoc
        if not kinds_known:
            found = [f for f in found if f.code != "schema.unknown-kind"]
        findings += found
        if component is not None:
            components[rel] = component
        elif isinstance(cdoc.data, dict) and isinstance(cdoc.data.get("kind"), str):
            failed_kinds.add(cdoc.data["kind"])
        else:
            failed_kinds.add(UNKNOWN_KIND)

    if manifest is None:
        return None, sort_findings(findings)
    game = GameContent(slug, game_dir, manifest, rules, components, documents, failed_kinds)
    findings += check(game)
    return game, sort_findings(findings)


def load_component(path: Path, kinds: dict[str, type[Component]], game_dir: Path
                   ) -> tuple[Component | None, list[Finding], Document]:
    """Load one component file and validate it against the model its ``kind`` names; an item
    list it gives as ``{from: FILE}`` is read from that spreadsheet (``content.tables``)."""
    doc, found = load_file(path, display_path(path))
    if found:
        return None, found, doc
    model, problem = model_for(doc, kinds)
    if model is None:
        return None, [problem] if problem else [], doc
    found = splice_tables(doc, model, path, game_dir)
    if found:
        return None, found, doc
    component, found = validate_document(doc, model)
    if component is not None:
        found += checks.schema_comment(doc, component)
    return component, found, doc


def model_for(doc: Document, kinds: dict[str, type[Component]]
              ) -> tuple[type[Component] | None, Finding | None]:
    """Pick the model for a document from its ``kind`` key."""
    known = ", ".join(sorted(kinds))
    data: Any = doc.data
    if not isinstance(data, dict):
        from ..core.validate import describe
        return None, error("schema.wrong-type",
                           f"expected a mapping with a 'kind' key, found {describe(data)}",
                           doc.locate(()))
    if "kind" not in data:
        return None, error("schema.missing-key",
                           f"missing required key 'kind'; kinds this game knows: {known}",
                           doc.locate(()))
    kind = data["kind"]
    if not isinstance(kind, str) or kind not in kinds:
        close = difflib.get_close_matches(str(kind), list(kinds), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        return None, error("schema.unknown-kind",
                           f"unknown kind {kind!r}{hint}; kinds this game knows: {known}",
                           doc.locate(("kind",)))
    return kinds[kind], None


def iter_games(content_dir: Path, names: list[str] | None
               ) -> Iterator[tuple[str, GameContent | None, list[Finding]]]:
    """Load each selected game in turn."""
    for slug in select_games(content_dir, names):
        game, findings = load_game(content_dir, slug)
        yield slug, game, findings

