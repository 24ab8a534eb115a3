"""Where tasks run: results in the tasks' order, and tasks taken as they are needed."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from pnpcompiler.referee.executor import run_tasks


def _double(n: int) -> int:
    return 2 * n


def test_results_come_in_the_tasks_order_on_a_pool() -> None:
    assert list(run_tasks(_double, range(50), jobs=2)) == [2 * n for n in range(50)]


def test_a_pool_takes_tasks_as_it_needs_them() -> None:
    """A huge run (pnp simulate --games 10**12) hands its tasks out a few at a time: taking
    them all first held every one in memory and was killed for it."""
    taken = 0

    def tasks() -> Iterator[int]:
        nonlocal taken
        for n in range(10_000):
            taken += 1
            yield n

    assert list(islice(run_tasks(_double, tasks(), jobs=2), 5)) == [0, 2, 4, 6, 8]
    assert taken < 100
