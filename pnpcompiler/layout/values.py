"""Values a template gives, read as numbers and lengths, and shown in findings."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from ..core.units import parse_length


@lru_cache(maxsize=4096)
def _length(text: str) -> float:
    """Return a length written with a unit (``"3mm"``) in mm, parsed once per text."""
    return parse_length(text)


def as_number(value: Any) -> float | None:
    """Return ``value`` as a finite number, None when it is not one."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        number = float(value)
    except (ValueError, OverflowError):
        return None
    return number if math.isfinite(number) else None


def as_length(value: Any) -> float | None:
    """Return a length (a number of mm, or text with a unit) in mm, None when it is not one."""
    number = as_number(value)
    if number is not None or not isinstance(value, str):
        return number
    try:
        return _length(value)
    except ValueError:
        return None


def shown(value: Any) -> str:
    """Return a value as a finding shows it: short, and its type when it is no text."""
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 60 else text[:57] + '...'}"
