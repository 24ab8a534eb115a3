"""Files: paths shown relative to the working directory, and output written atomically (a
reader never sees a half-written file)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it into place."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:  # named for the file asked for, not its folder or temporary twin
        why = folder_problem(path.parent) or exc.strerror or str(exc)
        raise OSError(exc.errno, why, str(path)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
        # mkstemp makes the file private; give it the permissions a plain open() would.
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def folder_problem(path: Path) -> str | None:
    """Make a folder to write into (and its parents) if need be; return why it cannot be
    made or written into, or None when it can."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"{display_path(path)} is a file, not a folder"
    except OSError as exc:
        return f"cannot make the folder {display_path(path)}: {exc.strerror or exc}"
    if not os.access(path, os.W_OK | os.X_OK):
        return f"cannot write into the folder {display_path(path)}: permission denied"
    return None


def display_path(path: Path) -> str:
    """Show a path relative to the working directory when it is inside it."""
    if not path.is_absolute():
        return path.as_posix()
    try:
        rel = Path(os.path.relpath(path))
    except ValueError:
        return path.as_posix()
    return path.as_posix() if rel.parts[:1] == ("..",) else rel.as_posix()
