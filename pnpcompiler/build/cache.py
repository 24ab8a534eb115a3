"""The build cache and the staged output folder: rebuilds redo only what changed, and a build
that fails or is interrupted leaves the previous kit as it was.

The cache lives in ``OUT/.cache/<game>/`` and works on two levels:

- **The whole build.** The digest of everything a build reads (pnp's own code and the
  versions of the libraries that draw, the game's content folder, the templates folder, the
  options) names the last build's record: its findings and the files it wrote, with their
  sizes, times and hashes. When the digest matches and those files are untouched, the game
  is not even loaded: the build reports the same findings and says it is up to date.
- **Pieces.** Every face resolved from a template is stored under the digest of its inputs
  (the templates, the game's non-YAML files such as images and fonts, the item's data, size,
  bleed and position in the content), and so are its SVG and PNG, each board PDF and the kit
  PDF (under the digests of the faces they draw). Changing one card re-resolves and redraws
  that card; the kit PDF is drawn again from the cached faces of the others.

Entries are JSON or plain bytes, never pickles, kept in one SQLite file and each checked
against its own SHA-256 when read: an entry (or a whole file) that is damaged is ignored and
made again. The whole folder is safe to delete.

Outputs are written to a stage folder inside the cache and moved into ``OUT/<game>/`` only
when every file of the build has been made (:class:`Stage`). Files whose bytes did not
change are left alone, so their modification times say when they last changed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import shutil
import sqlite3
import stat
import sys
import time
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.files import write_atomic
from ..core.findings import Finding, Location, Severity

if TYPE_CHECKING:
    from ..content.project import GameContent

CACHE_DIR = ".cache"
FORMAT = "pnp-cache-1"
"""Changes when the layout of the cache changes; older entries are then simply not found."""
MAX_AGE_DAYS = 30
"""Entries not used for this long are removed after a build."""

_LIBRARIES = ("reportlab", "rl_accel", "svgwrite", "jinja2", "pypdfium2", "pillow", "shapely",
              "pydantic", "pyyaml")


def digest(*parts: str | bytes) -> str:
    """Return the SHA-256 (hex) of the parts, each length-prefixed so they cannot run
    together."""
    h = hashlib.sha256()
    for part in parts:
        raw = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(raw).to_bytes(8, "little"))
        h.update(raw)
    return h.hexdigest()


def _visible_files(folder: Path) -> Iterator[tuple[str, Path]]:
    """Yield (relative posix path, path) of the files under ``folder``, sorted, skipping
    hidden files and folders and Python caches."""
    if not folder.is_dir():
        return
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"]
        for name in files:
            if not name.startswith("."):
                path = Path(root) / name
                found.append((path.relative_to(folder).as_posix(), path))
    yield from sorted(found)


def tree_digest(folder: Path) -> str:
    """Return the digest of every visible file under ``folder``: names and bytes."""
    return tree_digests(folder)[0]


def tree_digests(folder: Path, skip_suffixes: tuple[str, ...] = ()) -> tuple[str, str]:
    """Return, in one walk, the digest of every visible file under ``folder`` and the digest
    of those whose names do not end in ``skip_suffixes``. Only regular files are read: a
    symbolic link counts by where it points (what it leads to is judged, and refused if
    outside, where content names it), and a device or a pipe by its name, so nothing here
    can hang or read without end."""
    every, kept = hashlib.sha256(), hashlib.sha256()
    for rel, path in _visible_files(folder):
        try:
            st = path.lstat()
            if stat.S_ISLNK(st.st_mode):
                data = b"\0link " + os.readlink(path).encode("utf-8", "surrogateescape")
                if path.is_file():  # a link inside the folder to a file: its bytes count
                    target = path.resolve()
                    if target.is_relative_to(folder.resolve()):
                        data += b"\0" + target.read_bytes()
            elif stat.S_ISREG(st.st_mode):
                data = path.read_bytes()
            else:
                data = b"\0special"
        except OSError:
            data = b"\0unreadable"
        entry = digest(rel, data).encode()
        every.update(entry)
        if path.suffix not in skip_suffixes:
            kept.update(entry)
    return every.hexdigest(), kept.hexdigest()


@dataclasses.dataclass(frozen=True)
class Inputs:
    """Digests of what a game's build reads, each folder read once per build."""

    templates: str
    """Every template folder."""
    content: str
    """The game's folder, all of it."""
    files: str
    """The game's folder but its YAML: the pictures and fonts faces draw."""

    @classmethod
    def of(cls, game_dir: Path, template_folders: list[Path], templates: str | None = None
           ) -> Inputs:
        """Read the inputs' digests (``templates`` when the caller has it already)."""
        if templates is None:
            templates = templates_digest(template_folders)
        content, files = tree_digests(game_dir, (".yaml", ".yml"))
        return cls(templates, content, files)


