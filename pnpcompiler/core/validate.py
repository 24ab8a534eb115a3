"""Schema validation with pydantic, and its errors turned into findings that point at the source."""

from __future__ import annotations

import difflib
import re
import types
import typing
from typing import Any, TypeVar, Union

from pydantic import BaseModel, ValidationError

from .findings import Finding, Location, error
from .loader import Document, PathKey
from .model import Model, attach_source

M = TypeVar("M", bound=Model)

_EXPECTED = {
    "int_type": "an integer", "int_parsing": "an integer", "int_from_float": "a whole number",
    "float_type": "a number", "float_parsing": "a number", "finite_number": "a finite number",
    "string_type": "text", "bool_type": "true or false", "bool_parsing": "true or false",
    "list_type": "a list", "dict_type": "a mapping", "model_type": "a mapping",
    "model_attributes_type": "a mapping", "tuple_type": "a list", "none_required": "nothing",
    "is_instance_of": "a mapping",
}


def validate_document(doc: Document, model: type[M]) -> tuple[M | None, list[Finding]]:
    """Validate a composed document against a model; return the model or findings."""
    try:
        result = model.model_validate(doc.data)
    except ValidationError as exc:
        return None, _merge_alternatives(
            [to_finding(doc, model, err) for err in exc.errors(include_url=False)])
    except (RecursionError, ValueError, TypeError, OverflowError) as exc:
        return None, [error("schema.invalid", f"content could not be validated: {exc}",
                            doc.locate(()))]
    attach_source(result, doc)
    return result, []


def _merge_alternatives(findings: list[Finding]) -> list[Finding]:
    """Fold "expected X" errors for one value (a union of scalar types, or of names and a
    mapping such as a deck's ``size``) into one finding."""
    merged: list[Finding] = []
    seen: dict[tuple[Any, ...], int] = {}
    choices: dict[Any, int] = {}
    for f in findings:
        key = (f.code, f.location)
        if f.code == "schema.wrong-type" and (key in seen or f.location in choices):
            at = seen[key] if key in seen else choices[f.location]
            first = merged[at]
            want = f.message.split(", found ")[0].removeprefix("expected ")
            head, _, tail = first.message.partition(", found ")
            merged[at] = error(first.code, f"{head} or {want}, found {tail}", f.location)
            continue
        if f.code == "schema.invalid-value" and f.message.startswith("expected one of "):
            choices[f.location] = len(merged)
        seen[key] = len(merged)
        merged.append(f)
    # A value of the right type for one alternative but out of its bounds (``aircraft: 11``
    # for a number up to 10 or a list of them) is wrong for that reason alone: "expected a
    # list" beside it would be a second finding for one mistake.
    judged = [f.location for f in merged if f.code != "schema.wrong-type" and f.location]
    return [f for f in merged if f.code != "schema.wrong-type" or f.location is None
            or not any(_within(g, f.location) for g in judged)]


def _within(inner: Location, outer: Location) -> bool:
    """Return whether ``inner`` is at ``outer``'s value or inside it, in the same file."""
    if inner.file != outer.file:
        return False
    path, top = inner.path, outer.path
    return path == top or path.startswith(f"{top}[") or path.startswith(f"{top}.") \
        or (not top and bool(path))


def data_path(root: Any, data: Any, loc: tuple[Any, ...]) -> PathKey:
    """Map pydantic's error location to a path in the data, skipping union tags.

    The model's annotations are walked alongside the data so that a discriminated union's tag
    (``parts[1].b.y`` in pydantic's terms) is told apart from a key (``parts[1].y``).
    """
    path: list[str | int] = []
    current, tp = data, root
    for part in loc:
        member = _union_member(tp, part)
        if member is not None:
            tp = member
            continue
        tp = _step(tp, part) if tp is not None else None
        in_dict = isinstance(current, dict) and part in current
        in_list = (isinstance(current, list) and isinstance(part, int)
                   and 0 <= part < len(current))
        if in_dict or in_list:
            current = current[part]
        elif isinstance(part, str) and (_is_tag(part) or (tp is None and not isinstance(
                current, dict))):
            continue
        else:
            current = None
        path.append(part)
    return tuple(path)


def _union_member(tp: Any, part: Any) -> Any:
    """Return the union member that ``part`` names as a tag, if ``tp`` is a union."""
    tp = _unwrap(tp)
    if typing.get_origin(tp) not in (Union, types.UnionType) or not isinstance(part, str):
        return None
    options = [a for a in typing.get_args(tp) if a is not type(None)]
    for option in options:
        if _tag_matches(option, part):
            return option
    if _is_tag(part):
        return options[0] if len(options) == 1 else tp
    return None


def _is_tag(part: str) -> bool:
    return ("[" in part or part.startswith("constrained-")
            or part in {"str", "int", "float", "bool", "list", "dict", "none"})


