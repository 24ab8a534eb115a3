"""The staged output folder: a build writes every file into a stage folder inside the cache
and moves them into ``OUT/<game>/`` only when all of them are made, so a build that fails or
is interrupted leaves the previous kit as it was.

The stage remembers every file it moved into place (``OUT/.cache/<game>/outputs.json``: its
hash, size and time). Files whose bytes did not change are left alone, so their times say
when they last changed; and files an earlier build wrote that this one no longer makes are
removed, but only while they are as that build left them: nothing else in the output folder
is ever touched.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import shutil
from collections import Counter
from pathlib import Path

from ..core.files import write_atomic

RECORDS = "outputs.json"


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
    """A file a build wrote: its hash, and the size and time it had then."""

    sha256: str
    size: int
    mtime_ns: int


def load_file_records(state_dir: Path) -> dict[str, FileRecord]:
    """Return the files the builds into this state folder wrote and still know, by path."""
    try:
        raw = json.loads((state_dir / RECORDS).read_text("utf-8"))
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
        self.records = load_file_records(state_dir)
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
        self.as_written: dict[str, tuple[int, int]] = {}
        """Relative path -> (size, mtime_ns) of each staged file as it was written: moving it
        into place keeps both, so the record of what is there needs no look at the disk."""

    def target(self, rel: str) -> Path:
        """Return where ``rel`` lands, refusing any path that would leave the output folder
        (``..``, absolute, or through a symbolic link pointing elsewhere)."""
        safe_relative(rel)
        self._check_folder(rel.rpartition("/")[0], rel)
        final = self.out_dir / rel
        if final.is_symlink():  # the file itself may lead elsewhere
            to = final.resolve()
            if not to.is_relative_to(self._resolved[""]):
                raise UnsafeOutput(f"output {rel!r} resolves to {to}, outside "
                                   f"{self._resolved['']}")
        return final

    def _check_folder(self, folder: str, rel: str) -> None:
        """Refuse ``rel`` when ``folder``, the folder it lands in, resolves outside the
        output folder."""
        if folder in self._resolved:
            return
        root = self._resolved.setdefault("", self.out_dir.resolve())
        where = (root / folder).resolve() if folder else root
        if not where.is_relative_to(root):
            name = rel.removeprefix(folder).lstrip("/")
            raise UnsafeOutput(f"output {rel!r} resolves to {where / name}, outside {root}")
        self._resolved[folder] = where

    def write(self, rel: str, data: bytes | str) -> Path:
        """Stage ``data`` for ``OUT/<game>/<rel>``; return the final path."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        final = self.target(rel)
        sha = hashlib.sha256(raw).hexdigest()
        record = self.records.get(rel)
        if record is not None and record.sha256 == sha and unchanged_on_disk(final, record):
            self.staged_elsewhere(rel, None)
            return final
        path = self.dir / rel
        if path.parent not in self._folders:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._folders.add(path.parent)
        self.staged_elsewhere(rel, sha, _write_new(path, raw))
        return final

    def staged_elsewhere(self, rel: str, sha: str | None,
                         written: tuple[int, int] | None = None) -> None:
        """Record what was staged for ``rel`` (here, or by another process with a copy of
        this stage): the digest of the file written and its (size, mtime_ns) as written,
        or None when the file already in place was kept."""
        if sha is None:
            self.kept.add(rel)
            self.staged.pop(rel, None)
            self.as_written.pop(rel, None)
        else:
            self.staged[rel] = sha
            self.kept.discard(rel)
            if written is not None:
                self.as_written[rel] = written

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

    @property
    def made(self) -> set[str]:
        """Every file this build makes: staged, or already in place."""
        return set(self.staged) | self.kept

    def commit(self, *, remove_stale: bool = False) -> list[str]:
        """Move every staged file into the output folder, then remember what is there.

        With ``remove_stale``, the files an earlier build wrote that this one did not make
        are removed (a build of every component knows they are no longer wanted), each only
        while it is as that build left it. Return the relative paths removed."""
        self._move_into_place()
        made = self.made
        records: dict[str, FileRecord] = {}
        for rel in sorted(made):
            known = self.as_written.get(rel)
            if known is not None:
                records[rel] = FileRecord(self.staged[rel], *known)
                continue
            with contextlib.suppress(OSError):
                st = (self.out_dir / rel).stat()
                sha = self.staged.get(rel) or self.records[rel].sha256
                records[rel] = FileRecord(sha, st.st_size, st.st_mtime_ns)
        removed = []
        for rel, record in sorted(self.records.items()):
            if rel in made:
                continue
            if remove_stale and self._remove_if_unchanged(rel, record):
                removed.append(rel)
            elif (self.out_dir / rel).exists():
                records[rel] = record
        self.records = records
        write_atomic(self.state_dir / RECORDS, json.dumps(
            {k: [r.sha256, r.size, r.mtime_ns] for k, r in sorted(records.items())}, indent=0))
        self.discard()
        return removed

    def _move_into_place(self) -> None:
        # Every staged file and folder was made by write() with the permissions the umask
        # gives, as a plain open or mkdir would: no chmod needed.
        whole = self._new_folders()
        folders: set[Path] = set()
        for rel in sorted(self.staged):
            if whole and _folders_of(rel) & whole:
                continue
            final = self.target(rel)
            if final.parent not in folders:
                final.parent.mkdir(parents=True, exist_ok=True)
                folders.add(final.parent)
            os.replace(self.dir / rel, final)

    def _new_folders(self) -> set[str]:
        """Move in whole each staged folder the output folder lacks that holds nothing but
        staged files (the stage itself, "", on a first build); return those moved."""
        # One rename, not one a file: a first build's thousands of SVGs go in at once.
        if not self.staged:
            return set()
        on_disk, strays = self._stage_contents()
        staged = Counter(folder for rel in self.staged for folder in _folders_of(rel))
        moved: set[str] = set()
        for folder in sorted(staged, key=lambda f: (f.count("/"), f) if f else (-1, f)):
            if (_folders_of(folder) & moved or on_disk[folder] != staged[folder]
                    or any(_inside(stray, folder) for stray in strays)):
                continue
            final = self.out_dir / folder if folder else self.out_dir
            self._check_folder(folder, folder)
            if os.path.lexists(final):
                continue
            final.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.rename(self.dir / folder if folder else self.dir, final)
            except OSError:
                continue  # it appeared meanwhile, or cannot be renamed: file by file
            moved.add(folder)
        return moved

    def _stage_contents(self) -> tuple[Counter[str], list[str]]:
        """Return how many files each stage folder holds, its sub-folders' included, and
        what a folder moved whole would wrongly take along: empty folders, anything not a
        plain file."""
        on_disk: Counter[str] = Counter()
        strays: list[str] = []
        todo = [""]
        while todo:
            folder = todo.pop()
            empty = True
            with os.scandir(self.dir / folder) as entries:
                for entry in entries:
                    empty = False
                    rel = f"{folder}/{entry.name}" if folder else entry.name
                    if entry.is_dir(follow_symlinks=False):
                        todo.append(rel)
                    elif entry.is_file(follow_symlinks=False):
                        on_disk.update(_folders_of(rel))
                    else:
                        strays.append(rel)
            if empty:
                strays.append(folder)
        return on_disk, strays

    def _remove_if_unchanged(self, rel: str, record: FileRecord) -> bool:
        """Remove a file an earlier build wrote if it is still as it was left; return whether
        it went (a file edited or replaced since, or out of bounds, stays)."""
        try:
            path = self.target(rel)
        except UnsafeOutput:
            return False
        if path.is_symlink() or not unchanged_on_disk(path, record):
            return False
        try:
            path.unlink()
        except OSError:
            return False
        _remove_empty_parents(path.parent, self.out_dir)
        return True

    def discard(self) -> None:
        """Drop the stage folder (what :meth:`commit` did not move)."""
        shutil.rmtree(self.dir, ignore_errors=True)

    @property
    def written(self) -> int:
        """How many files this build changed (the others were in place already)."""
        return len(self.staged)


