"""Work started in a second process while the build goes on, its result collected later.

A kit's SVG faces take as long to draw as its PDF, and neither needs the other: drawing them
in a forked child uses the machine's second core. Where fork is unavailable or unsafe
(Windows, macOS) the work runs in this process when its result is asked for.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

CAN_FORK = hasattr(os, "fork") and sys.platform != "darwin"
"""macOS's system libraries are not safe to use in a forked child of a process using them."""


class Background(Generic[T]):
    """``make()`` running in a forked child; :meth:`result` waits for what it returned."""

    def __init__(self, make: Callable[[], T], *, fork: bool = True) -> None:
        self.make = make
        self.pid = 0
        self.pipe = -1
        if fork and CAN_FORK:
            self._start()

    def _start(self) -> None:
        read, write = os.pipe()
        parent = os.getpid()
        try:
            pid = os.fork()
        except OSError:  # no memory or too many processes: run it here instead
            os.close(read)
            os.close(write)
            return
        if pid == 0:
            os.close(read)
            _die_with(parent)
            _child(self.make, write)
        os.close(write)
        self.pid, self.pipe = pid, read

    def result(self) -> T:
        """Return what ``make()`` returned, made here if the child could not make it."""
        if not self.pid:
            return self.make()
        chunks = []
        with os.fdopen(self.pipe, "rb") as pipe:
            while chunk := pipe.read(1 << 20):
                chunks.append(chunk)
        _, status = os.waitpid(self.pid, 0)
        self.pid = 0
        if status != 0 or not chunks:
            return self.make()
        value: T = pickle.loads(b"".join(chunks))
        return value

    def cancel(self) -> None:
        """Stop the child when its result is no longer wanted (a build that failed)."""
        if not self.pid:
            return
        os.close(self.pipe)
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        self.pid = 0


PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal the kernel sends a process when its parent dies."""


def _die_with(parent: int) -> None:
    """Make this forked child end when ``parent`` does (a build killed with -9 or a signal it
    does not catch): it would otherwise go on writing into the dead build's stage. Linux ends
    it at once; elsewhere a thread looks every tenth of a second."""
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the kernel was asked to tell
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.1)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _child(make: Callable[[], object], pipe: int) -> None:
    """Run in the forked child: send ``make()``'s pickled result, then leave without running
    the parent's exit handlers (its open database and lock belong to the parent)."""
    status = 1
    try:
        data = pickle.dumps(make(), protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(pipe, view):]
        status = 0
    finally:
        os._exit(status)
