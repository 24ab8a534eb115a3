"""The base of every content model: pydantic, strict about keys, aware of where it came from."""

from __future__ import annotations

import typing
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler
from pydantic_core import CoreSchema

from .findings import Location

if TYPE_CHECKING:
    from .loader import Document, PathKey

#: Identifiers in content: lowercase words joined by hyphens or underscores (``hand-off-aa105``).
Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=80,
                          description="An identifier: letters, digits, '-', '_' or '.'.")]

REFERS_TO = "x-refers-to"
"""The JSON Schema keyword that names what a field refers to; ``pnp schema`` adds the values
the project's content defines for it as an ``enum``."""
OPEN_REFERENCE = "x-reference-open"
"""Marks a reference that may also name what the content does not define (a Celebrity Jet's
plane ID): its values are ``examples`` to complete, not an ``enum`` to insist on."""


@dataclass(frozen=True)
class RefersTo:
    """Marks a value (in ``Annotated``) as naming something defined elsewhere, a ``kind`` of
    reference (``template``, ``card-back``, a game's ``route``): its JSON Schema says so, and
    ``pnp schema`` lists the values the content defines, so editors complete them."""

    kind: str
    closed: bool = True
    """Whether only the values the content defines are right (else they are suggestions)."""

    def __get_pydantic_json_schema__(self, core_schema: Any, handler: Any) -> dict[str, Any]:
        schema: dict[str, Any] = handler(core_schema)
        target = handler.resolve_ref_schema(schema)
        target[REFERS_TO] = self.kind
        if not self.closed:
            target[OPEN_REFERENCE] = True
        return schema


#: Where a value comes from: the rulebook's text, or the content author (a picture was missing).
Source = Literal["rulebook", "designer", "mixed"]

#: A scalar a template can print.
Scalar = str | int | float | bool | None


def _strict_numbers(schema: Any) -> None:
    """Make every integer and float value inside a pydantic core schema strict, in place
    (not a mapping's keys: JSON writes ``{1: "n"}`` as ``{"1": "n"}``, and an export is read
    back)."""
    if isinstance(schema, dict):
        if schema.get("type") in ("int", "float"):
            schema["strict"] = True
        for name, value in schema.items():
            if name != "keys_schema":
                _strict_numbers(value)
    elif isinstance(schema, list):
        for value in schema:
            _strict_numbers(value)


class Model(BaseModel):
    """Base for content models: unknown keys are errors; each instance knows its source."""

    # Attribute docstrings become field descriptions only when JSON Schemas are written
    # (schemas.with_field_docstrings): reading every class's source costs each run of pnp.
    model_config = ConfigDict(extra="forbid", validate_default=False,
                              populate_by_name=False)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: type[BaseModel],
                                     handler: GetCoreSchemaHandler) -> CoreSchema:
        # A number is written as a number: pydantic would read ``true`` as 1, ``"12"`` as
        # 12 and ``3.0`` as 3 for an integer (a float still takes an integer).
        schema = handler(source)
        _strict_numbers(schema)
        return schema

    # The document and path a model was read from live in pydantic's store of private
    # attributes, which attach_source fills, but are not declared as pydantic private
    # attributes: pydantic would then run a Python function to make each instance's store
    # (a record's hundreds of models took four times as long to validate).
    if TYPE_CHECKING:
        _doc: Document | None
        _path: PathKey
    else:
        def __getattr__(self, name: str) -> Any:
            if name in _SOURCE:
                private = self.__pydantic_private__
                return private.get(name, _SOURCE[name]) if private else _SOURCE[name]
            return super().__getattr__(name)

    def where(self, *parts: str | int, key: bool = False) -> Location | None:
        """Return the source location of this object, or of a path inside it (``"rows", 3``)."""
        # Straight from pydantic's store of private attributes: a deck asks this of every
        # card, and pydantic's __getattr__ takes the long way to each private name.
        private = self.__pydantic_private__
        if private is None:
            return None
        doc: Document | None = private.get("_doc")
        if doc is None:
            return None
        return doc.locate((*private["_path"], *parts), key=key)

    @property
    def source_file(self) -> str | None:
        """Return the content file this object was read from."""
        return self._doc.file if self._doc else None

    def lend_source(self, other: Model, *parts: str | int) -> None:
        """Give ``other``, a model made from what lies at ``parts`` inside this one, that
        place as its source: its findings then point into this one's file."""
        if self._doc is not None:
            attach_source(other, self._doc, (*self._path, *parts))


def attach_source(obj: Any, doc: Document, path: PathKey = ()) -> None:
    """Record the document and path of every model inside ``obj`` (after validation)."""
    if isinstance(obj, Model):
        # Straight into pydantic's store of private attributes: every model of every content
        # file and record passes through here.
        private = obj.__pydantic_private__
        if private is None:
            object.__setattr__(obj, "__pydantic_private__", {"_doc": doc, "_path": path})
        else:
            private["_doc"], private["_path"] = doc, path
        values = obj.__dict__
        for name in _fields_holding_models(type(obj)):
            item = values.get(name)
            if type(item) not in _LEAVES:
                attach_source(item, doc, (*path, name))
    elif isinstance(obj, (list, tuple)):
        for i, item in enumerate(obj):
            if type(item) not in _LEAVES:
                attach_source(item, doc, (*path, i))
    elif isinstance(obj, dict):
        for k, item in obj.items():
            if type(item) not in _LEAVES:
                attach_source(item, doc, (*path, k))


_LEAVES = frozenset({str, int, float, bool, type(None)})
_SOURCE: dict[str, Any] = {"_doc": None, "_path": ()}
"""What a model not read from a document gives for its document and path."""
_HOLDING: dict[type[Model], tuple[str, ...]] = {}


def _fields_holding_models(kind: type[Model]) -> tuple[str, ...]:
    """Return the fields of a kind of model whose values may hold models (worked out once a
    kind): a record's lists of dice and names need no walk."""
    names = _HOLDING.get(kind)
    if names is None:
        names = _HOLDING[kind] = tuple(name for name, info in kind.model_fields.items()
                                       if _may_hold_models(info.annotation))
    return names


def _may_hold_models(tp: Any) -> bool:
    """Return whether a value of type ``tp`` may be or hold a model (when in doubt, yes)."""
    origin = typing.get_origin(tp)
    if origin is Annotated:
        return _may_hold_models(typing.get_args(tp)[0])
    if origin is Literal:
        return False
    if origin is not None:  # a list, tuple, dict or union of types
        return any(_may_hold_models(arg) for arg in typing.get_args(tp) if arg is not ...)
    if isinstance(tp, type):
        return not issubclass(tp, (str, int, float, bool, bytes, Enum, type(None)))
    return True  # Any, a type variable: whatever it is