def templates_digest(folders: list[Path]) -> str:
    """Return the digest of every template folder."""
    return digest(*(tree_digest(folder) for folder in folders))


@lru_cache(maxsize=1)
def code_digest() -> str:
    """Return the digest of pnp's own code and the versions of the libraries it draws with:
    a new version of either makes every cached piece stale."""
    from importlib import metadata

    package = Path(__file__).resolve().parent
    parts = [FORMAT, sys.version, tree_digest(package)]
    for name in _LIBRARIES:
        try:
            parts.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{name}=none")
    return digest(*parts)


def canonical_json(value: Any) -> str:
    """Return ``value`` as JSON with sorted keys; raise TypeError for what JSON cannot hold
    exactly (the caller then does not cache)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=_plain,
                      allow_nan=True)


def _plain(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"@": type(value).__name__,
                **{f.name: getattr(value, f.name) for f in dataclasses.fields(value)}}
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, Path):
        return value.as_posix()
    raise TypeError(f"cannot key a cache entry on {type(value).__name__}")


# -- faces as JSON ------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _layout_classes() -> dict[str, type]:
    from ..layout import model

    return {name: obj for name, obj in vars(model).items()
            if isinstance(obj, type) and dataclasses.is_dataclass(obj)}


_FIELDS: dict[type, tuple[str, ...]] = {}


def _encode(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (tuple, list)):
        return [_encode(v) for v in value]
    cls = type(value)
    names = _FIELDS.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(value):
            raise TypeError(f"a face holds a {cls.__name__}, which the cache cannot store")
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(value))
    out: dict[str, Any] = {"@": cls.__name__}
    for name in names:
        out[name] = _encode(getattr(value, name))
    return out


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        cls = _layout_classes()[value["@"]]
        return cls(**{k: _decode(v) for k, v in value.items() if k != "@"})
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value


def encode_faces(faces: list[Any]) -> bytes:
    """Return resolved faces (layout model objects) as JSON bytes."""
    return json.dumps([_encode(f) for f in faces], separators=(",", ":")).encode()


def decode_faces(data: bytes) -> list[Any]:
    """Return the faces stored by :func:`encode_faces`; raises on anything else."""
    return decode_face_list(json.loads(data))


def decode_face_list(raw: Any) -> list[Any]:
    """Return faces from the JSON value :func:`encode_faces` wrote (already parsed)."""
    if not isinstance(raw, list):
        raise ValueError("expected a list of faces")
    return [_decode(v) for v in raw]


# -- findings as JSON ---------------------------------------------------------------------


def encode_findings(findings: list[Finding]) -> list[dict[str, Any]]:
    """Return findings as JSON-ready dicts (raises TypeError when an extra is not JSON)."""
    out = []
    for f in findings:
        loc = dataclasses.asdict(f.location) if f.location else None
        item = {"severity": f.severity.value, "code": f.code, "message": f.message,
                "location": loc, "unreadable": f.unreadable, "extra": f.extra}
        canonical_json(item)
        out.append(item)
    return out


def decode_findings(raw: list[dict[str, Any]]) -> list[Finding]:
    """Return the findings stored by :func:`encode_findings`."""
    return [Finding(Severity(f["severity"]), f["code"], f["message"],
                    Location(**f["location"]) if f["location"] else None,
                    bool(f["unreadable"]), dict(f["extra"])) for f in raw]


def cached_checks(cache: Cache, content: str) -> Callable[[GameContent], list[Finding]]:
    """Return a game's rule checks with their findings kept in ``cache`` under the digest of
    the game's folder (``content``) and of pnp's code: content that did not change since it
    was last checked is not checked again (the referee and the build share it)."""

    def run(game: GameContent) -> list[Finding]:
        from ..content.checks import run_checks

        key = digest(code_digest(), str(game.root), content)
        raw = cache.get_json("checks", key)
        if isinstance(raw, list):
            try:
                return decode_findings(raw)
            except (KeyError, TypeError, ValueError):
                pass  # damaged: check again
        found = run_checks(game)
        with contextlib.suppress(TypeError):
            cache.put_json("checks", key, encode_findings(found))
        return found

    return run


# -- the store ----------------------------------------------------------------------------


class Cache:
    """Content-addressed entries of one game, kept in one SQLite file
    (``OUT/.cache/<game>/pieces.sqlite``, written in one transaction per build). A disabled
    cache (``root`` None) finds nothing and keeps nothing; a damaged one is started afresh."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self._db: sqlite3.Connection | None = None
        self._used: list[tuple[str, str]] = []
        self._broken = False

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
                db.execute("CREATE TABLE IF NOT EXISTS pieces (kind TEXT, key TEXT, sha TEXT, "
                           "data BLOB, used INTEGER, PRIMARY KEY (kind, key)) WITHOUT ROWID")
                db.execute("SELECT count(*) FROM pieces WHERE kind = ''").fetchone()
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
        if db is None:
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

    def get_json(self, kind: str, key: str) -> Any:
        data = self.get(kind, key)
        if data is None:
            return None
        try:
            return json.loads(data)
        except ValueError:
            return None

    def put_json(self, kind: str, key: str, value: Any) -> None:
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


