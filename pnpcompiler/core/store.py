"""The cache's store: content-addressed entries of one game in one SQLite file.

Entries are JSON or plain bytes, never pickles, each checked against its own SHA-256 when
read: an entry (or a whole file) that is damaged is ignored and made again. The file is only
a cache, safe to delete. The build keeps its pieces here and the content's rule checks keep
their findings, so ``pnp build`` and ``pnp referee`` share them.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from .digests import canonical_json

CACHE_DIR = ".cache"
"""The cache's folder inside an output folder: ``OUT/.cache/<game>/``."""
MAX_AGE_DAYS = 30
"""Entries not used for this long are removed after a build."""


class Cache:
    """Content-addressed entries of one game, kept in one SQLite file
    (``OUT/.cache/<game>/pieces.sqlite``, written in one transaction per build). A disabled
    cache (``root`` None) finds nothing and keeps nothing; a damaged one is started afresh."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self._db: sqlite3.Connection | None = None
        self._used: list[tuple[str, str]] = []
        self._broken = False
        self._kinds: set[str] = set()
        """The kinds of entry the file held when opened: a cold build asks for none."""
        self._put: set[tuple[str, str]] = set()
        """What this build stored."""

    @property
    def enabled(self) -> bool:
        return self.root is not None and not self._broken

    def __enter__(self) -> Cache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _connect(self) -> sqlite3.Connection | None:
        if self._db is not None or self.root is None or self._broken:
            return self._db
        path = self.root / "pieces.sqlite"
        for attempt in range(2):
            try:
                self.root.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(path)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                # A rowid table: its entries (a face's JSON, a PDF) are too big for a
                # table kept in key order, where each insert at a random key moves them.
                db.execute("CREATE TABLE IF NOT EXISTS pieces (kind TEXT, key TEXT, sha TEXT, "
                           "data BLOB, used INTEGER, PRIMARY KEY (kind, key))")
                self._kinds = {kind for kind, in db.execute("SELECT DISTINCT kind FROM pieces")}
                self._db = db
                return db
            except sqlite3.Error:
                # Not a database any more (damaged, truncated): it is only a cache.
                for extra in ("", "-wal", "-shm"):
                    with contextlib.suppress(OSError):
                        Path(f"{path}{extra}").unlink()
                if attempt:
                    self._broken = True
            except OSError:
                self._broken = True
                return None
        return None

    def _failed(self) -> None:
        """A read or write failed: go on without the cache for the rest of the build."""
        self._broken = True
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None

    def get(self, kind: str, key: str) -> bytes | None:
        """Return the bytes stored under ``key``, or None (missing, damaged, disabled)."""
        db = self._connect()
        if db is None or (kind not in self._kinds and (kind, key) not in self._put):
            return None
        try:
            row = db.execute("SELECT sha, data FROM pieces WHERE kind = ? AND key = ?",
                             (kind, key)).fetchone()
        except sqlite3.Error:
            self._failed()
            return None
        if (row is None or not isinstance(row[1], bytes)
                or row[0] != hashlib.sha256(row[1]).hexdigest()):
            return None
        self._used.append((kind, key))
        return row[1]

    def put(self, kind: str, key: str, data: bytes) -> None:
        """Store ``data`` under ``key`` (kept when the build closes the cache)."""
        db = self._connect()
        if db is None:
            return
        try:
            db.execute("INSERT OR REPLACE INTO pieces VALUES (?, ?, ?, ?, ?)",
                       (kind, key, hashlib.sha256(data).hexdigest(), data, int(time.time())))
        except sqlite3.Error:
            self._failed()
            return
        self._put.add((kind, key))

    def get_json(self, kind: str, key: str) -> Any:
        """Return the JSON value stored under ``key``, or None."""
        data = self.get(kind, key)
        if data is None:
            return None
        try:
            return json.loads(data)
        except ValueError:
            return None

    def put_json(self, kind: str, key: str, value: Any) -> None:
        """Store ``value`` as JSON under ``key``; a value JSON cannot hold is not kept."""
        try:
            data = canonical_json(value).encode()
        except (TypeError, ValueError):
            return
        self.put(kind, key, data)

    def prune(self, max_age_days: float = MAX_AGE_DAYS) -> int:
        """Forget entries not used for ``max_age_days``; return how many went."""
        db = self._connect()
        if db is None:
            return 0
        try:
            self._mark_used()
            gone = db.execute("DELETE FROM pieces WHERE used < ?",
                              (int(time.time() - max_age_days * 86400),)).rowcount
        except sqlite3.Error:
            self._failed()
            return 0
        return int(gone)

    def _mark_used(self) -> None:
        if self._db is not None and self._used:
            now = int(time.time())
            self._db.executemany("UPDATE pieces SET used = ? WHERE kind = ? AND key = ?",
                                 [(now, kind, key) for kind, key in self._used])
            self._used = []

    def close(self) -> None:
        """Keep what this build stored and used, and let the file go."""
        if self._db is None:
            return
        try:
            self._mark_used()
            self._db.commit()
            self._db.close()
        except sqlite3.Error:
            pass
        self._db = None
