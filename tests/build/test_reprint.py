"""Reprint only what changed: every face's version mark is printed in the kit, and
``pnp build --changed-since`` (a kept build, or a git revision) writes a PDF of only the
items whose faces changed, with their backs."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnpcompiler.app.cli import app
from tests.paths import SAMPLER

CARDS = Path("content/sampler/cards/deck.yaml")
REPRINT = Path("out/sampler/sampler-a4-changed.pdf")


def _build(root: Path, *args: str, code: int = 0) -> str:
    result = CliRunner().invoke(app, ["build", "sampler", "--content", str(root / "content"),
                                      "--templates", str(root / "templates"), "-o",
                                      str(root / "out"), "--no-svg", *args])
    assert result.exit_code == code, result.output
    return str(result.output)


def _edit_two_cards(root: Path) -> None:
    """Change the text of card-two (plain back) and card-storm (emblem back)."""
    path = root / CARDS
    text = path.read_text()
    for old, new in (("Move two spaces.", "Move two spaces, then stop."),
                     ("Every token stays where it is.", "Every token stays put.")):
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text)


def _marks(root: Path) -> dict[str, str]:
    """Return the faces' marks of the last build."""
    builds = root / "out" / ".cache" / "sampler" / "builds"
    return dict(json.loads((builds / f"{(builds / 'last').read_text()}.json").read_text()))


def _faces_printed(pdf: Path, marks: dict[str, str]) -> Counter[str]:
    """Count the faces a PDF prints, by the version mark each carries."""
    text = "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    by_mark = {mark: face for face, mark in marks.items()}
    return Counter(by_mark[word] for word in text.split() if word in by_mark)


def _expected_reprint() -> Counter[str]:
    return Counter({"cards/card-two": 1, "cards/card-storm": 1, "cards/plain": 1,
                    "cards/emblem": 1})


def test_every_face_carries_its_version_mark(tmp_path: Path) -> None:
    shutil.copytree(SAMPLER, tmp_path, dirs_exist_ok=True)
    _build(tmp_path)
    marks = _marks(tmp_path)
    printed = _faces_printed(tmp_path / "out/sampler/sampler-a4.pdf", marks)
    assert set(printed) == set(marks)
    # Three copies of Wind, each with its emblem back beside it.
    assert printed["cards/card-wind"] == 3
    assert all(len(mark) == 6 for mark in marks.values())


def test_changed_since_last_build_reprints_the_two_edited_cards(tmp_path: Path) -> None:
    shutil.copytree(SAMPLER, tmp_path, dirs_exist_ok=True)
    _build(tmp_path)
    _edit_two_cards(tmp_path)
    told = _build(tmp_path, "--changed-since", "last")
    assert "2 items changed since last" in told
    assert _faces_printed(tmp_path / REPRINT, _marks(tmp_path)) == _expected_reprint()


def test_changed_since_a_build_id_it_printed(tmp_path: Path) -> None:
    shutil.copytree(SAMPLER, tmp_path, dirs_exist_ok=True)
    first = _build(tmp_path)
    ident = first.split("sampler: build ")[1].split()[0]
    _edit_two_cards(tmp_path)
    _build(tmp_path)
    _build(tmp_path, "--changed-since", ident)
    assert _faces_printed(tmp_path / REPRINT, _marks(tmp_path)) == _expected_reprint()


def test_changed_since_a_git_revision(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    shutil.copytree(SAMPLER, tmp_path, dirs_exist_ok=True)
    git = ["git", "-C", str(tmp_path), "-c", "user.name=Designer",
           "-c", "user.email=designer@example.org", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "content", "templates"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "Playtest kit"], check=True)
    _edit_two_cards(tmp_path)
    _build(tmp_path, "--changed-since", "HEAD")
    assert _faces_printed(tmp_path / REPRINT, _marks(tmp_path)) == _expected_reprint()


def test_nothing_changed_writes_no_reprint(tmp_path: Path) -> None:
    shutil.copytree(SAMPLER, tmp_path, dirs_exist_ok=True)
    _build(tmp_path)
    assert "no reprint (nothing changed since last)" in _build(tmp_path, "--changed-since",
                                                               "last")
    assert not (tmp_path / REPRINT).exists()


def test_changed_since_what_is_neither_build_nor_revision(tmp_path: Path) -> None:
    shutil.copytree(SAMPLER, tmp_path, dirs_exist_ok=True)
    told = _build(tmp_path, "--changed-since", "no-such-thing", code=2)
    assert "neither a build of sampler" in told
    assert "no earlier build of sampler" in _build(tmp_path, "--changed-since", "last", code=2)


def test_a_mark_is_the_same_however_it_is_worked_out(tmp_path: Path) -> None:
    """From the face's elements, from the JSON the cache keeps of it (a picture's path left
    out all the same), or read back from the cache: one mark."""
    from pnpcompiler.build.codec import face_text
    from pnpcompiler.build.versions import version_mark
    from pnpcompiler.layout.model import Box, Face, Group, Image, Paint
    from pnpcompiler.layout.text import label

    title = label("Route AA103", 3.0, 6.0, 9.0)
    frame = Box(1.0, 1.0, 20.0, 30.0, Paint("#ffffff", "#000000", 0.5))
    picture = Image(str(tmp_path / "a" / "emblem.png"), "ab" * 32, "png", (40, 40), 2.0, 2.0,
                    5.0, 5.0)
    moved = Image(str(tmp_path / "b" / "emblem.png"), "ab" * 32, "png", (40, 40), 2.0, 2.0,
                  5.0, 5.0)
    plain = Face(63.5, 88.9, 3.0, None, (frame, title))
    pictured = Face(63.5, 88.9, 3.0, None, (frame, Group("art", (picture,)), title))
    elsewhere = Face(63.5, 88.9, 3.0, None, (frame, Group("art", (moved,)), title))
    for face in (plain, pictured):
        assert version_mark(face, face_text(face)) == version_mark(face)
    assert version_mark(pictured, face_text(pictured)) == version_mark(elsewhere)
    assert version_mark(plain) != version_mark(pictured)

    shutil.copytree(SAMPLER, tmp_path / "project", dirs_exist_ok=True)
    _build(tmp_path / "project")
    fresh = _marks(tmp_path / "project")
    _build(tmp_path / "project", "--no-crop-marks")  # every face read back from the cache
    assert _marks(tmp_path / "project") == fresh
