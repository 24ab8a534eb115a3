"""Resolved faces as JSON, so the cache can keep them: every layout model object becomes an
object naming its class (``{"@": "Box", ...}``), tuples become lists, and back again.

The face cache keeps each face with its elements as JSON texts (:func:`face_texts`),
and a :class:`FaceReader` decodes each distinct text once: faces read back share their
elements (a deck's frame, its rules text) as faces resolved afresh do, so the PDF draws a
shared element once however many faces hold it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from functools import lru_cache
from json.encoder import encode_basestring_ascii
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
    before, after = _shell(face)
    return f"{before}[{','.join(map(element_json, elements))}]{after}"


def _shell(face: Any) -> tuple[str, str]:
    """Return a face's JSON, keys sorted, before and after its elements' list."""
    encoded = object_fields(face)
    encoded["elements"] = _HOLE
    # What comes before the elements (the class, the background colour, the bleed) cannot
    # hold the hole's text: its first place is the elements'.
    before, _, after = _SORTED_ENCODER.encode(encoded).partition(_HOLE_JSON)
    return before, after


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


def _element_text_now(element: Any) -> str:
    return encode_basestring_ascii(element_json(element))


element_text: ByIdentity[Any, str] = ByIdentity(_element_text_now)
"""An element's JSON as a JSON string (quoted), worked out once per element."""


def face_texts(face: Any) -> tuple[str, str]:
    """Return a :class:`~pnpcompiler.layout.model.Face` as :func:`face_text` writes it and as
    the face cache keeps it: the same JSON object but for its ``elements``, there a list of
    the elements' JSON texts (each as :data:`element_json` writes it, quoted)."""
    before, after = _shell(face)
    elements = face.elements
    return (f"{before}[{','.join(map(element_json, elements))}]{after}",
            f"{before}[{','.join(map(element_text, elements))}]{after}")


class FaceReader:
    """Reads faces as the face cache keeps them (:func:`face_texts`), each distinct element
    text decoded once for every face that holds it; elements it is told of (:meth:`know`)
    are shared too."""

    def __init__(self) -> None:
        self.elements: dict[str, Any] = {}
        """Decoded elements by their JSON text."""

    def face(self, raw: Any) -> Any:
        """Return the face ``raw`` (a face as the cache keeps it, parsed) holds; raise
        ValueError, KeyError or TypeError for anything else."""
        if not isinstance(raw, dict) or not isinstance(texts := raw.get("elements"), list):
            raise ValueError("expected a face with a list of element texts")
        elements = tuple(self.element(text) for text in texts)
        cls = _layout_classes()[raw["@"]]
        return cls(elements=elements,
                   **{k: _decode(v) for k, v in raw.items() if k not in ("@", "elements")})

    def element(self, text: Any) -> Any:
        """Return the element whose JSON is ``text``, decoded the first time it is met."""
        known = self.elements.get(text)
        if known is None:
            if not isinstance(text, str):
                raise TypeError("expected an element's JSON text")
            known = self.elements[text] = _decode(json.loads(text))
        return known

    def know(self, face: Any) -> None:
        """Share ``face``'s elements (a face resolved afresh) with the faces read later."""
        for element in face.elements:
            self.elements.setdefault(element_json(element), element)


def decode_faces(data: bytes) -> list[Any]:
    """Return the faces stored by :func:`encode_faces`; raises on anything else."""
    return decode_face_list(json.loads(data))


def decode_face_list(raw: Any) -> list[Any]:
    """Return faces from the JSON value :func:`encode_faces` wrote (already parsed)."""
    if not isinstance(raw, list):
        raise ValueError("expected a list of faces")
    return [_decode(v) for v in raw]
