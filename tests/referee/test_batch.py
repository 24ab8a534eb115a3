"""``pnp referee --batch``: many records in one run, each reported as ``pnp referee`` reports
it alone, a summary, the same bytes on any number of workers, and one bad record never
stopping the rest."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpcompiler.referee.batch import BatchError, find_records, referee_batch
from tests.paths import CONTENT, EXAMPLES, GOLDEN

Pnp = Callable[..., tuple[int, str]]


@pytest.fixture
def records(tmp_path: Path) -> Path:
    """Every example record, three illegal golden records, a record that is not YAML and one
    of an unknown game, in a folder with a sub-folder and a hidden one."""
    folder = tmp_path / "logs"
    (folder / "more").mkdir(parents=True)
    (folder / ".hidden").mkdir()
    for path in sorted(EXAMPLES.glob("*/*.yaml")):
        shutil.copyfile(path, folder / f"{path.parent.name}-{path.name}")
    for case in sorted((GOLDEN / "rt-shift").iterdir())[:2] + sorted(
            (GOLDEN / "air-cargo-referee").iterdir())[:1]:
        shutil.copyfile(case / "record.yaml", folder / "more" / f"{case.name}.yaml")
    (folder / "more" / "broken.yaml").write_text("game: [rushing-tin\n", encoding="utf-8")
    (folder / "chess.yaml").write_text("game: chess\nrecord: moves\n", encoding="utf-8")
    (folder / ".hidden" / "skipped.yaml").write_text("game: x\n", encoding="utf-8")
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")
    return folder


def test_each_line_is_the_report_of_the_record_alone(records: Path, pnp: Pnp) -> None:
    code, out = pnp("referee", "--batch", str(records), "--content", str(CONTENT),
                    "--format", "json", "--no-cache")
    assert code == 1  # some records are not legal
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    paths = find_records(str(records))
    assert [Path(line["file"]).name for line in lines] == [p.name for p in paths]
    assert len(paths) == len(list(EXAMPLES.glob("*/*.yaml"))) + 3 + 2
    for line, path in zip(lines, paths, strict=True):
        alone_code, alone = pnp("referee", os.path.relpath(path), "--content", str(CONTENT),
                                "--format", "json", "--no-cache")
        report = json.loads(alone)
        assert {k: v for k, v in line.items() if k != "file"} == report, path.name
        assert alone_code == (0 if report["legal"] else
                              2 if path.name in ("broken.yaml", "chess.yaml") else 1)


def test_the_summary_counts_legal_illegal_and_unreadable(records: Path, pnp: Pnp) -> None:
    examples = len(list(EXAMPLES.glob("*/*.yaml")))
    code, out = pnp("referee", "--batch", str(records), "--content", str(CONTENT), "--no-cache")
    assert code == 1
    assert f"{examples + 5} records: {examples} legal, 3 illegal, 2 unreadable" in out
    assert "commonest findings:" in out
    assert "logs/chess.yaml: unreadable (record.unknown-game)" in out
    assert "logs/more/broken.yaml: unreadable (yaml.syntax)" in out


def test_a_glob_picks_its_records_and_all_legal_is_exit_0(records: Path, pnp: Pnp) -> None:
    code, out = pnp("referee", "--batch", str(records / "rushing-tin-shift-*.yaml"),
                    "--content", str(CONTENT), "--no-cache")
    shifts = len(list(EXAMPLES.glob("rushing-tin/shift-*.yaml")))
    assert code == 0, out
    assert f"{shifts} records: {shifts} legal, 0 illegal, 0 unreadable" in out


def test_any_number_of_workers_gives_the_same_results(records: Path) -> None:
    paths = find_records(str(records)) * 3  # more records than one task holds
    one = [r.json_line() for r in referee_batch(paths, CONTENT, jobs=1)]
    two = [r.json_line() for r in referee_batch(paths, CONTENT, jobs=2)]
    assert one == two and len(one) == len(paths)


def test_nothing_to_referee_is_a_usage_error(tmp_path: Path, pnp: Pnp) -> None:
    (tmp_path / "empty").mkdir()
    content = ("--content", str(CONTENT))
    code, out = pnp("referee", "--batch", str(tmp_path / "empty"), *content)
    assert code == 2 and "no records in" in out
    code, out = pnp("referee", "--batch", str(tmp_path / "nowhere"), *content)
    assert code == 2 and "is neither a folder, a file nor a glob pattern" in out
    code, out = pnp("referee", "--batch", str(tmp_path), "shift.yaml")
    assert code == 2 and "give no RECORD" in out
    code, out = pnp("referee")
    assert code == 2 and "give the RECORD to referee, or --batch DIR|GLOB" in out
    with pytest.raises(BatchError):
        find_records(str(tmp_path / "*.yaml"))


def test_a_referee_failure_is_that_record_s_report(records: Path, monkeypatch: pytest.MonkeyPatch
                                                   ) -> None:
    """A bug met on one record is reported on it; the others are refereed."""
    from pnpcompiler.referee import batch
    from pnpcompiler.referee.records import referee_file as real  # what batch calls

    def failing(path: Path, *args: object, **kwargs: object) -> object:
        if path.name == "chess.yaml":
            raise RuntimeError("boom")
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "referee_file", failing)
    done = list(referee_batch(find_records(str(records)), CONTENT, jobs=1))
    failed = [r for r in done if r.path.endswith("chess.yaml")]
    assert [r.codes for r in failed] == [("record.referee-failed",)]
    assert failed[0].exit_code == 2
    assert sum(r.exit_code == 0 for r in done) == len(list(EXAMPLES.glob("*/*.yaml")))
