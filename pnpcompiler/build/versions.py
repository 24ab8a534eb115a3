"""Version marks: a short digest of what each face prints, kept per build, so a later build can
reprint only the faces that changed since an earlier build or a git revision.

A face's mark is the digest of its resolved drawing with its pictures named by their bytes
alone (not where the project lies), so the same card in a copy of the project, or at another
git revision, has the same mark. Each build that writes a kit keeps its marks in
``OUT/.cache/<game>/builds/<id>.json`` (the id is the digest of the marks: two builds that
print the same faces are one build) and names the latest in ``builds/last``.
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import tarfile
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.digests import canonical_json, digest
from ..core.files import write_atomic
from ..core.identity import ByIdentity
from ..core.store import CACHE_DIR
from ..layout.model import Group, Image
from .codec import element_json, face_json, object_fields
from .options import OptionError, Project

if TYPE_CHECKING:
    from ..layout.model import Face
    from ..layout.printables import ItemGroup

MARK_DIGITS = 6
"""Hex digits of a face's version mark: one in 16 million that an edit keeps the mark."""
BUILD_ID_DIGITS = 8
BUILDS = "builds"
LAST = "last"
Marks = dict[str, str]
"""Each face's version mark, by ``component/face-id`` (a shared back once, by its id)."""


def version_mark(face: Face, text: str | None = None) -> str:
    """Return the short digest of what ``face`` prints; ``text``, the face's JSON as the
    cache keeps it (:func:`~.codec.face_text`), spares writing it again when the face holds
    no picture."""
    placeless = (text if text is not None and not any(map(_holds_picture, face.elements))
                 else face_json(face, _element_mark))
    return digest("version-mark", f"[{placeless}]")[:MARK_DIGITS]


_MARK_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), allow_nan=True,
                                 default=partial(object_fields, drop=("Image", "path")))
"""An element as a mark reads it: its JSON with sorted keys, each picture without its
absolute path (its digest already names its bytes)."""


def _holds_picture(element: Any) -> bool:
    """Return whether an element is or holds a picture (whose path a mark leaves out)."""
    if isinstance(element, Group):
        return any(map(_holds_picture, element.elements))
    return isinstance(element, Image)


def _element_mark_now(element: Any) -> str:
    # Without a picture, the mark reads what the cache keeps: written once for both.
    return (_MARK_ENCODER.encode(element) if _holds_picture(element)
            else element_json(element))


_element_mark: ByIdentity[Any, str] = ByIdentity(_element_mark_now)
"""An element as a mark reads it, worked out once per element."""


def stamp_marks(groups: list[ItemGroup], mark_of: Callable[[Face], str]) -> Marks:
    """Give every item its faces' version marks, each face's from ``mark_of``; return them
    all by face."""
    marks: Marks = {}
    for group in groups:
        for item in group.items:
            item.front_mark = mark_of(item.front)
            marks[f"{group.component}/{item.id}"] = item.front_mark
            if item.back is not None:
                item.back_mark = mark_of(item.back)
                marks[f"{group.component}/{item.back_id or item.id + '-back'}"] = \
                    item.back_mark
    return marks


def changed_groups(groups: list[ItemGroup], since: Marks) -> list[ItemGroup]:
    """Return the groups cut down to the items whose front or back is not as it was
    ``since`` (a face ``since`` lacks is new, so changed)."""
    out = []
    for group in groups:
        items = [item for item in group.items
                 if since.get(f"{group.component}/{item.id}") != item.front_mark
                 or (item.back is not None and since.get(
                     f"{group.component}/{item.back_id or item.id + '-back'}")
                     != item.back_mark)]
        if items:
            out.append(replace(group, items=items))
    return out


def build_id(marks: Marks) -> str:
    """Return the id of a build that printed these faces."""
    return digest("build-marks", canonical_json(marks))[:BUILD_ID_DIGITS]


