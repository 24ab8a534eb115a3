"""What each drawn element covers (layout/coverage.py), as the check of a face's text reads
it."""

from __future__ import annotations

import gc
import weakref

from pnpcompiler.layout.coverage import element_inks
from pnpcompiler.layout.model import Box, Group, Paint
from pnpcompiler.layout.text import label


def test_inks_come_in_drawing_order_with_groups_opened() -> None:
    frame = Box(1.0, 1.0, 20.0, 30.0, Paint("#ffffff", "#000000", 0.5))
    title = label("Route AA103", 3.0, 6.0, 9.0)
    backdrop = Group("land", (Box(0.0, 0.0, 5.0, 5.0, Paint("#00ff00")),), backdrop=True)
    inks = element_inks([frame, Group("texts", (title, Group("inner", (frame,)))), backdrop],
                        start=2)
    assert [(ink.order, ink.element) for ink in inks] == [(2, frame), (3, title), (4, frame)]


def test_inks_are_freed_without_the_cycle_collector() -> None:
    # A build pauses the collector: what it leaves behind must go by reference counting.
    title = label("Route AA103", 3.0, 6.0, 9.0)
    paused = gc.isenabled()
    gc.disable()
    try:
        inks = element_inks([Group("texts", (title,))])
        gone = weakref.ref(inks[0])
        del inks
        assert gone() is None
    finally:
        if paused:
            gc.enable()
