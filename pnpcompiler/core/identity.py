"""What is worked out once per object: faces share their elements (a deck's frame, its rules
text), so drawing, checking and storing one of them is done once, looked up by the object
itself rather than by a hash of everything it holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ByIdentity(Generic[K, V]):
    """Values worked out from objects, by the object (each kept alive beside its value, so
    its ``id`` cannot be reused); at most ``most`` of them, all dropped when full."""

    def __init__(self, make: Callable[[K], V], most: int = 65_536) -> None:
        self.make = make
        self.most = most
        self.known: dict[int, tuple[K, V]] = {}

    def __call__(self, key: K) -> V:
        """Return the value for ``key``, worked out the first time it is asked for."""
        known = self.known.get(id(key))
        if known is not None and known[0] is key:
            return known[1]
        value = self.make(key)
        self.remember(key, value)
        return value

    def remember(self, key: K, value: V) -> None:
        """Keep ``value`` as ``key``'s, as if it had been worked out."""
        if len(self.known) >= self.most:
            self.known.clear()
        self.known[id(key)] = (key, value)
