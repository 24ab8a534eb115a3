"""Resolved faces as JSON, so the cache can keep them: every layout model object becomes an
object naming its class (``{"@": "Box", ...}``), tuples become lists, and back again."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..core.identity import ByIdentity


@lru_cache(maxsize=1)
def _layout_classes() -> dict[str, type]:
    from ..layout import model

    return {name: obj for name, obj in vars(model).items()
            if isinstance(obj, type) and dataclasses.is_dataclass(obj)}


_FIELDS: dict[type, tuple[str, ...]] = {}


def _encode(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (tuple, list)):
        return [_encode(v) for v in value]
    cls = type(value)
    names = _FIELDS.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(value):
            raise TypeError(f"a face holds a {cls.__name__}, which the cache cannot store")
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(value))
    out: dict[str, Any] = {"@": cls.__name__}
    for name in names:
        out[name] = _encode(getattr(value, name))
    return out


def encode_element(value: Any) -> Any:
    """Return a layout model object as plain JSON values (objects name their class)."""
    return _encode(value)


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        cls = _layout_classes()[value["@"]]
        return cls(**{k: _decode(v) for k, v in value.items() if k != "@"})
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value


def encode_faces(faces: list[Any]) -> bytes:
    """Return resolved faces (layout model objects) as JSON bytes, keys sorted."""
    return ("[" + ",".join(face_text(f) for f in faces) + "]").encode()


def face_text(face: Any) -> str:
    """Return one face as JSON, keys sorted: what the cache keeps and what the face's
    version mark reads (when it holds no picture)."""
    return face_json(face, element_json)


def face_json(face: Any, element_json: Callable[[Any], str]) -> str:
    """Return one face as a JSON object, keys sorted, each of its elements as
    ``element_json`` writes it (once per element: faces share their frames and rules text);
    what ``json.dumps`` writes of the whole face, made a face at a time."""
    elements = getattr(face, "elements", None)
    if not dataclasses.is_dataclass(face) or isinstance(face, type) \
            or not isinstance(elements, tuple):
        return _dumps(_encode(face))
    encoded = object_fields(face)
    encoded["elements"] = _HOLE
    # What comes before the elements (the class, the background colour, the bleed) cannot
    # hold the hole's text: its first place is the elements'.
    return _SORTED_ENCODER.encode(encoded).replace(
        _HOLE_JSON, "[" + ",".join(element_json(e) for e in elements) + "]", 1)


_HOLE = "\0elements\0"
_HOLE_JSON = json.dumps(_HOLE)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True, allow_nan=True)


def object_fields(value: Any, drop: tuple[str, str] | None = None) -> dict[str, Any]:
    """Return a layout model object as a JSON object naming its class, its fields' values as
    they are (for json's own encoder to go on with), less the field ``drop`` names as
    (class, field); raise TypeError for anything else."""
    cls = type(value)
    names = _FIELDS.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            raise TypeError(f"a face holds a {cls.__name__}, which the cache cannot store")
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(value))
    out: dict[str, Any] = {"@": cls.__name__}
    skip = drop[1] if drop is not None and drop[0] == cls.__name__ else None
    for name in names:
        if name != skip:
            out[name] = getattr(value, name)
    return out


_SORTED_ENCODER = json.JSONEncoder(separators=(",", ":"), sort_keys=True, allow_nan=True,
                                   default=object_fields)
"""What ``_dumps(_encode(element))`` writes, in json's C encoder: an element's
objects are handed to :func:`object_fields` as the encoder meets them."""


def _element_json_now(element: Any) -> str:
    return _SORTED_ENCODER.encode(element)


element_json: ByIdentity[Any, str] = ByIdentity(_element_json_now)
"""An element as JSON, keys sorted, worked out once per element."""


def decode_faces(data: bytes) -> list[Any]:
    """Return the faces stored by :func:`encode_faces`; raises on anything else."""
    return decode_face_list(json.loads(data))


def decode_face_list(raw: Any) -> list[Any]:
    """Return faces from the JSON value :func:`encode_faces` wrote (already parsed)."""
    if not isinstance(raw, list):
        raise ValueError("expected a list of faces")
    return [_decode(v) for v in raw]