# -- the staged output folder -------------------------------------------------------------


class UnsafeOutput(Exception):
    """An output path would land outside the output folder."""


def safe_relative(rel: str) -> str:
    """Return ``rel`` (a path inside the output folder, with ``/``) if it stays inside it."""
    parts = rel.split("/")
    if (not rel or rel.startswith("/") or "\\" in rel or "\0" in rel
            or any(p in ("", ".", "..") for p in parts) or ":" in parts[0]):
        raise UnsafeOutput(f"output name {rel!r} would leave the output folder")
    return rel


@dataclasses.dataclass(frozen=True)
class FileRecord:
    """A file the last build wrote: its hash, and the size and time it had then."""

    sha256: str
    size: int
    mtime_ns: int


def _load_records(path: Path) -> dict[str, FileRecord]:
    try:
        raw = json.loads(path.read_text("utf-8"))
        return {str(k): FileRecord(str(v[0]), int(v[1]), int(v[2])) for k, v in raw.items()}
    except (OSError, ValueError, TypeError, IndexError, AttributeError):
        return {}


def unchanged_on_disk(path: Path, record: FileRecord) -> bool:
    """Return True when the file still has the size and time the build left it with."""
    try:
        st = path.stat()
    except OSError:
        return False
    return st.st_size == record.size and st.st_mtime_ns == record.mtime_ns


