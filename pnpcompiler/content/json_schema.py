"""JSON Schemas for game.yaml and every component kind, for editors and other tools."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..core.files import write_atomic
from .components import GENERIC_KINDS
from .manifest import Manifest
from .tables import item_lists

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


def json_schema(model: type[BaseModel], title: str) -> dict[str, Any]:
    """Return the JSON Schema of a model, with ``kind`` required so editors insist on it."""
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
    return {"$schema": DIALECT, **body}


def all_schemas(content_dir: Path) -> dict[str, dict[str, Any]]:
    """Return schemas by relative file name: generic kinds, the manifest, each game's kinds."""
    from ..core.loader import load_file
    from ..core.validate import validate_document
    from .plugin import PluginError, load_plugin
    from .project import MANIFEST, find_games

    out = {"game.schema.json": json_schema(Manifest, "pnpcompiler game manifest (game.yaml)")}
    for name, model in GENERIC_KINDS.items():
        out[f"{name}.schema.json"] = json_schema(model, f"pnpcompiler {name}")
    for slug in find_games(content_dir):
        game_dir = content_dir / slug
        doc, found = load_file(game_dir / MANIFEST, str(game_dir / MANIFEST))
        manifest, found = validate_document(doc, Manifest) if not found else (None, found)
        if manifest is None:
            continue
        spec = manifest.plugin
        if spec is None and (game_dir / "rules.py").is_file():
            spec = "rules.py"
        if not spec:
            continue
        try:
            rules = load_plugin(spec, game_dir, slug)
        except PluginError:
            continue
        for name, model in rules.kinds.items():
            out[f"{slug}/{name}.schema.json"] = json_schema(model, f"{manifest.title} {name}")
    return out


def write_schemas(output: Path, content_dir: Path) -> list[Path]:
    """Write every schema under ``output``; return the paths written."""
    written = []
    for rel, body in sorted(all_schemas(content_dir).items()):
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
