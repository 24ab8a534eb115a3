"""A build removes the files an earlier build wrote that its options no longer make, tells
each one, and never touches anything else in the output folder (on the sampler game)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from pnpcompiler.build.stage import Stage
from tests.paths import SAMPLER

Pnp = Callable[..., tuple[int, str]]


def _build(pnp: Pnp, out: Path, *args: str) -> str:
    code, output = pnp("build", "--content", str(SAMPLER / "content"), "--templates",
                       str(SAMPLER / "templates"), "-o", str(out), *args)
    assert code == 0, output
    return output


def test_a_default_build_after_make_kit_removes_the_letter_pdfs_and_the_pngs(
        pnp: Pnp, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(pnp, out, "--paper", "a4", "--paper", "letter", "--png", "150")  # make kit
    stale = sorted([*out.glob("*/*-letter.pdf"), *out.glob("*/png/**/*.png")])
    assert {p.relative_to(out).parts[0] for p in stale} == {"sampler"} and len(stale) > 20
    own = [out / "sampler" / "my-notes.txt", out / "sampler" / "png" / "cards" / "my-scan.png"]
    for path in own:
        path.write_text("the designer's own")
    output = _build(pnp, out)
    for path in stale:
        assert not path.exists(), path
        assert f": removed {path} (no longer made)" in output
    assert output.count(": removed ") == len(stale)
    assert all(path.read_text() == "the designer's own" for path in own)
    png = out / "sampler" / "png"
    assert not (png / "counters").exists()  # emptied, so gone with its files
    assert [p.name for p in png.rglob("*")] == ["cards", "my-scan.png"]
    assert (out / "sampler" / "sampler-a4.pdf").is_file()
    assert "up to date" in _build(pnp, out) and not (png / "counters").exists()


def test_a_file_edited_since_the_build_wrote_it_is_left(pnp: Pnp, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(pnp, out, "sampler", "--paper", "letter")
    letter = out / "sampler" / "sampler-letter.pdf"
    letter.write_bytes(letter.read_bytes() + b"% the designer's note\n")
    output = _build(pnp, out, "sampler")
    assert letter.is_file() and "removed" not in output
    letter.unlink()
    assert "removed" not in _build(pnp, out, "sampler", "--bleed", "2")


def test_a_build_of_some_components_removes_nothing(pnp: Pnp, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(pnp, out, "sampler", "--paper", "letter", "--png", "40")
    before = sorted(p for p in (out / "sampler").rglob("*") if p.is_file())
    output = _build(pnp, out, "sampler", "--only", "markers")
    assert "removed" not in output
    after = sorted(p for p in (out / "sampler").rglob("*") if p.is_file())
    assert set(before) <= set(after)


def test_a_quiet_build_counts_the_files_it_removed(pnp: Pnp, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(pnp, out, "sampler", "--paper", "a4", "--paper", "letter", "-q")
    output = _build(pnp, out, "sampler", "-q")
    assert "sampler: removed 1 file an earlier build wrote that these options no longer " \
        "make" in output
    assert not (out / "sampler" / "sampler-letter.pdf").exists()


def test_only_files_the_build_recorded_inside_its_folder_are_removed(tmp_path: Path) -> None:
    """A record of the files written that names a place outside the kit folder (edited by
    hand, or damaged) removes nothing there, even a file of the recorded size and time."""
    out, state = tmp_path / "out" / "game", tmp_path / "out" / ".cache" / "game"
    out.mkdir(parents=True)
    victim = tmp_path / "victim.txt"
    victim.write_text("not the build's")
    stage = Stage(out, state)
    stage.write("kept.txt", "a")
    stage.write("gone.txt", "b")
    stage.commit(remove_stale=True)
    records = json.loads((state / "outputs.json").read_text())
    st = os.stat(victim)
    records["../../victim.txt"] = ["0" * 64, st.st_size, st.st_mtime_ns]
    (state / "outputs.json").write_text(json.dumps(records))
    stage = Stage(out, state)
    stage.write("kept.txt", "a")
    assert stage.commit(remove_stale=True) == ["gone.txt"]
    assert victim.read_text() == "not the build's"
    assert sorted(p.name for p in out.iterdir()) == ["kept.txt"]
