"""The YAML loader: safe, YAML 1.2 core scalars, positions for every key and value."""

from __future__ import annotations

import time

from pnpcompiler.core.loader import MAX_DEPTH, Mark, format_path, load_bytes, load_text


def test_keys_and_values_keep_line_and_column() -> None:
    doc, findings = load_text("routes:\n  - code: AA105\n    schedule: '2:45'\n", "r.yaml")
    assert findings == []
    assert doc.keys[("routes", 0, "code")] == Mark(2, 5)
    assert doc.values[("routes", 0, "code")] == Mark(2, 11)
    assert doc.values[("routes", 0, "schedule")] == Mark(3, 15)
    loc = doc.locate(("routes", 0, "code"))
    assert (loc.line, loc.col, loc.path) == (2, 11, "routes[0].code")


def test_locate_falls_back_to_the_nearest_parent() -> None:
    doc, _ = load_text("a:\n  b: 1\n", "x.yaml")
    loc = doc.locate(("a", "missing"))
    assert (loc.line, loc.col, loc.path) == (2, 3, "a.missing")


def test_yaml_1_1_surprises_stay_text() -> None:
    doc, findings = load_text("t: 2:45\nn: no\ny: yes\nd: 2026-11-22\no: 010\n", "x.yaml")
    assert findings == []
    assert doc.data == {"t": "2:45", "n": "no", "y": "yes", "d": "2026-11-22", "o": 10}


def test_core_schema_scalars() -> None:
    doc, _ = load_text("a: true\nb: ~\nc: 1.5\nd: 0x1F\ne: .inf\nf: '12'\ng: -3\n", "x.yaml")
    assert doc.data == {"a": True, "b": None, "c": 1.5, "d": 31, "e": float("inf"), "f": "12",
                        "g": -3}


def test_deep_nesting_is_refused_quickly() -> None:
    start = time.perf_counter()
    _, findings = load_text("[" * 100_000 + "]" * 100_000, "deep.yaml")
    assert [f.code for f in findings] == ["yaml.too-deep"]
    assert str(MAX_DEPTH) in findings[0].message
    assert time.perf_counter() - start < 30  # a guard against hanging, not a speed target


def test_recursive_alias_is_refused() -> None:
    _, findings = load_text("a: &x [*x]\n", "x.yaml")
    assert [f.code for f in findings] == ["yaml.recursive-alias"]


def test_plain_alias_is_allowed() -> None:
    doc, findings = load_text("a: &x {k: 1}\nb: *x\n", "x.yaml")
    assert findings == [] and doc.data == {"a": {"k": 1}, "b": {"k": 1}}


def test_bytes_that_are_not_utf8_are_unreadable() -> None:
    _, findings = load_bytes(b"a: \xff\n", "x.yaml")
    assert findings[0].code == "io.not-utf8" and findings[0].unreadable
    assert (findings[0].location.line, findings[0].location.col) == (1, 4)  # type: ignore[union-attr]


def test_control_characters_are_reported_with_position() -> None:
    _, findings = load_text("a: b\x00\n", "x.yaml")
    assert findings[0].code == "yaml.bad-character"
    assert (findings[0].location.line, findings[0].location.col) == (1, 5)  # type: ignore[union-attr]


def test_non_text_keys_are_refused() -> None:
    _, findings = load_text("? [a, b]\n: 1\n", "x.yaml")
    assert findings[0].code == "yaml.complex-key"


def test_format_path() -> None:
    assert format_path(("routes", 3, "code")) == "routes[3].code"
    assert format_path(("fields", "two words")) == "fields['two words']"
    assert format_path(()) == ""