def remember_build(state_dir: Path, marks: Marks) -> str:
    """Keep a build's marks under its id and make it the last; return the id."""
    ident = build_id(marks)
    folder = state_dir / BUILDS
    write_atomic(folder / f"{ident}.json", canonical_json(marks))
    write_atomic(folder / LAST, ident)
    return ident


def last_build(state_dir: Path) -> str:
    """Return the id of the last build that wrote a kit ("" when there is none)."""
    try:
        return (state_dir / BUILDS / LAST).read_text("utf-8").strip()
    except OSError:
        return ""


def read_build(state_dir: Path, ident: str) -> Marks | None:
    """Return the marks of the build ``ident`` (None when it is not kept)."""
    if not re.fullmatch(f"[0-9a-f]{{{BUILD_ID_DIGITS}}}", ident):
        return None
    try:
        raw = json.loads((state_dir / BUILDS / f"{ident}.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(raw, dict):
        return None
    return {str(k): str(v) for k, v in raw.items()}


def kept_marks(reference: str, state_dir: Path) -> Marks | None:
    """Return the marks of the kept build ``reference`` names (``last``, or a build id);
    None when it names none."""
    return read_build(state_dir, last_build(state_dir) if reference == LAST else reference)


@contextlib.contextmanager
def revision(project: Project, slug: str, reference: str) -> Iterator[Project]:
    """Give the project as it was at the git revision ``reference``: the game's folder and
    the templates exported with ``git archive`` into a temporary folder (templates outside
    the repository are today's), with an output folder of its own. Raises
    :class:`OptionError` when ``reference`` is not a revision of the project."""
    if reference == LAST:
        raise OptionError(f"--changed-since last: no earlier build of {slug} in "
                          f"{project.output} (a build id or a git revision names another)")
    commit = _git_commit(project.content, reference)
    if commit is None:
        raise OptionError(f"--changed-since {reference!r}: neither a build of {slug} kept in "
                          f"{project.output / CACHE_DIR} (last, or the id pnp build printed) "
                          f"nor a git revision of {project.content}")
    top = _git(project.content, "rev-parse", "--show-toplevel")
    root = Path(top or ".").resolve()
    folders = [project.content / slug, *project.templates]
    tracked = [f for f in folders if f.resolve().is_relative_to(root)]
    with tempfile.TemporaryDirectory(prefix="pnp-changed-since-") as tmp:
        there = Path(tmp)
        _export(root, commit, reference,
                [f.resolve().relative_to(root).as_posix() for f in tracked], there)
        old = Project(there / project.content.resolve().relative_to(root),
                      tuple(there / t.resolve().relative_to(root) if t in tracked else t
                            for t in project.templates), there / "out")
        if not (old.content / slug).is_dir():
            raise OptionError(f"--changed-since {reference!r}: {slug} is not in the project "
                              f"at that revision")
        yield old


def _git(folder: Path, *args: str) -> str | None:
    """Run git in ``folder``; return its output, or None when it fails (or there is none)."""
    try:
        done = subprocess.run(["git", "-C", str(folder), *args], capture_output=True,
                              check=False, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.decode("utf-8", "replace").strip() if done.returncode == 0 else None


def _git_commit(folder: Path, reference: str) -> str | None:
    """Return the commit ``reference`` names in the repository holding ``folder``."""
    if reference.startswith("-") or not folder.is_dir():
        return None
    return _git(folder, "rev-parse", "--verify", "--quiet", f"{reference}^{{commit}}")


def _export(root: Path, commit: str, reference: str, paths: list[str], into: Path) -> None:
    """Write the files under ``paths`` at ``commit`` into ``into``."""
    archive = into / "revision.tar"
    with archive.open("wb") as out:
        done = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", commit,
                               "--", *paths], stdout=out, stderr=subprocess.PIPE,
                              check=False, timeout=300)
    if done.returncode != 0:
        raise OptionError(f"--changed-since {reference!r}: git archive failed: "
                          f"{done.stderr.decode('utf-8', 'replace').strip()}")
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    archive.unlink()