_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC | getattr(os, "O_BINARY", 0)


def _write_new(path: Path, raw: bytes) -> tuple[int, int]:
    """Write ``raw`` to ``path`` with the permissions a plain open() gives it; return the
    file's size and modification time (nanoseconds) as written."""
    # Three system calls, not the six of a buffered file (which asks for the file's size,
    # whether it is a terminal and where it stands): a kit writes thousands of faces.
    fd = os.open(path, _NEW_FILE, 0o666)
    try:
        view = memoryview(raw)
        while view:
            view = view[os.write(fd, view):]
        st = os.fstat(fd)
    finally:
        os.close(fd)
    return st.st_size, st.st_mtime_ns


def _folders_of(rel: str) -> set[str]:
    """Return the folders ``rel`` is inside: ``svg/cards/a.svg`` is in ``svg/cards``,
    ``svg`` and the stage itself, ``""``."""
    parts = rel.split("/")[:-1]
    return {"", *("/".join(parts[:n]) for n in range(1, len(parts) + 1))}


def _inside(rel: str, folder: str) -> bool:
    """Return whether ``rel`` is ``folder`` or inside it (everything is inside ``""``)."""
    return not folder or rel == folder or rel.startswith(f"{folder}/")


def _remove_empty_parents(folder: Path, top: Path) -> None:
    while folder != top and folder.is_relative_to(top):
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent
