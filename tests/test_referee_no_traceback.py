"""No traceback, whatever the record: the referee answers every input with rulings.

Records are generated from scratch and made by damaging the legal example shifts and sheets
(keys dropped, values swapped for other types, numbers pushed out of range, events
duplicated or reordered). Each must give a report whose findings have a location, and an
exit code of 1 or 2 for anything it did not accept.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpcompiler.referee import (
    referee_file,
    render_report_json,
    render_report_text,
    report_exit_code,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = [p for p in sorted((ROOT / "examples").rglob("*.yaml"))]
CONTENT = ROOT / "content"
LOADED: dict[str, Any] = {}
"""Games loaded once for every record of the run."""

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12),
                    st.floats(allow_nan=False), st.text(max_size=12),
                    st.sampled_from(["0412", "9999", "AA105", "PR", "8:15", "left", "up", ""]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*path, i))
    return out


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _damage(data: Any, choice: int, how: int, value: Any) -> Any:
    """Return a copy of ``data`` with one place dropped, replaced, duplicated or moved."""
    data = copy.deepcopy(data)
    paths = [p for p in _paths(data) if p]
    if not paths:
        return value
    path = paths[choice % len(paths)]
    parent = _get(data, path[:-1])
    key = path[-1]
    if how == 0:
        del parent[key]
    elif how == 1:
        parent[key] = value
    elif how == 2 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif how == 3 and isinstance(parent, list) and len(parent) > 1:
        parent.append(parent.pop(key))
    else:
        parent[key] = value
    return data


def _check(tmp_path: Path, text: str) -> None:
    record = tmp_path / "record.yaml"
    record.write_text(text, encoding="utf-8")
    report = referee_file(record, CONTENT, loaded=LOADED)
    render_report_text(report)
    render_report_json(report)
    code = report_exit_code(report)
    assert code in (0, 1, 2)
    for finding in report.findings:
        assert finding.location is not None and finding.location.file


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(choice=st.integers(0, 10**6), how=st.integers(0, 3), value=values)
def test_damaged_records_never_crash(tmp_path: Path, example: Path, choice: int, how: int,
                                     value: Any) -> None:
    data = yaml.safe_load(example.read_text(encoding="utf-8"))
    damaged = _damage(data, choice, how, value)
    _check(tmp_path, yaml.safe_dump(damaged, sort_keys=False, allow_unicode=True))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=st.sampled_from(["shift", "sector-log", "pilot-log", "flight-log", "nope"]),
       game=st.sampled_from(["rushing-tin", "air-cargo", "chess"]),
       body=st.dictionaries(st.sampled_from(["atcs", "lead", "setup", "turns", "end", "rows",
                                             "sector", "seed", "flights", "plans", "x"]),
                            values, max_size=6))
def test_generated_records_never_crash(tmp_path: Path, record: str, game: str,
                                       body: dict[str, Any]) -> None:
    text = yaml.safe_dump({"game": game, "record": record, **body}, allow_unicode=True)
    _check(tmp_path, text)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=200))
def test_bytes_never_crash(tmp_path: Path, raw: bytes) -> None:
    record = tmp_path / "record.yaml"
    record.write_bytes(raw)
    report = referee_file(record, CONTENT, loaded=LOADED)
    assert report_exit_code(report) in (1, 2) or report.legal


TOKENS = ["0412", "1114", "0101", "1801", "AA105", "CA201", "TJ604", "CJ102", "PR", "JD", "MK",
          "8:15", "15:45", "left", "right", "up", "down", "minor", "major", "perfect",
          "event-appraisal", "event-electrical-climb", "weather-storm-3", "weather-winds-4"]


def _retype(data: Any, choice: int, number: int, token: int) -> Any:
    """Return a copy with one scalar replaced by another of its own type, so that the
    record still reads and the damage reaches the replay itself."""
    data = copy.deepcopy(data)
    leaves = [p for p in _paths(data) if p and not isinstance(_get(data, p), dict | list)]
    if not leaves:
        return data
    path = leaves[choice % len(leaves)]
    old = _get(data, path)
    parent = _get(data, path[:-1])
    if isinstance(old, bool):
        parent[path[-1]] = not old
    elif isinstance(old, int):
        parent[path[-1]] = number
    elif isinstance(old, str):
        parent[path[-1]] = TOKENS[token % len(TOKENS)]
    return data


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(choice=st.integers(0, 10**6), number=st.integers(-2, 40), token=st.integers(0, 100),
       twice=st.integers(0, 10**6))
def test_retyped_records_never_crash(tmp_path: Path, example: Path, choice: int, number: int,
                                     token: int, twice: int) -> None:
    data = yaml.safe_load(example.read_text(encoding="utf-8"))
    damaged = _retype(_retype(data, choice, number, token), twice, number + 1, token + 1)
    _check(tmp_path, yaml.safe_dump(damaged, sort_keys=False, allow_unicode=True))
