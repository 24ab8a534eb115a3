"""The build as a library: its stages told as events, outputs as a list any front-end can
extend, without the command line."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest

from pnpcompiler.build.events import Done, Event, Outcome, Removed, Started, Written
from pnpcompiler.build.faces import Kit, item_faces
from pnpcompiler.build.options import BuildOptions, Project
from pnpcompiler.build.outputs import OUTPUTS, Output, Piece, Report, Writing
from pnpcompiler.build.pipeline import Build, cyclic_gc_paused
from pnpcompiler.build.stage import Stage

ROOT = Path(__file__).resolve().parents[2]


def _project(out: Path) -> Project:
    return Project(ROOT / "content", (ROOT / "templates",), out)


def _collapsed(events: list[Event]) -> list[str]:
    """Return the events' kinds, each run of one kind once."""
    kinds: list[str] = []
    for event in events:
        if not kinds or kinds[-1] != type(event).__name__:
            kinds.append(type(event).__name__)
    return kinds


def test_a_build_runs_without_the_command_line(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from pnpcompiler.build.options import BuildOptions, Project\n"
        "from pnpcompiler.build.pipeline import Build\n"
        f"project = Project(Path({str(ROOT / 'content')!r}), "
        f"(Path({str(ROOT / 'templates')!r}),), Path({str(tmp_path / 'out')!r}))\n"
        "events = []\n"
        "code = Build(project, BuildOptions(), games=['air-cargo'], listen=events.append).run()\n"
        "print(code, events[-1].outcome)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('pnpcompiler.app', 'typer'))))\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    assert result.stdout.splitlines() == ["0 built", "[]"]
    assert (tmp_path / "out" / "air-cargo" / "air-cargo-a4.pdf").is_file()


def test_the_cycle_collector_rests_while_a_build_runs(tmp_path: Path) -> None:
    collecting: list[bool] = []
    build = Build(_project(tmp_path / "out"), BuildOptions(svg=False), games=["air-cargo"],
                  listen=lambda event: collecting.append(gc.isenabled()))
    assert gc.isenabled()
    assert build.run() == 0
    assert collecting and not any(collecting)
    assert gc.isenabled()
    gc.disable()
    try:
        with cyclic_gc_paused():
            pass
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()


def test_a_build_tells_its_stages_in_order(tmp_path: Path) -> None:
    events: list[Event] = []
    build = Build(_project(tmp_path / "out"), BuildOptions(), games=["air-cargo"],
                  listen=events.append)
    assert build.run() == 0
    assert _collapsed(events) == ["Started", "FindingReported", "Progress", "Written",
                                  "Skipped", "Done"]
    written = [e for e in events if isinstance(e, Written)]
    assert [e.output for e in written] == ["content.json", "svg", "kit-pdf", "boards",
                                           "boards"]
    kit_pdf = next(e for e in written if e.output == "kit-pdf")
    assert kit_pdf.files == (tmp_path / "out" / "air-cargo" / "air-cargo-a4.pdf",)
    assert "Pilot Log: 1 sheet on pages 9-10, 1 page" in kit_pdf.details
    done = events[-1]
    assert isinstance(done, Done) and done.outcome is Outcome.BUILT
    assert done.files == sum(len(e.files) for e in written) and done.changed == done.files
    events.clear()
    assert build.run() == 0
    assert _collapsed(events) == ["Started", "FindingReported", "Done"]
    assert isinstance(events[-1], Done) and events[-1].outcome is Outcome.UP_TO_DATE


class FaceList(Output[Piece]):
    """A new output: every face's name, one a line."""

    name = "face-list"

    def pieces(self, kit: Kit) -> list[Piece]:
        return [Piece("faces.txt", "")]

    def write(self, kit: Kit, stage: Stage, pieces: list[Piece]) -> list[Report]:
        names = "".join(f"{component}/{name}\n" for component, name, _ in item_faces(kit.faces))
        stage.write("faces.txt", names)
        return [Report(("faces.txt",), "the list of faces")]


def test_a_new_output_is_one_class_added_to_the_list(tmp_path: Path) -> None:
    out = tmp_path / "out"
    events: list[Event] = []
    build = Build(_project(out), BuildOptions(), games=["air-cargo"],
                  outputs=[*OUTPUTS, FaceList()], listen=events.append)
    assert build.run() == 0
    assert (out / "air-cargo" / "faces.txt").read_text() == "leg-template/leg-template\n"
    told = [e for e in events if isinstance(e, Written) and e.output == "face-list"]
    assert [e.summary for e in told] == ["the list of faces"]
    events.clear()
    build.run()
    assert isinstance(events[-1], Done) and events[-1].outcome is Outcome.UP_TO_DATE
    events.clear()
    Build(_project(out), BuildOptions(), games=["air-cargo"], listen=events.append).run()
    assert [e.path.name for e in events if isinstance(e, Removed)] == ["faces.txt"]
    assert not (out / "air-cargo" / "faces.txt").exists()


class Clash(FaceList):
    """An output that plans a file another output writes."""

    name = "clash"

    def pieces(self, kit: Kit) -> list[Piece]:
        return [Piece("content.json", "")]


def test_two_outputs_planning_one_file_are_refused_before_anything_is_written(
        tmp_path: Path) -> None:
    out = tmp_path / "out"
    build = Build(_project(out), BuildOptions(), games=["air-cargo"],
                  outputs=[*OUTPUTS, Clash()])
    with pytest.raises(RuntimeError, match=r"'content\.json' and 'clash' both write"):
        build.run()
    assert not (out / "air-cargo").exists()


class Recorded(FaceList):
    """An output that notes when it starts and when its writing is collected."""

    log: ClassVar[list[str]] = []
    label = "first"

    def pieces(self, kit: Kit) -> list[Piece]:
        return [Piece(f"{self.label}.txt", "")]

    def start(self, kit: Kit, stage: Stage, pieces: list[Piece]) -> Writing:
        self.log.append(f"start {self.label}")
        stage.write(pieces[0].path, self.label)

        def finish() -> list[Report]:
            self.log.append(f"finish {self.label}")
            return [Report((pieces[0].path,), self.label)]

        return Writing(finish)


class RecordedBehind(Recorded):
    """The same, working in the background."""

    background = True
    label = "behind"


def test_an_output_working_in_the_background_starts_first_and_is_told_in_its_place(
        tmp_path: Path) -> None:
    events: list[Event] = []
    Recorded.log.clear()
    Build(_project(tmp_path / "out"), BuildOptions(), games=["air-cargo"],
          outputs=[Recorded(), RecordedBehind()], listen=events.append).run()
    assert Recorded.log == ["start behind", "start first", "finish first", "finish behind"]
    assert [e.summary for e in events if isinstance(e, Written)] == ["first", "behind"]


def test_an_unknown_game_is_refused_before_anything_starts(tmp_path: Path) -> None:
    from pnpcompiler.content.project import UsageError

    events: list[Event] = []
    with pytest.raises(UsageError):
        Build(_project(tmp_path / "out"), BuildOptions(), games=["chess"],
              listen=events.append).run()
    assert not any(isinstance(e, Started) for e in events)
