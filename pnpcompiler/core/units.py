"""Lengths with units (``"63.5mm"``), validated once and held in millimetres."""

from __future__ import annotations

import math
import re
from typing import Annotated

from pydantic import BeforeValidator, PlainSerializer, WithJsonSchema
from pydantic_core import PydanticCustomError

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}

_LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?|\.[0-9]+)\s*(mm|cm|in|pt)\s*$")
LENGTH_PATTERN = r"^\s*([0-9]+(\.[0-9]+)?|\.[0-9]+)\s*(mm|cm|in|pt)\s*$"


def parse_length(value: object) -> float:
    """Parse ``"63.5mm"``, ``"2.5in"``, ``"10pt"`` or ``"1cm"`` into millimetres."""
    if isinstance(value, bool):
        raise PydanticCustomError("length", "expected a length like '63.5mm' (units: mm, cm, "
                                  "in, pt), found {found}", {"found": repr(value)})
    if isinstance(value, (int, float)):
        raise PydanticCustomError(
            "length", "expected a length with a unit like '{value}mm', found the bare number "
            "{value}", {"value": value})
    if not isinstance(value, str):
        raise PydanticCustomError("length", "expected a length like '63.5mm' (units: mm, cm, in,"
                                  " pt), found {found}", {"found": type(value).__name__})
    match = _LENGTH.match(value)
    if not match:
        raise PydanticCustomError(
            "length", "expected a length like '63.5mm' (units: mm, cm, in, pt), found {found}",
            {"found": repr(value)})
    mm = float(match.group(1)) * MM_PER_UNIT[match.group(2)]
    if not math.isfinite(mm) or mm > 10_000:
        raise PydanticCustomError("length", "length {found} is longer than 10 m",
                                  {"found": repr(value)})
    return mm


def format_mm(mm: float) -> str:
    """Format millimetres the way content writes them (``"63.5mm"``)."""
    return f"{round(mm, 4):g}mm"


#: A length in content: written with a unit, held as millimetres, exported as ``"<n>mm"``.
Length = Annotated[
    float,
    BeforeValidator(parse_length),
    PlainSerializer(format_mm, return_type=str),
    WithJsonSchema({"type": "string", "pattern": LENGTH_PATTERN,
                    "description": "A length with a unit: mm, cm, in or pt (e.g. '63.5mm')."}),
]
