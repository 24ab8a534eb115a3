"""JSON Schemas for game.yaml and every component kind, for editors and other tools."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ..core.files import write_atomic
from ..core.findings import Finding
from ..core.model import OPEN_REFERENCE, REFERS_TO, Model
from .components import GENERIC_KINDS, Deck
from .manifest import Manifest
from .plugin import References
from .tables import item_lists

if TYPE_CHECKING:
    from .game import GameContent

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _attribute_docstrings(cls: type) -> dict[str, str]:
    """Return the docstrings written under a class's annotated attributes, by name."""
    import ast
    import inspect
    import textwrap
    from itertools import pairwise

    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    tree = ast.parse(source)
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    docs = {}
    for node, following in pairwise(body):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)):
            docs[node.target.id] = inspect.cleandoc(following.value.value)
    return docs


_DOCUMENTED: set[type] = set()


def with_field_docstrings() -> None:
    """Give every content model's fields their attribute docstrings as descriptions, as
    pydantic's ``use_attribute_docstrings`` would, then rebuild the models' schemas."""
    from ..core.model import Model

    models: list[type[BaseModel]] = []
    pending: list[type[BaseModel]] = [Model]
    while pending:
        cls = pending.pop(0)
        if cls not in models:
            models.append(cls)
            pending += cls.__subclasses__()
    fresh = [cls for cls in models if cls not in _DOCUMENTED]
    if not fresh:
        return
    for cls in fresh:
        docs: dict[str, str] = {}
        for base in reversed(cls.__mro__):
            if isinstance(base, type) and issubclass(base, Model):
                docs.update(_attribute_docstrings(base))
        for name, info in cls.model_fields.items():
            if info.description is None and name in docs:
                info.description = docs[name]
        _DOCUMENTED.add(cls)
    for _ in range(2):  # twice: a model's schema embeds the schemas of the models it holds
        for cls in models:
            cls.model_rebuild(force=True)


TABLE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Items read from a spreadsheet",
    "description": "A CSV or XLSX file next to this one: the first row names the columns (id, "
                   "name, copies... or a field); each other row is one item.",
    "properties": {"from": {"type": "string", "pattern": r"\.(csv|CSV|xlsx|XLSX)$"},
                   "sheet": {"type": "string", "description": "The workbook's sheet to read "
                                                               "(its first when left out)."}},
    "required": ["from"],
    "additionalProperties": False,
}


Values = dict[str, list[str | int]]
"""The values each kind of reference may take (``RefersTo``), by kind."""


def json_schema(model: type[BaseModel], title: str, values: Values | None = None
                ) -> dict[str, Any]:
    """Return the JSON Schema of a model, with ``kind`` required so editors insist on it and
    every reference's ``values`` as its enum."""
    with_field_docstrings()
    body = model.model_json_schema()
    body["title"] = title
    props = body.get("properties", {})
    for key, _ in item_lists(model):
        if key in props:  # the items, or a spreadsheet that holds them (content.tables)
            props[key] = {"anyOf": [props[key], TABLE_SCHEMA],
                          **({"description": props[key].pop("description")}
                             if "description" in props[key] else {})}
    if "kind" in props:
        required = body.setdefault("required", [])
        if "kind" not in required:
            required.insert(0, "kind")
    with_references(body, values or {})
    return {"$schema": DIALECT, **body}


def with_references(schema: Any, values: Values) -> None:
    """Give every value that refers to something (``x-refers-to``) the values the content
    defines for it as an ``enum``, in place; a kind with no values known stays open."""
    if isinstance(schema, list):
        for part in schema:
            with_references(part, values)
    elif isinstance(schema, dict):
        kind = schema.get(REFERS_TO)
        if isinstance(kind, str) and values.get(kind):
            schema["examples" if schema.get(OPEN_REFERENCE) else "enum"] = values[kind]
        for part in schema.values():
            with_references(part, values)


def template_names(folders: list[Path]) -> list[str]:
    """Return the name of every face template in the folders (icons are not faces)."""
    names: set[str] = set()
    for folder in folders:
        for path in folder.rglob("*.yaml") if folder.is_dir() else ():
            name = path.relative_to(folder).with_suffix("").as_posix()
            if "icons" not in name.split("/")[:-1]:
                names.add(name)
    return sorted(names)


