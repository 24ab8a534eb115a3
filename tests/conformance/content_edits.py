"""Golden content cases made by editing a copy of a real game's content.

A case folder holds ``edit.yaml`` (a list of ``file``, ``replace``, ``with``: text edits) and
``expected.txt`` (the findings beyond the unedited content's own, and the exit code).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from tests.paths import CONTENT, TEMPLATES


def edited_copy(case: Path, root: Path, game: str) -> Path:
    """Copy ``content/<game>`` and its templates under ``root`` and apply the case's edits."""
    folder = root / "content" / game
    shutil.copytree(CONTENT / game, folder)
    shutil.copytree(TEMPLATES / game, root / "templates" / game)
    for edit in yaml.safe_load((case / "edit.yaml").read_text(encoding="utf-8")):
        path = folder / edit["file"]
        text = path.read_text(encoding="utf-8")
        assert text.count(edit["replace"]) == 1, (
            f"{case.name}: {edit['replace']!r} must occur once in {edit['file']}")
        path.write_text(text.replace(edit["replace"], edit["with"]), encoding="utf-8")
    return folder


def headers(out: str) -> list[str]:
    """Return the first line of each finding in ``pnp validate`` output."""
    return [line for line in out.splitlines() if ": warning " in line or ": error " in line]


def beyond(out: str, baseline: set[str]) -> str:
    """Drop the findings the unedited content reports too (each is three lines)."""
    kept: list[str] = []
    skip = 0
    for line in out.splitlines():
        if skip:
            skip -= 1
            continue
        if line in baseline:
            skip = 2
            continue
        kept.append(line)
    return "\n".join(kept) + "\n"


def pristine_findings(root: Path, game: str) -> set[str]:
    """Return the finding headers of the unedited content, paths relative to ``root``."""
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    shutil.copytree(CONTENT / game, root / "content" / game)
    shutil.copytree(TEMPLATES / game, root / "templates" / game)
    result = CliRunner().invoke(app, ["validate", game, "--content", str(root / "content"),
                                      "--templates", str(root / "templates"),
                                      "-o", str(root / "out")])
    assert result.exit_code == 0, result.output
    # Paths in the cases' reports are relative to the project folder.
    return {line.replace(str(root) + "/", "") for line in headers(result.output)}
