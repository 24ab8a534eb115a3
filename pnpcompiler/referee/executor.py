"""Where many tasks run: in this process, on a pool of local processes, or on a Dask
distributed cluster; results always come back in the tasks' order.

``pnp referee --batch`` and ``pnp simulate`` share it. A task is one call of a module-level
function on a picklable value (a chunk of records, a chunk of games), large enough that
handing it to a worker costs little beside running it. Results are yielded in the order of
the tasks whichever worker finished first, so what a run writes is the same bytes with one
process, many, or a cluster.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from itertools import chain, islice
from typing import Any, Protocol, TypeVar

from ..core.cores import usable_cores

T = TypeVar("T")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class Pending(Protocol[R_co]):
    """A task handed to workers: a local pool's future or a Dask one."""

    def result(self) -> R_co:
        """Wait for the task; return what it returned."""

    def cancel(self) -> Any:
        """Cancel the task if it has not started."""


class SchedulerError(Exception):
    """A Dask scheduler was asked for and cannot be used (the extra is not installed, or
    nothing answers at its address)."""


TASKS_AHEAD = 4
"""Tasks handed to the workers ahead of the one whose result is awaited, a worker (a Dask
worker thread): enough to keep every worker busy, few enough that a run of any length holds
only these in memory."""


def run_tasks(work: Callable[[T], R], tasks: Iterable[T], *, jobs: int | None = None,
              scheduler: str | None = None) -> Iterator[R]:
    """Run ``work`` on every task and yield the results in the tasks' order: on the Dask
    cluster whose scheduler is at ``scheduler`` (``tcp://HOST:PORT``), else on ``jobs``
    local processes (every core when None; one runs them here), taking the tasks from
    ``tasks`` as the workers need them."""
    if scheduler is not None:
        yield from _on_dask(work, tasks, scheduler)
        return
    jobs = jobs or usable_cores()
    pending = iter(tasks)
    first = list(islice(pending, jobs))
    if jobs == 1 or len(first) <= 1:
        for task in chain(first, pending):
            yield work(task)
        return
    with process_pool(len(first)) as pool:
        yield from _in_order(pool.submit, work, chain(first, pending),
                             TASKS_AHEAD * len(first))


def _in_order(submit: Callable[[Callable[[T], R], T], Pending[R]], work: Callable[[T], R],
              tasks: Iterator[T], ahead: int) -> Iterator[R]:
    """Yield each task's result in the tasks' order, with at most ``ahead`` tasks handed
    to the workers at a time; those not started are cancelled when the caller stops
    early."""
    running: deque[Pending[R]] = deque(submit(work, task) for task in islice(tasks, ahead))
    try:
        while running:
            result = running.popleft().result()
            running.extend(submit(work, task) for task in islice(tasks, 1))
            yield result
    finally:
        for future in running:
            future.cancel()


def process_pool(workers: int) -> Executor:
    """Return a process pool that starts its workers by fork where that is safe (a worker
    then shares what this process has loaded)."""
    import multiprocessing
    import sys

    method = "fork" if sys.platform.startswith("linux") else None
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method))


def _on_dask(work: Callable[[T], R], tasks: Iterable[T], scheduler: str) -> Iterator[R]:
    """Run the tasks on a Dask cluster; a worker lost mid-task has its tasks run again
    elsewhere by the scheduler, so no task is lost."""
    try:
        from distributed import Client
    except ImportError as exc:
        raise SchedulerError("--scheduler needs Dask distributed: pip install "
                             "'pnpcompiler[dask]'") from exc
    try:
        client = Client(scheduler, timeout="10s")  # type: ignore[no-untyped-call]
    except OSError as exc:
        raise SchedulerError(f"no Dask scheduler answers at {scheduler}: {exc}") from exc
    with client:
        threads = sum(client.nthreads().values())  # type: ignore[no-untyped-call]
        # pure=False: two equal tasks are still two tasks. Handed out as the workers need
        # them, as on a local pool: a run of any length holds only these.
        yield from _in_order(partial(client.submit, pure=False), work, iter(tasks),
                             TASKS_AHEAD * max(threads, 2))
