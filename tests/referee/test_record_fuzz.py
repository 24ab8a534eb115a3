"""No traceback, whatever the record: the referee answers every input with rulings.

One fuzz target per kind of record (``make fuzz`` runs PNP_FUZZ_EXAMPLES cases of each): the
legal examples damaged (events, moves and turns dropped, duplicated, reordered or moved
elsewhere; values retyped or pushed out of range; unknown keys), their text edited, records
made from scratch, and binary garbage. Each must give a report whose findings say where
(file, line, column), and exit code 0 only for a legal record, else 1 or 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from pnpcompiler.referee import (
    referee_file,
    render_report_json,
    render_report_text,
    report_exit_code,
)
from tests.fuzz_cases import (
    GARBAGE,
    Vocabulary,
    damage,
    dump,
    edit_text,
    fuzz,
    garbage,
    parse,
    values,
)
from tests.paths import REPO

EXAMPLES = REPO / "examples"
CONTENT = REPO / "content"
LOADED: dict[str, Any] = {}
"""Games loaded once for every record of the run."""


class RecordKind:
    """The legal example records of one kind, parsed once, and what damages them."""

    def __init__(self, game: str, record: str, files: list[str]) -> None:
        self.game, self.record = game, record
        self.texts = [(EXAMPLES / game / name).read_text(encoding="utf-8") for name in files]
        self.trees = [parse(text) for text in self.texts]
        assert all(tree["game"] == game and tree["record"] == record for tree in self.trees)
        self.words = Vocabulary(self.trees)
        self.values = values(self.words)

    def __repr__(self) -> str:
        return f"{self.game} {self.record}"

    def damaged(self, data: st.DataObject) -> bytes:
        """Draw a record: a damaged example (tree, text or bytes), or one from scratch."""
        which = data.draw(st.integers(0, len(self.trees) - 1), label="example")
        how = data.draw(st.sampled_from(["plausible"] * 6 + ["tree"] * 2
                                        + ["text", "scratch", "bytes"]), label="damage")
        if how in ("plausible", "tree"):
            return dump(damage(data, self.trees[which], self.values, self.words,
                               plausible=how == "plausible")).encode()
        if how == "text":
            return edit_text(data, self.texts[which]).encode("utf-8", "surrogatepass")
        if how == "bytes":
            return garbage(data, self.texts[which])
        body = data.draw(st.dictionaries(self.words.keys.strategy(), self.values, max_size=8),
                         label="body")
        return dump({"game": self.game, "record": self.record, **body}).encode()


SHIFTS = RecordKind("rushing-tin", "shift",
                    ["shift-solo.yaml", "shift-2atc.yaml", "shift-4atc.yaml"])
SECTOR_LOGS = RecordKind("rushing-tin", "sector-log", ["sector-log-2atc.yaml"])
FLIGHT_LOGS = RecordKind("air-cargo", "flight-log", ["crash.yaml", "stop.yaml", "gold-wing.yaml"])
PILOT_LOGS = RecordKind("air-cargo", "pilot-log", ["pilot-log.yaml"])


def _refereed(folder: Path, raw: bytes) -> None:
    """Referee ``raw`` as a record file; assert a located finding for every ruling and an
    exit code of 0 for a legal record, else 1 or 2."""
    record = folder / "record.yaml"
    record.write_bytes(raw)
    report = referee_file(record, CONTENT, loaded=LOADED)
    render_report_text(report)
    render_report_json(report)
    code = report_exit_code(report)
    event(f"exit code {code}")
    assert code in (0, 1, 2)
    assert (code == 0) == report.legal
    for finding in report.findings:
        loc = finding.location
        assert loc is not None and loc.file, finding
        assert loc.line is not None and loc.line >= 1, finding
        assert loc.col is not None and loc.col >= 1, finding
        assert finding.code and finding.message, finding


@fuzz(100)
@given(data=st.data())
def test_rushing_tin_shift_logs_never_crash(tmp_path: Path, data: st.DataObject) -> None:
    _refereed(tmp_path, SHIFTS.damaged(data))


@fuzz(100)
@given(data=st.data())
def test_rushing_tin_sector_logs_never_crash(tmp_path: Path, data: st.DataObject) -> None:
    _refereed(tmp_path, SECTOR_LOGS.damaged(data))


@fuzz(100)
@given(data=st.data())
def test_air_cargo_flight_logs_never_crash(tmp_path: Path, data: st.DataObject) -> None:
    _refereed(tmp_path, FLIGHT_LOGS.damaged(data))


@fuzz(100)
@given(data=st.data())
def test_air_cargo_pilot_logs_never_crash(tmp_path: Path, data: st.DataObject) -> None:
    _refereed(tmp_path, PILOT_LOGS.damaged(data))


ANY_KEYS = ["atcs", "lead", "setup", "turns", "end", "rows", "sector", "seed", "events",
            "cargo", "airports", "route", "x"]


@fuzz(50)
@given(game=st.sampled_from(["rushing-tin", "air-cargo", "chess", "", "../content"]),
       record=st.sampled_from(["shift", "sector-log", "pilot-log", "flight-log", "nope"]),
       body=st.dictionaries(st.sampled_from(ANY_KEYS), SHIFTS.values, max_size=6),
       raw=st.one_of(st.none(), GARBAGE))
def test_records_of_any_header_never_crash(tmp_path: Path, game: str, record: str,
                                           body: dict[str, Any], raw: bytes | None) -> None:
    """A header naming any game and any kind of record, with any body, or no YAML at all."""
    _refereed(tmp_path, raw if raw is not None else
              dump({"game": game, "record": record, **body}).encode())


@pytest.mark.parametrize("kind", [SHIFTS, SECTOR_LOGS, FLIGHT_LOGS, PILOT_LOGS], ids=repr)
def test_examples_are_legal_as_dumped(tmp_path: Path, kind: RecordKind) -> None:
    """The undamaged examples, parsed and dumped again, are still legal: damage starts from
    a legal record."""
    for tree in kind.trees:
        record = tmp_path / "record.yaml"
        record.write_text(dump(tree), encoding="utf-8")
        report = referee_file(record, CONTENT, loaded=LOADED)
        assert report.legal, [f.message for f in report.findings]


def test_sector_log_with_billions_of_deals(tmp_path: Path) -> None:
    """Found by fuzzing: a D of 2**31 on one row made two billion deals (memory ran out);
    D holds two digits."""
    tree = SECTOR_LOGS.trees[0]
    tree = {**tree, "rows": [{**tree["rows"][0], "d": 2**31}, *tree["rows"][1:]]}
    record = tmp_path / "record.yaml"
    record.write_text(dump(tree), encoding="utf-8")
    report = referee_file(record, CONTENT, loaded=LOADED)
    assert report_exit_code(report) == 2
    assert [(f.code, f.location.path if f.location else None) for f in report.findings] == [
        ("schema.out-of-range", "rows[0].d")]
