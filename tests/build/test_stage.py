"""The stage: a folder the output folder lacks moves in whole, and only when it holds nothing
but the files staged in it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pnpcompiler.build.stage import Stage, load_file_records

FILES = {"game-a4.pdf": b"%PDF", "svg/cards/ace.svg": b"<svg/>", "svg/cards/two.svg": b"<svg />",
         "svg/boards/map.svg": b"<svg></svg>"}


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _stage(tmp_path: Path) -> Stage:
    stage = Stage(tmp_path / "out" / "game", tmp_path / "out" / ".cache" / "game")
    for rel, data in FILES.items():
        stage.write(rel, data)
    return stage


def _renames(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """Count the folders renamed whole and the files moved one by one."""
    folders: list[str] = []
    files: list[str] = []
    rename, replace = os.rename, os.replace

    def counting_rename(src: str | Path, dst: str | Path) -> None:
        folders.append(str(src))
        rename(src, dst)

    def counting_replace(src: str | Path, dst: str | Path) -> None:
        files.append(str(src))
        replace(src, dst)

    monkeypatch.setattr(os, "rename", counting_rename)
    monkeypatch.setattr(os, "replace", counting_replace)
    return folders, files


def _from_stage(stage: Stage, moved: list[str]) -> list[str]:
    """Return the files moved one by one out of the stage (not the build's own records)."""
    return [Path(f).relative_to(stage.dir).as_posix() for f in moved
            if Path(f).is_relative_to(stage.dir)]


def test_a_first_build_moves_its_whole_stage_in_one_rename(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stage = _stage(tmp_path)
    folders, files = _renames(monkeypatch)
    stage.commit()
    out = tmp_path / "out" / "game"
    assert _files(out) == FILES
    assert folders == [str(stage.dir)]
    assert not _from_stage(stage, files)
    assert set(load_file_records(stage.state_dir)) == set(FILES)
    assert not stage.dir.exists()


def test_only_the_folders_the_output_lacks_move_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out" / "game"
    (out / "svg" / "cards").mkdir(parents=True)
    (out / "svg" / "cards" / "mine.txt").write_text("a file of yours")
    stage = _stage(tmp_path)
    folders, files = _renames(monkeypatch)
    stage.commit()
    assert _files(out) == {**FILES, "svg/cards/mine.txt": b"a file of yours"}
    assert folders == [str(stage.dir / "svg" / "boards")]
    assert sorted(_from_stage(stage, files)) == ["game-a4.pdf", "svg/cards/ace.svg",
                                                 "svg/cards/two.svg"]


@pytest.mark.parametrize("stray", ["svg/cards/empty/", "svg/cards/left-over.svg"])
def test_a_folder_holding_anything_unstaged_moves_file_by_file(tmp_path: Path,
                                                               stray: str) -> None:
    stage = _stage(tmp_path)
    if stray.endswith("/"):
        (stage.dir / stray).mkdir()
    else:
        (stage.dir / stray).write_bytes(b"not staged")
    stage.commit()
    out = tmp_path / "out" / "game"
    assert _files(out) == FILES
    assert not (out / stray).exists()
    assert not stage.dir.exists()