class Stage:
    """One build's outputs for ``OUT/<game>/``: written into a stage folder, then moved into
    place together by :meth:`commit`. Until then the output folder is not touched, so a build
    that fails or is killed leaves the previous kit whole."""

    def __init__(self, out_dir: Path, state_dir: Path) -> None:
        self.out_dir = out_dir
        self.state_dir = state_dir
        self.records_path = state_dir / "outputs.json"
        self.records = _load_records(self.records_path)
        for old in state_dir.glob("stage-*"):  # left by a build that was killed
            shutil.rmtree(old, ignore_errors=True)
        self.dir = state_dir / f"stage-{os.getpid()}"
        self.staged: dict[str, str] = {}
        """Relative path -> sha256 of the files to move into place."""
        self._folders: set[Path] = set()
        self._resolved: dict[str, Path] = {}
        """Output folders (relative) found to resolve inside the output folder."""
        self.kept: set[str] = set()
        """Relative paths written by this build whose bytes were already in place."""

    def target(self, rel: str) -> Path:
        """Return where ``rel`` lands, refusing any path that would leave the output folder
        (``..``, absolute, or through a symbolic link pointing elsewhere)."""
        safe_relative(rel)
        folder, _, name = rel.rpartition("/")
        where = self._resolved.get(folder)
        if where is None:
            root = self._resolved.setdefault("", self.out_dir.resolve())
            where = (root / folder).resolve() if folder else root
            if not where.is_relative_to(root):
                raise UnsafeOutput(f"output {rel!r} resolves to {where / name}, outside "
                                   f"{root}")
            self._resolved[folder] = where
        final = self.out_dir / rel
        if final.is_symlink():  # the file itself may lead elsewhere
            to = final.resolve()
            if not to.is_relative_to(self._resolved[""]):
                raise UnsafeOutput(f"output {rel!r} resolves to {to}, outside "
                                   f"{self._resolved['']}")
        return final

    def write(self, rel: str, data: bytes | str) -> Path:
        """Stage ``data`` for ``OUT/<game>/<rel>``; return the final path."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        final = self.target(rel)
        sha = hashlib.sha256(raw).hexdigest()
        record = self.records.get(rel)
        if record is not None and record.sha256 == sha and unchanged_on_disk(final, record):
            self.kept.add(rel)
            self.staged.pop(rel, None)
            return final
        path = self.dir / rel
        if path.parent not in self._folders:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._folders.add(path.parent)
        path.write_bytes(raw)
        self.staged[rel] = sha
        self.kept.discard(rel)
        return final

    def staged_elsewhere(self, rel: str, sha: str | None) -> None:
        """Record what another process staged for ``rel`` with a copy of this stage: the
        digest of the file it wrote, or None when the file already in place was kept."""
        if sha is None:
            self.kept.add(rel)
            self.staged.pop(rel, None)
        else:
            self.staged[rel] = sha
            self.kept.discard(rel)

    def adopt(self, path: Path) -> Path:
        """Stage a file a game's own writer made inside the stage folder; return its final
        path."""
        resolved = path.resolve()
        if not resolved.is_relative_to(self.dir.resolve()):
            raise UnsafeOutput(f"the game wrote {path}, outside the folder it was given")
        rel = resolved.relative_to(self.dir.resolve()).as_posix()
        data = path.read_bytes()
        path.unlink()
        return self.write(rel, data)

    def commit(self, *, forget_under: tuple[str, ...] = ()) -> None:
        """Move every staged file into the output folder, then remember what is there.
        Files the previous build wrote under a folder of ``forget_under`` (e.g. ``svg/``)
        that this build also wrote into, but not those files, are removed: they belong to
        items that no longer exist."""
        umask = os.umask(0o022)
        os.umask(umask)
        folders: set[Path] = set()
        for rel in sorted(self.staged):
            final = self.target(rel)
            if final.parent not in folders:
                final.parent.mkdir(parents=True, exist_ok=True)
                folders.add(final.parent)
            os.chmod(self.dir / rel, 0o666 & ~umask)
            os.replace(self.dir / rel, final)
        made = set(self.staged) | self.kept
        forget_under = tuple(f for f in forget_under if any(r.startswith(f) for r in made))
        records = {}
        for rel in sorted(made):
            path = self.out_dir / rel
            with contextlib.suppress(OSError):
                st = path.stat()
                sha = self.staged.get(rel) or self.records[rel].sha256
                records[rel] = FileRecord(sha, st.st_size, st.st_mtime_ns)
        for rel, record in self.records.items():
            if rel in made:
                continue
            path = self.out_dir / rel
            if rel.startswith(forget_under) and forget_under and unchanged_on_disk(path, record):
                with contextlib.suppress(OSError):
                    path.unlink()
                _remove_empty_parents(path.parent, self.out_dir)
            elif path.exists():
                records[rel] = record
        self.records = records
        write_atomic(self.records_path, json.dumps(
            {k: [r.sha256, r.size, r.mtime_ns] for k, r in sorted(records.items())}, indent=0))
        self.discard()

    def discard(self) -> None:
        """Drop the stage folder (what :meth:`commit` did not move)."""
        shutil.rmtree(self.dir, ignore_errors=True)

    @property
    def written(self) -> int:
        return len(self.staged)


def _remove_empty_parents(folder: Path, top: Path) -> None:
    while folder != top and folder.is_relative_to(top):
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


@contextlib.contextmanager
def locked(state_dir: Path) -> Iterator[None]:
    """Hold the game's build lock: two builds into one output folder wait for each other."""
    from filelock import FileLock

    state_dir.mkdir(parents=True, exist_ok=True)
    with FileLock(state_dir / "lock"):
        yield


# -- the whole build ----------------------------------------------------------------------


def build_key(slug: str, inputs: Inputs, settings: str) -> str:
    """Return the digest of everything a game's build reads."""
    return digest(code_digest(), "build", slug, inputs.content, inputs.templates, settings)


@dataclasses.dataclass(frozen=True)
class BuildRecord:
    """The last successful build of a game: its findings, the files it wrote and the
    component names it knew (for ``--only``)."""

    findings: list[Finding]
    files: list[str]
    names: list[str]


def read_build_record(state_dir: Path, key: str, out_dir: Path) -> BuildRecord | None:
    """Return the last build's record when it was made from the same inputs and every file
    it wrote is still as it left it; otherwise None."""
    try:
        raw = json.loads((state_dir / "build.json").read_text("utf-8"))
        if not isinstance(raw, dict) or raw.get("key") != key:
            return None
        record = BuildRecord(decode_findings(raw["findings"]),
                             [str(rel) for rel in raw["files"]],
                             [str(name) for name in raw["names"]])
    except (OSError, ValueError, TypeError, KeyError):
        return None
    records = _load_records(state_dir / "outputs.json")
    for rel in record.files:
        if rel not in records or not unchanged_on_disk(out_dir / rel, records[rel]):
            return None
    return record


def write_build_record(state_dir: Path, key: str, findings: list[Finding], files: list[str],
                       names: list[str]) -> None:
    """Remember a successful build: its inputs' digest, findings and files."""
    try:
        text = json.dumps({"key": key, "findings": encode_findings(findings),
                           "files": sorted(files), "names": sorted(names)}, indent=0)
    except (TypeError, ValueError):
        return
    write_atomic(state_dir / "build.json", text)
