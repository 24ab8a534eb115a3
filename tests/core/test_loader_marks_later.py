"""Reading with ``marks_later``: the first reading gives the full composer's data, its marks
when asked for, its findings whenever it gives up, and locations worked out when read.

Generated documents against both: tests/core/test_loader_fuzz.py.
"""

from __future__ import annotations

import math
import pickle
from dataclasses import replace
from pathlib import Path

import pytest

from pnpcompiler.core import loader
from pnpcompiler.core.findings import Location, render_json
from pnpcompiler.core.loader import MAX_DEPTH, load_file, load_text
from tests.fuzz_cases import same_data
from tests.paths import CONTENT, EXAMPLES, GOLDEN, REPO

YAML_FILES = sorted(p for folder in (CONTENT, EXAMPLES, GOLDEN) for p in folder.rglob("*")
                    if p.suffix in (".yaml", ".yml") and p.is_file())


def agrees(text: str) -> bool:
    """Assert that reading ``text`` with its marks later gives what the full composer gives;
    return whether the first reading composed it (rather than the full composer)."""
    later, found_later = load_text(text, "x.yaml", marks_later=True)
    now, found_now = load_text(text, "x.yaml")
    assert render_json(found_later) == render_json(found_now)
    assert same_data(later.data, now.data)
    read_first = not later.marked
    assert later.marks() == now.marks()
    return read_first


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_yaml_file_reads_the_same_with_its_marks_later(path: Path) -> None:
    name = str(path.relative_to(REPO))
    later, found_later = load_file(path, name, marks_later=True)
    now, found_now = load_file(path, name)
    assert render_json(found_later) == render_json(found_now)
    assert same_data(later.data, now.data)
    if not found_now and path.is_relative_to(EXAMPLES):
        assert not later.marked, "a legal record is read without its marks"
    assert later.marks() == now.marks()


def test_the_first_reading_keeps_the_core_schema_and_the_keys_as_written() -> None:
    text = ("t: 2:45\nn: no\nd: 2026-11-22\no: 010\nh: 0x1F\nf: 1e3\ni: -.inf\nq: '12'\n"
            "e:\nnull: 1\ntrue: 2\n1.0: 3\n1: 4\n~: [a, {b: c}]\n")
    assert agrees(text)
    doc, _ = load_text(text, "x.yaml", marks_later=True)
    assert doc.data == {"t": "2:45", "n": "no", "d": "2026-11-22", "o": 10, "h": 31, "f": 1000.0,
                        "i": -math.inf, "q": "12", "e": None, "null": 1, "true": 2, "1.0": 3,
                        1: 4, "~": ["a", {"b": "c"}]}


@pytest.mark.parametrize("text", [
    "a: 1\na: 2\n",  # duplicate key
    "1: a\n01: b\n",  # the same key written twice
    "a: &x 1\nb: *x\n",  # anchor and alias
    "a: *x\n",  # unknown alias
    "a: &x [*x]\n",  # recursive alias
    "a: !!str 12\n",  # a tag
    "a: ! 12\n",  # the non-specific tag
    "a: !!python/object:os.system x\n",
    "? [a, b]\n: 1\n",  # a list as a key
    "? {a: b}\n: 1\n",
    "a: 1\n---\nb: 2\n",  # a second document
    "",  # empty
    "# only a comment\n",
    "~\n",  # a document that is nothing
    "a: 1" + "0" * 5000 + "\n",  # too many digits
    "a: b\x00\n",  # a character YAML refuses
    "a: [1, 2\n",  # a syntax error
    "a:\n\t- b\n",  # a tab
    "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
    "{a: " * 200 + "1" + "}" * 200,
], ids=lambda text: repr(text[:24]))
def test_the_full_composer_judges_what_the_first_reading_gives_up_on(text: str) -> None:
    assert not agrees(text)


def test_nesting_and_size_just_inside_the_limits_are_read_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert agrees("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    monkeypatch.setattr(loader, "MAX_NODES", 30)  # the same test as at 200,000, quicker
    assert agrees("[" + "[], " * 29 + "]")
    assert not agrees("[" + "[], " * 30 + "]")


def test_a_location_is_worked_out_when_first_read() -> None:
    doc, _ = load_text("routes:\n  - code: AA105\n", "r.yaml", marks_later=True)
    loc = doc.locate(("routes", 0, "code"))
    key = doc.locate(("routes", 0, "code"), key=True)
    parent = doc.locate(("routes", 0, "missing"))
    assert not doc.marked
    assert (loc.line, loc.col, loc.path, loc.source_line) == (2, 11, "routes[0].code",
                                                              "  - code: AA105")
    assert doc.marked and type(loc) is Location
    assert (key.line, key.col) == (2, 5)
    assert (parent.line, parent.col, parent.path) == (2, 5, "routes[0].missing")


def test_a_location_worked_out_later_is_a_location() -> None:
    def later(path: tuple[str | int, ...]) -> Location:
        doc, _ = load_text("a:\n  b: 1\n", "x.yaml", marks_later=True)
        return doc.locate(path)

    now = load_text("a:\n  b: 1\n", "x.yaml")[0].locate(("a", "b"))
    assert later(("a", "b")) == now and now == later(("a", "b"))
    assert later(("a", "b")) != later(("a",))
    assert hash(later(("a", "b"))) == hash(now)
    assert repr(later(("a", "b"))) == repr(now)
    assert {later(("a", "b")): 1} == {now: 1}
    assert pickle.loads(pickle.dumps(later(("a", "b")))) == now
    assert type(pickle.loads(pickle.dumps(later(("a", "b"))))) is Location
    assert replace(later(("a", "b")), path="z") == replace(now, path="z")
    assert later(("a", "b")).prefix() == "x.yaml:2:6"