def describe(value: Any) -> str:
    """Describe a found value for a message: ``text 'abc'``, ``a list``, ``nothing``."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return f"the integer {value}" if abs(value) < 10**30 else "a very large integer"
    if isinstance(value, float):
        # 3.0 stays 3.0: "expected an integer, found the number 3" would make no sense.
        shown = f"{value:g}"
        return f"the number {shown}.0" if shown.lstrip("-").isdigit() else f"the number {shown}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"text {shown!r}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def to_finding(doc: Document, root: type[BaseModel], err: Any) -> Finding:
    """Translate one pydantic error into a finding at the right line and column."""
    loc = tuple(err.get("loc", ()))
    kind = err.get("type", "")
    ctx = err.get("ctx") or {}
    found = err.get("input")
    path = data_path(root, doc.data, loc)

    if kind == "extra_forbidden":
        key = path[-1] if path else loc[-1]
        allowed = allowed_keys(root, loc[:-1])
        hint = ""
        close = difflib.get_close_matches(str(key), allowed, n=1) if allowed else []
        if close:
            hint = f" (did you mean '{close[0]}'?)"
        listing = f"; allowed keys: {', '.join(allowed)}" if allowed else ""
        return error("schema.unknown-key", f"unknown key {str(key)!r}{hint}{listing}",
                     doc.locate(path, key=True))
    if kind == "missing":
        return error("schema.missing-key", f"missing required key {str(loc[-1])!r}",
                     _parent_location(doc, path))
    if kind in _EXPECTED:
        return error("schema.wrong-type",
                     f"expected {_EXPECTED[kind]}, found {describe(found)}", doc.locate(path))
    if kind in ("literal_error", "enum"):
        expected = str(ctx.get("expected", "?"))
        hint = ""
        if isinstance(found, str):
            close = difflib.get_close_matches(found, re.findall(r"'([^']*)'", expected), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
        return error("schema.invalid-value",
                     f"expected one of {expected}, found {describe(found)}{hint}",
                     doc.locate(path))
    if kind == "union_tag_invalid":
        key = str(ctx.get("discriminator", "kind")).strip("'")
        if (*path, key) in doc.values:
            path = (*path, key)
        return error("schema.invalid-value",
                     f"expected {str(ctx.get('discriminator', 'kind')).strip(chr(39))!r} to be "
                     "one of "
                     f"{ctx.get('expected_tags', '?')}, found {describe(ctx.get('tag'))}",
                     doc.locate(path))
    if kind == "union_tag_not_found":
        key = str(ctx.get("discriminator", "kind")).strip("'")
        return error("schema.missing-key", f"missing required key {key!r}",
                     _parent_location(doc, (*path, key)))
    if kind in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
        sign = {"greater_than": ">", "greater_than_equal": ">=", "less_than": "<",
                "less_than_equal": "<="}[kind]
        limit = next(iter(ctx.values()), "?")
        return error("schema.out-of-range",
                     f"expected a number {sign} {limit}, found {describe(found)}",
                     doc.locate(path))
    if kind == "string_pattern_mismatch":
        return error("schema.invalid-format",
                     f"expected text matching {ctx.get('pattern')}, found {describe(found)}",
                     doc.locate(path))
    if kind in ("too_short", "too_long", "string_too_short", "string_too_long"):
        return error("schema.wrong-length", _wrong_length(kind, ctx, found), doc.locate(path))
    if kind == "length":
        return error("schema.invalid-length", err.get("msg", ""), doc.locate(path))
    if kind == "value_error":
        return error("schema.invalid-value", _clean(err.get("msg", "")), doc.locate(path))
    code = kind if kind.startswith(("game.", "content.")) else f"schema.{kind.replace('_', '-')}"
    return error(code, _clean(err.get("msg", "invalid value")), doc.locate(path))


def _wrong_length(kind: str, ctx: dict[str, Any], found: Any) -> str:
    """Say what length a list, a mapping or a text should have had, and what it had."""
    bound = "at least" if kind.endswith("too_short") else "at most"
    limit = ctx.get("min_length" if kind.endswith("too_short") else "max_length", "?")
    if kind.startswith("string"):
        unit = "character" if limit == 1 else "characters"
        return f"expected text of {bound} {limit} {unit}, found {describe(found)}"
    what = "a mapping" if ctx.get("field_type") == "Dictionary" else "a list"
    actual = ctx.get("actual_length", len(found) if isinstance(found, list | dict) else "?")
    items = "item" if limit == 1 else "items"
    return (f"expected {what} of {bound} {limit} {items}, "
            f"found {actual} {'item' if actual == 1 else 'items'}")


def _clean(msg: str) -> str:
    prefix = "Value error, "
    msg = msg[len(prefix):] if msg.startswith(prefix) else msg
    return msg[:1].lower() + msg[1:]


def _parent_location(doc: Document, path: PathKey) -> Any:
    parent = path[:-1] if path else ()
    loc = doc.locate(parent)
    from dataclasses import replace

    from .loader import format_path
    return replace(loc, path=format_path(path))


def allowed_keys(root: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """Return the keys a mapping at ``loc`` may hold, by walking the model's annotations."""
    target: Any = root
    for part in loc:
        target = _step(target, part)
        if target is None:
            return []
    model = _as_model(target)
    return sorted(model.model_fields) if model else []


def _as_model(tp: Any) -> type[BaseModel] | None:
    tp = _unwrap(tp)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return tp
    return None


def _unwrap(tp: Any) -> Any:
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _step(tp: Any, part: Any) -> Any:
    tp = _unwrap(tp)
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        tagged = [o for o in options if _tag_matches(o, part)]
        if tagged:
            return tagged[0]
        if len(options) == 1:
            return _step(options[0], part)
        for option in options:
            stepped = _step(option, part)
            if stepped is not None:
                return stepped
        return None
    if origin in (list, tuple, set, frozenset):
        args = typing.get_args(tp)
        return args[0] if isinstance(part, int) and args else None
    if origin is dict:
        args = typing.get_args(tp)
        return args[1] if len(args) == 2 else None
    model = _as_model(tp)
    if model is not None and isinstance(part, str) and part in model.model_fields:
        return model.model_fields[part].annotation
    return None


def _tag_matches(tp: Any, part: Any) -> bool:
    model = _as_model(tp)
    if model is None or not isinstance(part, str):
        return False
    kind = model.model_fields.get("kind")
    if kind is None:
        return False
    return part in typing.get_args(_unwrap(kind.annotation))
