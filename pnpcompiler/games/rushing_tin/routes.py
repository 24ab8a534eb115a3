"""Rushing Tin route codes and schedule times.

A route code is the airline's initials, the entry level, a type digit (0 single route, 1
multi-route via the airport) and the exit level: ``AA105`` is airline AA from the airport
(level 1) to the level-5 exit. Celebrity Jets use ``CJ`` (``CJ102``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

ROUTE_CODE = re.compile(r"^(?P<airline>[A-Z]{2})(?P<entry>[1-6])(?P<type>[01])(?P<exit>[1-6])$")
ROUTE_CODE_PATTERN = r"^[A-Z]{2}[1-6][01][1-6]$"
SCHEDULE = re.compile(r"^(?P<h>[0-9]{1,2}):(?P<m>[0-5][0-9])$")
SCHEDULE_PATTERN = r"^[0-9]{1,2}:[0-5][0-9]$"
CELEBRITY = "CJ"
TURN_MINUTES = 15


@dataclass(frozen=True)
class Route:
    """A decoded route code."""

    code: str
    airline: str
    entry: int
    multi: bool
    exit: int

    @property
    def type_name(self) -> str:
        """Return ``single``, ``multi`` or ``celebrity``."""
        if self.airline == CELEBRITY:
            return "celebrity"
        return "multi" if self.multi else "single"


def parse_route(code: str) -> Route | None:
    """Decode a route code, or return None when it does not follow the grammar."""
    match = ROUTE_CODE.match(code)
    if not match:
        return None
    return Route(code, match["airline"], int(match["entry"]), match["type"] == "1",
                 int(match["exit"]))


@lru_cache(maxsize=1024)
def minutes(text: str) -> int | None:
    """Return the minutes in ``H:MM``, or None when it is not a time (each text read once:
    a shift's replay reads the same few times every turn)."""
    match = SCHEDULE.match(text)
    if not match:
        return None
    return int(match["h"]) * 60 + int(match["m"])


def hhmm(total: int) -> str:
    """Format minutes as ``H:MM``."""
    return f"{total // 60}:{total % 60:02d}"
