"""``pnp preview``: lay the games out, serve the page, lay out again what each save changes,
until Ctrl-C."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from ..build.options import BuildOptions, Project
from ..build.preview.server import Preview, PreviewServer
from ..content.project import select_games


class PortUnavailable(Exception):
    """The port asked for cannot be served on (taken, or not allowed)."""


def serve_preview(project: Project, games: Sequence[str] | None, port: int,
                  say: Callable[[str], None]) -> None:
    """Serve the preview of ``games`` (all when None) on 127.0.0.1:``port`` (a free port when
    0) until interrupted; stop cleanly on Ctrl-C. Raises ``UsageError`` for a game the
    project does not have and :class:`PortUnavailable` when the port is taken."""
    slugs = select_games(project.content, list(games) if games is not None else None)
    preview = Preview(project, slugs, BuildOptions())
    try:
        server = PreviewServer(preview, port)
    except OSError as exc:
        raise PortUnavailable(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}"
                              ) from None
    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2},
                               name="preview-server", daemon=True)
    # Ctrl-C asks the watch to end (it looks every 50 ms) rather than raising wherever the
    # main thread happens to be: in a layout, in the watcher's own wait, or between the two.
    previous = signal.signal(signal.SIGINT, lambda *_: preview.stop())
    try:
        say(f"laying out {', '.join(slugs)} ...")
        preview.refresh(slugs)
        serving.start()
        preview.watch(ready=lambda: say(f"serving {server.url} (watching {_folders(project)}; "
                                        "Ctrl-C to stop)"))
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGINT, previous)
        preview.stop()
        if serving.is_alive():
            server.shutdown()
            serving.join(timeout=5)
        server.server_close()
    say("stopped")


def _folders(project: Project) -> str:
    """Return the folders watched, as the command line gave them."""
    return ", ".join(str(Path(p)) for p in (project.content, *project.templates))