def _card_backs(game: GameContent) -> Iterator[str]:
    """Yield the id of every deck's every back (a card names one of its own deck's)."""
    for component in game.components.values():
        if isinstance(component, Deck):
            yield from (back.id for back in component.backs)


CORE_REFERENCES: dict[str, References] = {"card-back": _card_backs}
"""The kinds of reference every game's content may make, and where their values come from."""


def reference_values(game: GameContent, templates: list[str]) -> Values:
    """Return the values of every kind of reference the game's content defines."""
    out: Values = {"template": list(templates)} if templates else {}
    for kind, values_of in {**CORE_REFERENCES, **game.rules.references}.items():
        try:
            found = list(values_of(game))
        except (AttributeError, KeyError, LookupError, TypeError, ValueError):
            continue  # content that does not hold together yet: that reference stays open
        if found:
            out[kind] = _ordered(found)
    return out


def _ordered(values: Iterable[str | int]) -> list[str | int]:
    """Return the values once each: numbers in order, then text in order."""
    return sorted(set(values), key=lambda v: (1, 0, v) if isinstance(v, str) else (0, v, ""))


def _merged(values: list[Values]) -> Values:
    """Return every game's values of each kind together (for the generic kinds' schemas)."""
    out: dict[str, set[str | int]] = {}
    for game_values in values:
        for kind, found in game_values.items():
            out.setdefault(kind, set()).update(found)
    return {kind: _ordered(found) for kind, found in out.items()}


def _no_checks(game: GameContent) -> list[Finding]:
    """Check nothing: the schemas need the content's ids, not its rules."""
    return []


RecordModels = Callable[["GameContent"], "dict[str, type[Model]]"]
"""A game's kinds of record and their models (the referee's ``record_models``)."""


def all_schemas(content_dir: Path, templates: list[Path] | None = None,
                records: RecordModels | None = None) -> dict[str, dict[str, Any]]:
    """Return schemas by relative file name: generic kinds, the manifest, each game's kinds
    and (with ``records``) its kinds of record, each reference listing the values the
    project defines for it (template names from ``templates``: ``templates/`` beside the
    content when None)."""
    from .project import find_games, load_game

    folders = templates if templates is not None else [content_dir.parent / "templates"]
    names = template_names(folders)
    games: list[tuple[GameContent, Values]] = []
    for slug in find_games(content_dir):
        game, _ = load_game(content_dir, slug, check=_no_checks)
        if game is not None:
            games.append((game, reference_values(game, names)))
    everyone = _merged([values for _, values in games]) or (
        {"template": list(names)} if names else {})
    out = {"game.schema.json": json_schema(Manifest, "pnpcompiler game manifest (game.yaml)")}
    for name, model in GENERIC_KINDS.items():
        out[f"{name}.schema.json"] = json_schema(model, f"pnpcompiler {name}", everyone)
    for game, values in games:
        title, slug = game.manifest.title, game.slug
        for name, model in game.rules.kinds.items():
            if GENERIC_KINDS.get(name) is not model:
                out[f"{slug}/{name}.schema.json"] = json_schema(model, f"{title} {name}",
                                                                values)
        for name, record in (records(game) if records else {}).items():
            out[f"{slug}/{name}-record.schema.json"] = json_schema(
                record, f"{title}: a {name} record", values)
    return out


def write_schemas(output: Path, content_dir: Path, templates: list[Path] | None = None,
                  records: RecordModels | None = None) -> list[Path]:
    """Write every schema under ``output``; return the paths written."""
    written = []
    for rel, body in sorted(all_schemas(content_dir, templates, records).items()):
        path = output / rel
        write_atomic(path, json.dumps(body, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
        written.append(path)
    return written


def schema_comment(file: Path, schemas_dir: Path, kind: str, game: str | None = None) -> str:
    """Return the ``# yaml-language-server`` line that points ``file`` at its kind's schema."""
    import os

    target = schemas_dir / (f"{game}/{kind}.schema.json" if game else f"{kind}.schema.json")
    rel = os.path.relpath(target, file.parent)
    return f"# yaml-language-server: $schema={Path(rel).as_posix()}"
