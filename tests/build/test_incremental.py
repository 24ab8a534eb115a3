"""Incremental, staged builds: the build cache under OUT/.cache and the stage folder.

A rebuild with nothing changed is reported up to date without loading the game; a changed
card re-renders only its own faces and the files that contain them; whatever the cache
holds, the kit is byte for byte what a build without the cache makes; a build that fails or
is killed halfway leaves the previous kit as it was.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.build.codec import decode_faces, encode_faces
from pnpcompiler.build.stage import Stage, UnsafeOutput
from pnpcompiler.core.store import Cache
from tests.build.projects import crowded_project, sampler_project

CARDS = Path("content/sampler/cards/deck.yaml")


def _build(root: Path, *args: str, out: str = "out") -> str:
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    result = CliRunner().invoke(app, ["build", "sampler", "--content", str(root / "content"),
                                      "--templates", str(root / "templates"), "-o",
                                      str(root / out), "-q", *args])
    assert result.exit_code == 0, result.output
    return str(result.output)


def _snapshot(folder: Path) -> dict[str, tuple[str, int]]:
    """Return every file's hash and modification time (ns), by relative path."""
    return {p.relative_to(folder).as_posix(): (hashlib.sha256(p.read_bytes()).hexdigest(),
                                                p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _edit(root: Path, old: str, new: str) -> None:
    path = root / CARDS
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = sampler_project(tmp_path_factory.mktemp("incremental"))
    _build(root, "--png", "40")
    return root


def test_a_rebuild_with_no_change_is_up_to_date(built: Path) -> None:
    before = _snapshot(built / "out" / "sampler")
    output = _build(built, "--png", "40")
    assert "sampler: up to date" in output
    assert "0 errors, 1 warning" in output  # the findings are reported again
    assert _snapshot(built / "out" / "sampler") == before


def test_other_options_are_another_build(built: Path) -> None:
    output = _build(built, "--png", "40", "--bleed", "2")
    assert "sampler: up to date" not in output
    output = _build(built, "--png", "40")
    assert "sampler: up to date" not in output  # the bleed changed every face back
    assert "files changed" in output


def test_one_changed_card_rewrites_only_its_faces_and_the_kit(built: Path) -> None:
    out = built / "out" / "sampler"
    _build(built, "--png", "40")
    before = _snapshot(out)
    _edit(built, "body: Move one space.", "body: Move one space only.")
    output = _build(built, "--png", "40")
    after = _snapshot(out)
    changed = sorted(rel for rel in after if after[rel] != before.get(rel))
    assert changed == ["content.json", "png/cards/card-ace.png", "sampler-a4.pdf",
                       "svg/cards/card-ace.svg"]
    assert "sampler: 4 of " in output
    # What the cache gave is what a build from nothing makes.
    _build(built, "--png", "40", "--no-cache", out="fresh")
    fresh = _snapshot(built / "fresh" / "sampler")
    assert {k: v[0] for k, v in fresh.items()} == {k: v[0] for k, v in after.items()}
    _edit(built, "body: Move one space only.", "body: Move one space.")


def test_a_renamed_card_loses_its_old_files(built: Path) -> None:
    out = built / "out" / "sampler"
    folder = "cards"
    old = out / "svg" / folder / "card-two.svg"
    assert old.exists()
    _edit(built, "id: card-two,", "id: card-two-renamed,")
    try:
        _build(built, "--png", "40")
        assert not old.exists()
        assert not (out / "png" / folder / "card-two.png").exists()
        assert (out / "svg" / folder / "card-two-renamed.svg").exists()
        # A build of one component does not know what the others are: it removes nothing.
        _build(built, "--only", "counters")
        assert (out / "svg" / folder / "card-two-renamed.svg").exists()
    finally:
        _edit(built, "id: card-two-renamed,", "id: card-two,")
    _build(built, "--png", "40")
    assert old.exists()
    assert not (out / "svg" / folder / "card-two-renamed.svg").exists()


def test_the_cache_is_safe_to_delete_or_damage(built: Path) -> None:
    import sqlite3

    out = built / "out" / "sampler"
    _build(built, "--png", "40")
    before = {k: v[0] for k, v in _snapshot(out).items()}
    store = built / "out" / ".cache" / "sampler" / "pieces.sqlite"
    # Damaged entries: other bytes under their keys, or cut short.
    with sqlite3.connect(store) as db:
        db.execute("UPDATE pieces SET data = X'00' WHERE kind = 'png'")
        db.execute("UPDATE pieces SET data = CAST('not what was stored' AS BLOB) "
                   "WHERE kind = 'face' AND key LIKE 'a%'")
    _build(built, "--png", "40", "--bleed", "3.0001")
    _build(built, "--png", "40")
    assert {k: v[0] for k, v in _snapshot(out).items()} == before
    # A damaged file: not a database any more.
    for extra in ("-wal", "-shm"):
        Path(f"{store}{extra}").unlink(missing_ok=True)
    store.write_bytes(b"rubbish" * 1000)
    _build(built, "--png", "40", "--bleed", "3.0002")
    _build(built, "--png", "40")
    assert {k: v[0] for k, v in _snapshot(out).items()} == before
    shutil.rmtree(built / "out" / ".cache")
    _build(built, "--png", "40")
    assert {k: v[0] for k, v in _snapshot(out).items()} == before


def test_a_failed_build_leaves_the_previous_kit(built: Path) -> None:
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    out = built / "out" / "sampler"
    _build(built, "--png", "40")
    before = _snapshot(out)
    template = built / "templates" / "sampler" / "card-front.yaml"
    text = template.read_text()
    template.write_text(text + "\n  - text: {x: 1, y: 1, w: 10, h: 5, text: '{{ item.nope }}'}\n")
    try:
        result = CliRunner().invoke(app, ["build", "sampler", "--content",
                                          str(built / "content"), "--templates",
                                          str(built / "templates"), "-o", str(built / "out"),
                                          "-q", "--png", "40"])
        assert result.exit_code == 1
        assert "left as it was" in result.output
    finally:
        template.write_text(text)
    assert _snapshot(out) == before
    assert not list((built / "out" / ".cache" / "sampler").glob("stage-*"))


def _pdfs_are_whole(folder: Path) -> None:
    import pikepdf

    for path in folder.rglob("*.pdf"):
        with pikepdf.open(path) as pdf:
            assert not pdf.check_pdf_syntax(), path


def _children(pid: int) -> list[int]:
    """Return the processes ``pid`` started (Linux's /proc; none elsewhere)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def _all_end(pids: list[int]) -> None:
    """Wait up to half a second for every one of ``pids`` to end (a zombie has ended)."""
    deadline = time.monotonic() + 0.5
    for pid in pids:
        while time.monotonic() < deadline:
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                break
            if state in ("Z", "X"):
                break
            time.sleep(0.01)
        else:
            raise AssertionError(f"process {pid}, forked by the killed build, still runs")


@pytest.mark.parametrize("after_files", [1, 40, 200])
def test_a_killed_build_leaves_the_previous_kit_whole(tmp_path: Path, after_files: int) -> None:
    """Kill -9 a build (its SVG-drawing child ends with it) once its stage holds
    ``after_files`` files: the kit from the build before is untouched, file for file, and the
    next build cleans up and succeeds."""
    root = crowded_project(tmp_path)
    out = root / "out" / "sampler"
    _build(root, "--png", "100")
    before = _snapshot(out)
    _edit(root, "body: Move one space.", "body: Move one space or two.")
    command = [sys.executable, "-m", "pnpcompiler", "build", "sampler", "--content",
               str(root / "content"), "--templates", str(root / "templates"), "-o",
               str(root / "out"), "-q", "--png", "100", "--no-cache", "--bleed", "2.5"]
    # The build draws its SVG faces in a forked process: killing the build alone must end it
    # too, or it goes on writing into the dead build's stage after the next build cleared it.
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stage = root / "out" / ".cache" / "sampler" / f"stage-{process.pid}"
    deadline = time.monotonic() + 120
    killed = False
    children: list[int] = []
    while process.poll() is None and time.monotonic() < deadline:
        if stage.is_dir() and sum(1 for p in stage.rglob("*") if p.is_file()) >= after_files:
            children = _children(process.pid)
            process.kill()
            killed = True
            break
        time.sleep(0.002)
    process.wait()
    if not killed:
        pytest.skip("the build finished before it could be interrupted")
    _all_end(children)
    assert _snapshot(out) == before
    _pdfs_are_whole(out)
    assert stage.is_dir()  # what the killed build left, outside the kit
    _build(root, "--png", "100")
    assert not list((root / "out" / ".cache" / "sampler").glob("stage-*"))
    assert _snapshot(out)["sampler-a4.pdf"] != before["sampler-a4.pdf"]


def test_interrupting_a_build_leaves_the_previous_kit(tmp_path: Path) -> None:
    root = crowded_project(tmp_path)
    out = root / "out" / "sampler"
    _build(root)
    before = _snapshot(out)
    _edit(root, "body: Move one space.", "body: Move one space or three.")
    command = [sys.executable, "-m", "pnpcompiler", "build", "sampler", "--content",
               str(root / "content"), "--templates", str(root / "templates"), "-o",
               str(root / "out"), "-q", "--png", "100", "--no-cache"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stage = root / "out" / ".cache" / "sampler" / f"stage-{process.pid}"
    deadline = time.monotonic() + 120
    while process.poll() is None and not stage.is_dir() and time.monotonic() < deadline:
        time.sleep(0.002)
    if process.poll() is not None:
        pytest.skip("the build finished before it could be interrupted")
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    if process.returncode == 0:
        pytest.skip("the build finished before it could be interrupted")
    assert process.returncode == 130, err
    assert b"interrupted" in err and b"Traceback" not in err
    assert _snapshot(out) == before
    assert not stage.exists()


# -- the pieces ---------------------------------------------------------------------------


def test_outputs_never_leave_the_output_folder(tmp_path: Path) -> None:
    out = tmp_path / "out" / "game"
    out.mkdir(parents=True)
    stage = Stage(out, tmp_path / "out" / ".cache" / "game")
    for bad in ("../x.svg", "/etc/passwd", "svg/../../x", "", "a//b", "./a", "c:/x", "a\\..\\b",
                "a/\0b"):
        with pytest.raises(UnsafeOutput):
            stage.write(bad, b"x")
    (tmp_path / "elsewhere").mkdir()
    (out / "svg").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(UnsafeOutput):
        stage.write("svg/card.svg", b"x")
    stage.write("png/card.png", b"x")
    stage.commit()
    assert (out / "png" / "card.png").read_bytes() == b"x"
    assert not list((tmp_path / "elsewhere").iterdir())


@given(st.lists(st.sampled_from(["a", "b.svg", "..", ".", "", "/", "svg", "\\", "~", "c:"]),
                min_size=1, max_size=6))
@settings(max_examples=200, deadline=None)
def test_a_staged_path_is_inside_or_refused(tmp_path_factory: pytest.TempPathFactory,
                                            parts: list[str]) -> None:
    root = tmp_path_factory.mktemp("stage")
    out = root / "out"
    out.mkdir()
    stage = Stage(out, root / "state")
    rel = "/".join(parts)
    try:
        final = stage.write(rel, b"x")
    except UnsafeOutput:
        return
    assert final.resolve().is_relative_to(out.resolve())
    stage.discard()


def test_cache_entries_are_checked_when_read(tmp_path: Path) -> None:
    import sqlite3

    with Cache(tmp_path) as cache:
        cache.put("svg", "ab" * 32, b"<svg/>")
    with Cache(tmp_path) as cache:
        assert cache.get("svg", "ab" * 32) == b"<svg/>"
    with sqlite3.connect(tmp_path / "pieces.sqlite") as db:
        db.execute("UPDATE pieces SET data = CAST('<svg' AS BLOB)")
    with Cache(tmp_path) as cache:
        assert cache.get("svg", "ab" * 32) is None
    assert Cache(None).get("svg", "ab" * 32) is None


def test_a_cache_finds_what_it_held_and_what_this_build_stored(tmp_path: Path) -> None:
    """A cold build asks the file for none of its faces, yet finds each one it stored."""
    with Cache(tmp_path) as cache:
        assert cache.get("face", "a") is None
        cache.put("face", "a", b"{}")
        assert cache.get("face", "a") == b"{}" and cache.get("face", "b") is None
    with Cache(tmp_path) as cache:
        assert cache.get("face", "a") == b"{}" and cache.get("svg", "a") is None


def test_faces_sharing_elements_encode_as_whole_faces() -> None:
    """A face's JSON, written element by element (each once), is what json.dumps writes of
    the whole face; a shared element reads the same in every face."""
    import json

    from pnpcompiler.build.codec import encode_element
    from pnpcompiler.layout.model import Box, Face, Paint

    frame = Box(3.0, 3.0, 57.5, 82.9, Paint(None, "#1f3a5f", 0.6), 2.5)
    faces = [Face(63.5, 88.9, 3.0, background, (frame,)) for background in (None, "#ffffff")]
    whole = json.dumps([encode_element(f) for f in faces], separators=(",", ":"),
                       sort_keys=True).encode()
    assert encode_faces(faces) == whole


def test_faces_read_back_from_the_cache_share_their_elements() -> None:
    """Faces kept in the cache and read back are the faces kept, and an element two of them
    hold is one object, as in faces resolved afresh (the PDF draws it once); an element of a
    face resolved afresh is shared with the faces read after it."""
    import json

    from pnpcompiler.build.codec import FaceReader, face_text, face_texts
    from pnpcompiler.layout.model import Box, Face, Line, Paint, Run, Text

    frame = Box(3.0, 3.0, 57.5, 82.9, Paint(None, "#1f3a5f", 0.6), 2.5)
    faces = [Face(63.5, 88.9, 3.0, None, (frame, Text(
        5.0, 5.0, 50.0, 8.0, (Line(4.5, (Run(0.0, title, "Vera", 9.0, "#000", 30.0),)),),
        9.0))) for title in ("Route AA103", "Route BA202")]
    texts = [face_texts(face) for face in faces]
    assert [text for text, _ in texts] == [face_text(face) for face in faces]
    reader = FaceReader()
    back = [reader.face(json.loads(kept)) for _, kept in texts]
    assert back == faces
    assert back[0].elements[0] is back[1].elements[0]
    assert back[0].elements[1] is not back[1].elements[1]

    fresh = FaceReader()
    fresh.know(faces[0])
    assert fresh.face(json.loads(texts[1][1])).elements[0] is frame


def test_old_entries_are_pruned(tmp_path: Path) -> None:
    import sqlite3

    with Cache(tmp_path) as cache:
        cache.put("svg", "old", b"a")
        cache.put("svg", "new", b"b")
    with sqlite3.connect(tmp_path / "pieces.sqlite") as db:
        db.execute("UPDATE pieces SET used = 0 WHERE key = 'old'")
    with Cache(tmp_path) as cache:
        assert cache.prune() == 1
    with Cache(tmp_path) as cache:
        assert cache.get("svg", "old") is None and cache.get("svg", "new") == b"b"


def test_faces_go_through_json_unchanged() -> None:
    from pnpcompiler.layout.model import Box, Face, Line, Paint, Polygon, Run, Text

    face = Face(63.5, 88.9, 3.0, "#ffffff", (
        Box(1.0, 2.0, 3.0, 4.0, Paint("#000", None, 0.3, (1.0, 0.5)), 0.1),
        Polygon(((0.0, 0.0), (1.0, 1 / 3)), Paint(stroke="#f00"), closed=False),
        Text(1.0, 2.0, 3.0, 4.0, (Line(1.5, (Run(0.0, "Route AA103", "Vera-Bold", 9.0,
                                                  "#000", 20.25),)),), 9.0)))
    assert decode_faces(encode_faces([face])) == [face]


def _new_game(root: Path, writer: str) -> Path:
    """Make a game with ``pnp new`` whose rules module adds an output ``writer``."""
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    result = CliRunner().invoke(app, ["new", "demo", "--title", "Demo", "--content",
                                      str(root / "content")])
    assert result.exit_code == 0, result.output
    rules = root / "content" / "demo" / "rules.py"
    rules.write_text(rules.read_text() + "\n\n" + writer)
    return root


def _build_demo(root: Path) -> tuple[int, str]:
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    result = CliRunner().invoke(app, ["build", "demo", "--content", str(root / "content"),
                                      "--templates", str(root / "templates"), "-o",
                                      str(root / "out"), "-q"])
    return result.exit_code, str(result.output)


def test_a_games_own_outputs_are_staged_too(tmp_path: Path) -> None:
    root = _new_game(tmp_path, '''
@rules.output
def write_notes(game, folder):
    path = folder / "notes" / "summary.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"{game.manifest.title}\\n")
    return [path]
''')
    code, output = _build_demo(root)
    assert code == 0, output
    assert (root / "out" / "demo" / "notes" / "summary.txt").read_text() == "Demo\n"
    assert "wrote " + str(root / "out" / "demo" / "notes" / "summary.txt") in output


def test_a_game_writing_outside_its_folder_is_refused(tmp_path: Path) -> None:
    root = _new_game(tmp_path, '''
@rules.output
def write_elsewhere(game, folder):
    path = folder.parent.parent / "escaped.txt"
    path.write_text("x")
    return [path]
''')
    code, output = _build_demo(root)
    assert code == 1
    assert "error output.outside-folder" in output and "left as it was" in output
    assert not (root / "out" / "demo").exists()


def test_hashing_a_folder_reads_only_regular_files(tmp_path: Path) -> None:
    from pnpcompiler.core.digests import tree_digest

    (tmp_path / "game.yaml").write_text("title: x\n")
    os.mkfifo(tmp_path / "pipe")  # reading it would wait for ever
    (tmp_path / "zero").symlink_to("/dev/zero")  # reading it would never end
    (tmp_path / "outside").symlink_to("/etc/hostname")
    first = tree_digest(tmp_path)
    assert tree_digest(tmp_path) == first
    (tmp_path / "game.yaml").write_text("title: y\n")
    assert tree_digest(tmp_path) != first


def test_a_deleted_or_edited_output_is_made_again(built: Path) -> None:
    out = built / "out" / "sampler"
    _build(built, "--png", "40")
    before = _snapshot(out)
    svg = out / "svg" / "cards" / "card-six.svg"
    svg.unlink()
    pdf = out / "sampler-a4.pdf"
    pdf.write_bytes(b"%PDF-1.4 scribbled over")
    output = _build(built, "--png", "40")
    assert "sampler: up to date" not in output
    assert "sampler: 2 of " in output
    after = _snapshot(out)
    assert {k: v[0] for k, v in after.items()} == {k: v[0] for k, v in before.items()}


def test_a_second_build_into_the_same_folder_waits_for_the_first(tmp_path: Path) -> None:
    import threading

    from pnpcompiler.build.record import locked

    state = tmp_path / "out" / ".cache" / "sampler"
    order: list[str] = []

    def second_build() -> None:
        with locked(state):
            order.append("second")

    with locked(state):
        second = threading.Thread(target=second_build)
        second.start()
        second.join(0.5)
        assert second.is_alive(), "the second build ran while the first held the lock"
        order.append("first")
    second.join(10)
    assert order == ["first", "second"]
