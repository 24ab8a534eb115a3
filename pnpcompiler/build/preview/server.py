"""The preview server: the page, each game's state as JSON, each face's SVG, and server-sent
events telling the open page that something changed; the standard library's threading HTTP
server, bound to 127.0.0.1 only.

The folders are watched (watchfiles) in the thread that calls :meth:`Preview.watch`; a save
lays out only the games whose files changed. Nothing a file holds stops the server: an
update that fails is shown on the page as a finding of its game, which keeps its last good
drawing.
"""

from __future__ import annotations

import json
import threading
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.findings import error
from ..options import BuildOptions, Project
from .view import Drawings, GameView, look, view_json

HOST = "127.0.0.1"
HEARTBEAT = 10.0
"""Seconds between the comments that keep an idle event stream open."""


@dataclass
class Preview:
    """The games on the page and what they show, updated as their files change."""

    project: Project
    games: Sequence[str]
    options: BuildOptions = field(default_factory=BuildOptions)
    drawings: Drawings = field(default_factory=Drawings)
    views: dict[str, GameView] = field(default_factory=dict)
    version: int = 0
    changed: threading.Condition = field(default_factory=threading.Condition)
    stopping: threading.Event = field(default_factory=threading.Event)

    def refresh(self, slugs: Sequence[str]) -> None:
        """Lay ``slugs`` out again (each through the build cache) and tell the page."""
        from ..pipeline import Build

        # A fresh build reads the templates again; the cache keeps what did not change.
        build = Build(self.project, self.options)
        # The other games' cards changed at an earlier update: not highlighted again.
        views = {slug: replace(view, changed=()) for slug, view in self.views.items()}
        for slug in slugs:
            last = views.get(slug)
            try:
                views[slug] = look(build, slug, self.drawings, last)
            except Exception as exc:  # a file must never stop the server
                views[slug] = _failed(slug, last, exc)
        self.drawings.keep_only({card.svg for view in views.values() for card in view.cards()})
        with self.changed:
            self.views = views
            self.version += 1
            self.changed.notify_all()

    def state(self) -> dict[str, Any]:
        """Return every game as the page reads it."""
        with self.changed:
            views, version = self.views, self.version
        return {"version": version,
                "games": [view_json(views[slug]) for slug in self.games if slug in views]}

    def games_of(self, paths: Sequence[Path]) -> list[str]:
        """Return the games a change of ``paths`` concerns: the game whose content or
        templates folder holds the file, or every game for a template shared by all."""
        touched: set[str] = set()
        content = self.project.content.resolve()
        folders = [folder.resolve() for folder in self.project.templates]
        for path in (p.resolve() for p in paths):
            for root in (content, *folders):
                if path.is_relative_to(root):
                    first = path.relative_to(root).parts[:1]
                    if first and first[0] in self.games:
                        touched.add(first[0])
                    elif root != content:
                        touched.update(self.games)
        return [slug for slug in self.games if slug in touched]

    def watch(self, ready: Callable[[], None] | None = None) -> None:
        """Lay every game out again whenever its files change, until :meth:`stop`."""
        import watchfiles

        folders = [p for p in (self.project.content, *self.project.templates) if p.is_dir()]
        # Yielding on each timeout tells when the watch is in place: a save after ready() is
        # seen.
        for changes in watchfiles.watch(*folders, stop_event=self.stopping, debounce=200,
                                        step=50, rust_timeout=300, yield_on_timeout=True,
                                        raise_interrupt=False):
            if self.stopping.is_set():
                break
            if ready is not None:
                ready()
                ready = None
            slugs = self.games_of([Path(path) for _, path in changes])
            if slugs:
                self.refresh(slugs)

    def stop(self) -> None:
        """Stop watching and end every open event stream."""
        self.stopping.set()
        with self.changed:
            self.changed.notify_all()


def _failed(slug: str, last: GameView | None, exc: Exception) -> GameView:
    """Return the game as it last showed, with the failure as its finding."""
    where = traceback.extract_tb(exc.__traceback__)[-1]
    finding = error("preview.failed", f"the update failed: {type(exc).__name__}: {exc} "
                    f"({Path(where.filename).name}:{where.lineno})")
    if last is None:
        return GameView(slug, slug, (), (finding,))
    return GameView(slug, last.title, last.families, (finding,))


def page_html() -> bytes:
    """Return the page (``page.html`` beside this module)."""
    return resources.files(__package__).joinpath("page.html").read_bytes()


class PreviewHandler(BaseHTTPRequestHandler):
    """Answers the page's requests."""

    server: PreviewServer

    def do_GET(self) -> None:
        """Serve the page, the state, a face or the event stream."""
        path = self.path.split("?", 1)[0]
        preview = self.server.preview
        if path == "/":
            self.send(page_html(), "text/html; charset=utf-8")
        elif path == "/state":
            self.send(json.dumps(preview.state()).encode(), "application/json",
                      cache="no-store")
        elif path.startswith("/face/") and path.endswith(".svg"):
            svg = preview.drawings.get(path[len("/face/"):-len(".svg")])
            if svg is None:
                self.send_error(HTTPStatus.NOT_FOUND)
            else:
                self.send(svg.encode(), "image/svg+xml",
                          cache="public, max-age=31536000, immutable")
        elif path == "/events":
            self.stream(preview)
        else:
            self.send_error(HTTPStatus.NOT_FOUND)

    def send(self, body: bytes, kind: str, cache: str = "no-cache") -> None:
        """Send a whole answer."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.end_headers()
        self.wfile.write(body)

    def stream(self, preview: Preview) -> None:
        """Send an ``update`` event each time the state changes, until the server stops or
        the page goes."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        seen = -1
        try:
            while not preview.stopping.is_set():
                with preview.changed:
                    if preview.version == seen:
                        preview.changed.wait(HEARTBEAT)
                    version = preview.version
                if version != seen:
                    seen = version
                    self.wfile.write(f"event: update\ndata: {version}\n\n".encode())
                else:
                    self.wfile.write(b": still here\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page was closed

    def log_message(self, format: str, *args: Any) -> None:
        """Say nothing of each request."""


class PreviewServer(ThreadingHTTPServer):
    """The HTTP server of one preview."""

    daemon_threads = True
    block_on_close = False

    def __init__(self, preview: Preview, port: int) -> None:
        self.preview = preview
        super().__init__((HOST, port), PreviewHandler)

    @property
    def url(self) -> str:
        """Return the page's address."""
        return f"http://{HOST}:{self.server_address[1]}/"
