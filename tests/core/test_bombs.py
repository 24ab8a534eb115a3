"""Resource bombs: inputs built to exhaust time or memory are refused by the loader quickly,
in bounded memory, with a finding that says what limit was hit. (The same bombs given to the
command as content or as a record to referee: tests/app/test_bombs.py.)

The time bound is CPU time (not wall time) so a busy machine does not fail the test; the
refusals take milliseconds, and 2 seconds is the promise.
"""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from pnpcompiler.core.loader import MAX_BYTES, MAX_DEPTH, MAX_NODES, load_file, load_text


def billion_laughs(levels: int = 10, fan: int = 10) -> str:
    lines = ['a0: &a0 "lol"']
    for i in range(1, levels):
        refs = ", ".join(f"*a{i - 1}" for _ in range(fan))
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\n"


def _bounded(run: Callable[[], Any]) -> Any:
    """Run ``run``; check it took under 2 s of CPU and under 64 MB of new memory."""
    tracemalloc.start()
    start = time.process_time()
    try:
        result = run()
        spent = time.process_time() - start
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert spent < 2.0, f"took {spent:.2f} s of CPU"
    assert peak < 64 * 1024 * 1024, f"peak memory {peak / 1e6:.0f} MB"
    return result


def test_billion_laughs_is_refused() -> None:
    _, findings = _bounded(lambda: load_text(billion_laughs(), "laughs.yaml"))
    assert [f.code for f in findings] == ["yaml.too-large"]
    assert str(MAX_NODES) in findings[0].message
    assert findings[0].location is not None and findings[0].location.line


def test_a_quadratic_blowup_of_keys_is_refused() -> None:
    # One mapping of 1,000 keys, referenced 1,000 times: a million values.
    keys = ", ".join(f"k{i}: {i}" for i in range(1000))
    refs = "\n".join(f"r{i}: *m" for i in range(1000))
    text = f"m: &m {{{keys}}}\n{refs}\n"
    _, findings = _bounded(lambda: load_text(text, "wide.yaml"))
    assert [f.code for f in findings] == ["yaml.too-large"]


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    "{a: " * 20_000 + "1" + "}" * 20_000,
    "".join(f"{'  ' * i}k:\n" for i in range(5_000)),
    "- " * 20_000 + "x\n",
], ids=["flow-lists", "flow-maps", "block-maps", "block-lists"])
def test_deep_nesting_is_refused(text: str) -> None:
    _, findings = _bounded(lambda: load_text(text, "deep.yaml"))
    assert findings and findings[0].code == "yaml.too-deep", findings
    assert str(MAX_DEPTH) in findings[0].message


def test_a_file_over_the_size_limit_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("wb") as handle:  # a sparse file: 1 GB that costs no disk
        handle.truncate(1024 * 1024 * 1024)
    _, findings = _bounded(lambda: load_file(path, "huge.yaml"))
    assert [f.code for f in findings] == ["io.too-large"]
    assert findings[0].unreadable
    assert "1073741824 bytes" in findings[0].message and str(MAX_BYTES) in findings[0].message


def test_an_endless_device_is_refused() -> None:
    _, findings = _bounded(lambda: load_file(Path("/dev/zero"), "/dev/zero"))
    assert [f.code for f in findings] == ["io.too-large"]


def test_a_very_long_line_is_handled(tmp_path: Path) -> None:
    text = "a: " + "x" * (MAX_BYTES - 100) + "\n"
    doc, findings = _bounded(lambda: load_text(text, "long.yaml"))
    assert findings == [] and len(doc.data["a"]) == MAX_BYTES - 100


def test_huge_numbers_are_findings_not_crashes() -> None:
    _, findings = _bounded(lambda: load_text("a: !!float 1" + "0" * 400 + "\n", "n.yaml"))
    assert [f.code for f in findings] == ["yaml.number-too-large"]
    for digits in (5_000, 1_000_000):
        _, findings = _bounded(partial(load_text, "a: 1" + "0" * digits + "\n", "n.yaml"))
        assert [f.code for f in findings] == ["yaml.number-too-large"]
