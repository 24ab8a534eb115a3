"""Resolved faces as JSON, so the cache can keep them: every layout model object becomes an
object naming its class (``{"@": "Box", ...}``), tuples become lists, and back again."""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from typing import Any


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


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        cls = _layout_classes()[value["@"]]
        return cls(**{k: _decode(v) for k, v in value.items() if k != "@"})
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value


def encode_faces(faces: list[Any]) -> bytes:
    """Return resolved faces (layout model objects) as JSON bytes."""
    return json.dumps([_encode(f) for f in faces], separators=(",", ":")).encode()


def decode_faces(data: bytes) -> list[Any]:
    """Return the faces stored by :func:`encode_faces`; raises on anything else."""
    return decode_face_list(json.loads(data))


def decode_face_list(raw: Any) -> list[Any]:
    """Return faces from the JSON value :func:`encode_faces` wrote (already parsed)."""
    if not isinstance(raw, list):
        raise ValueError("expected a list of faces")
    return [_decode(v) for v in raw]
