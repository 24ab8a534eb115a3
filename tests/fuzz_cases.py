"""Fuzz cases for the no-traceback tests: damaged copies of real files, and the settings.

Each fuzz target draws a legal file (a content file, a recorded game), damages its parsed
tree (keys and list items dropped, duplicated, reordered or moved elsewhere, values swapped
for other types or pushed out of range, unknown keys added) or its text (characters and
lines deleted, repeated or swapped), or replaces it with a record made from scratch or with
binary garbage. ``make test`` runs a few hundred cases in all; ``make fuzz`` sets
``PNP_FUZZ_EXAMPLES`` and runs that many for every target.

The targets: the loader (tests/core/), the generic kinds (tests/content/), every game's
content and every kind of record its referee reads (tests/conformance/), a record of any
header (tests/referee/).
"""

from __future__ import annotations

import math
import os
import pickle
import re
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import yaml
from hypothesis import event, settings
from hypothesis import strategies as st

from pnpcompiler.content import project
from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.core.findings import Finding, exit_code, render_json, render_text
from pnpcompiler.core.loader import load_text
from pnpcompiler.layout.template_keys import ALLOWED_KEYS
from pnpcompiler.referee import (
    referee_file,
    render_report_json,
    render_report_text,
    report_exit_code,
)

FUZZ_EXAMPLES = "PNP_FUZZ_EXAMPLES"
"""How many cases each fuzz target runs (unset: each target's quick count)."""

Tree = Any
Place = tuple[Any, ...]


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Dump text that pnp would read as another type (``09``, ``0o7``) in quotes."""


#: Plain scalars that YAML 1.2 core reads as null, a boolean or a number.
_NOT_TEXT = re.compile(r"^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[0-9]+"
                       r"|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
                       r"|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$")


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "'" if _NOT_TEXT.match(value) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _text)


def fuzz(quick: int) -> settings:
    """Return a fuzz target's settings: ``quick`` cases in the test suite, or as many as
    PNP_FUZZ_EXAMPLES asks for (the "fuzz" profile of conftest.py)."""
    profile = settings.get_profile("fuzz")
    if os.environ.get(FUZZ_EXAMPLES, "").strip():
        return profile
    return settings(profile, max_examples=quick)


def parse(text: str) -> Tree:
    """Parse a legal file the way pnp reads it (YAML 1.2 core: ``8:15`` stays text)."""
    doc, found = load_text(text, "baseline.yaml")
    assert not found, found
    return doc.data


def dump(tree: Tree) -> str:
    """Return a tree as YAML text (strings pnp would read as another type are quoted)."""
    return str(yaml.dump(tree, Dumper=_Dumper, sort_keys=False, allow_unicode=True))


def copy_tree(tree: Tree) -> Tree:
    """Return a deep copy of plain data, fast."""
    return pickle.loads(pickle.dumps(tree))


def places(tree: Tree, at: Place = ()) -> list[Place]:
    """Return the path of every key and list item in ``tree`` (the root excluded)."""
    out: list[Place] = []
    stack = [(tree, at)]
    while stack:
        node, path = stack.pop()
        items = (node.items() if isinstance(node, dict)
                 else enumerate(node) if isinstance(node, list) else ())
        for key, value in items:
            out.append((*path, key))
            if isinstance(value, dict | list):
                stack.append((value, (*path, key)))
    return out


def get(tree: Tree, place: Place) -> Any:
    """Return the value at ``place``."""
    for part in place:
        tree = tree[part]
    return tree


class Words:
    """Words drawn by index, so that statistics name the list briefly."""

    def __init__(self, words: Sequence[str], what: str) -> None:
        self.words = list(words) or [""]
        self.what = what

    def __repr__(self) -> str:
        return f"<{len(self.words)} {self.what}>"

    def pick(self, index: int) -> str:
        """Return the word at ``index``."""
        return self.words[index]

    def strategy(self) -> st.SearchStrategy[str]:
        """Return a strategy for one of the words."""
        return st.integers(0, len(self.words) - 1).map(self.pick)


class Vocabulary:
    """The keys and texts of some files, and the texts found under each key."""

    def __init__(self, trees: Sequence[Tree]) -> None:
        keys: set[str] = set()
        texts: set[str] = set()
        under: dict[str, set[str]] = {}
        for tree in trees:
            for place in places(tree):
                value = get(tree, place)
                kin = _kin(place)
                if isinstance(place[-1], str):
                    keys.add(place[-1])
                if isinstance(value, str):
                    texts.add(value)
                    under.setdefault(kin, set()).add(value)
        self.keys = Words(sorted(keys), "keys")
        self.texts = Words(sorted(texts), "texts")
        self.under = {kin: Words(sorted(found), f"texts under {kin!r}")
                      for kin, found in under.items()}


def _kin(place: Place) -> str:
    """Return the last key on the way to ``place`` (the items of ``moves`` are kin)."""
    return next((part for part in reversed(place) if isinstance(part, str)), "")


BIG_NUMBERS = st.one_of(
    st.sampled_from([-1, 0, 1, 7, 13, 99, 10**6, -10**6, 2**31, 2**63, 10**18, -10**18]),
    st.builds(pow, st.just(10), st.integers(300, 400)), st.integers(-10**30, 10**30))
ODD_FLOATS = st.one_of(st.sampled_from([0.5, -0.0, 1e308, math.inf, -math.inf, math.nan]),
                       st.floats(allow_nan=True, allow_infinity=True))
OUT_OF_RANGE = st.one_of(BIG_NUMBERS, ODD_FLOATS)


def values(words: Vocabulary) -> st.SearchStrategy[Any]:
    """Return any YAML value, its keys and text often the file's own."""
    text = st.one_of(words.texts.strategy(), st.text(max_size=12))
    scalar = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), OUT_OF_RANGE, text)
    key = st.one_of(words.keys.strategy(), st.text(max_size=8))
    return st.recursive(scalar, lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(key, inner, max_size=5)), max_leaves=16)


DAMAGE = ("drop", "duplicate", "reorder", "replace", "retype", "out-of-range", "unknown-key",
          "transplant", "truncate")
PLAUSIBLE_DAMAGE = ("drop", "duplicate", "reorder", "retype", "retype", "out-of-range",
                    "transplant", "truncate")
"""Damage that keeps each value's type, so that a record still reads and the damage reaches
the replay itself."""


def damage(data: st.DataObject, tree: Tree, anything: st.SearchStrategy[Any],
           words: Vocabulary, *, plausible: bool = False) -> Tree:
    """Return a copy of ``tree`` with one to four places damaged (``plausible``: each value
    keeps its type, a moved value goes where one of its kind was)."""
    tree = copy_tree(tree)
    for _ in range(data.draw(st.integers(1, 4), label="damages")):
        spots = places(tree)
        if not spots:
            return data.draw(anything, label="whole")
        how = data.draw(st.sampled_from(PLAUSIBLE_DAMAGE if plausible else DAMAGE),
                        label="how")
        place = spots[data.draw(st.integers(0, len(spots) - 1), label="place")]
        parent, key = get(tree, place[:-1]), place[-1]
        old = parent[key]
        if how == "drop":
            del parent[key]
        elif how == "duplicate" and isinstance(parent, list):
            to = data.draw(st.integers(0, len(parent)), label="to")
            parent.insert(to, copy_tree(old))
        elif how == "reorder" and isinstance(parent, list) and len(parent) > 1:
            to = data.draw(st.integers(0, len(parent) - 1), label="to")
            parent.insert(to, parent.pop(key))
        elif how == "truncate" and isinstance(old, list | dict):
            keep = data.draw(st.integers(0, max(len(old) - 1, 0)), label="keep")
            parent[key] = (old[:keep] if isinstance(old, list)
                           else dict(list(old.items())[:keep]))
        elif how == "transplant":
            kin = [p for p in spots if not plausible
                   or (_kin(p) == _kin(place) and type(get(tree, p)) is type(old))]
            if kin:
                source = kin[data.draw(st.integers(0, len(kin) - 1), label="from")]
                parent[key] = copy_tree(get(tree, source))
        elif how == "out-of-range" and not plausible:
            parent[key] = data.draw(OUT_OF_RANGE, label="number")
        elif how == "out-of-range" and isinstance(old, int) and not isinstance(old, bool):
            parent[key] = data.draw(BIG_NUMBERS, label="number")
        elif how == "out-of-range" and isinstance(old, float):
            parent[key] = data.draw(ODD_FLOATS, label="number")
        elif how in ("retype", "out-of-range") and not isinstance(old, dict | list):
            parent[key] = _retyped(data, old, words.under.get(_kin(place), words.texts))
        elif how == "unknown-key":
            target = old if isinstance(old, dict) else parent if isinstance(parent, dict) else None
            if target is None:
                parent[key] = {data.draw(words.keys.strategy(), label="key"): old}
            else:
                name = data.draw(st.one_of(words.keys.strategy(), st.text(max_size=8)),
                                 label="key")
                target[name] = data.draw(anything, label="value")
        elif not plausible:
            parent[key] = data.draw(anything, label="value")
    return tree


def _retyped(data: st.DataObject, old: Any, texts: Words) -> Any:
    """Return another value of the same type as ``old`` (the record still reads)."""
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return data.draw(st.one_of(st.integers(-2, 40), st.integers(old - 3, old + 3)))
    if isinstance(old, float):
        return data.draw(st.floats(-100, 100))
    if isinstance(old, str):
        return data.draw(texts.strategy())
    return data.draw(st.none())


EDIT_CHARACTERS = " \t\n:-[]{}&*!|>'\"#%@`,?.~0aZ\u00e9\u2028\ufeff\x00\x85"


def edit_text(data: st.DataObject, text: str) -> str:
    """Return ``text`` with one to four characters or whole lines deleted, repeated,
    replaced or swapped."""
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        if not text:
            return data.draw(st.text(max_size=40), label="text")
        how = data.draw(st.sampled_from(["delete", "repeat", "replace", "insert", "drop-line",
                                         "repeat-line", "swap-lines"]), label="edit")
        if how.endswith("line") or how == "swap-lines":
            lines = text.split("\n")
            at = data.draw(st.integers(0, len(lines) - 1), label="line")
            if how == "drop-line":
                del lines[at]
            elif how == "repeat-line":
                lines.insert(at, lines[at])
            else:
                other = data.draw(st.integers(0, len(lines) - 1), label="other")
                lines[at], lines[other] = lines[other], lines[at]
            text = "\n".join(lines)
            continue
        at = data.draw(st.integers(0, len(text) - 1), label="at")
        if how == "delete":
            text = text[:at] + text[at + 1:]
        elif how == "repeat":
            text = text[:at] + text[at] + text[at:]
        else:
            char = data.draw(st.one_of(st.sampled_from(EDIT_CHARACTERS), st.characters()),
                             label="char")
            text = text[:at] + char + text[at + (how == "replace"):]
    return text


GARBAGE = st.one_of(st.binary(max_size=400),
                    st.binary(max_size=60).map(lambda b: b"\xef\xbb\xbf" + b),
                    st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")))
"""Bytes that are rarely YAML: random, behind a byte-order mark, random text."""


def garbage(data: st.DataObject, text: str) -> bytes:
    """Return binary garbage: random bytes, or ``text`` with a few bytes overwritten."""
    if data.draw(st.booleans(), label="from scratch"):
        return data.draw(GARBAGE, label="bytes")
    raw = bytearray(text.encode("utf-8"))
    for _ in range(data.draw(st.integers(1, 3), label="bytes")):
        at = data.draw(st.integers(0, max(len(raw) - 1, 0)), label="at")
        raw[at:at + 1] = bytes([data.draw(st.integers(0, 255), label="byte")])
    return bytes(raw)


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
                    st.text(max_size=20))
KEYS = st.one_of(st.sampled_from(["kind", "component", "id", "cards", "copies", "size",
                                  "tiles", "hexes", "q", "r", "sections", "title", "count",
                                  "players", "bill_of_materials", "deck", "tiles", "sheet"]),
                 st.text(max_size=8))
DOCUMENTS = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=5)), max_leaves=25)
"""Any YAML document, its keys often a content file's."""


def same_data(one: Any, other: Any) -> bool:
    """Return whether two loaded values are the same data, type for type (``1``, ``1.0`` and
    ``True`` are not), NaN equal to NaN."""
    if type(one) is not type(other):
        return False
    if isinstance(one, dict):
        return len(one) == len(other) and all(
            type(k) is type(j) and k == j and same_data(one[k], other[j])
            for k, j in zip(one, other, strict=False))
    if isinstance(one, list):
        return len(one) == len(other) and all(
            same_data(a, b) for a, b in zip(one, other, strict=False))
    if isinstance(one, float) and math.isnan(one):
        return math.isnan(other)
    return bool(one == other)


def located(findings: Sequence[Finding], file: str | None = None) -> None:
    """Assert that every finding says where (file:line:col) and what, and prints."""
    for finding in findings:
        loc = finding.location
        assert loc is not None and loc.file, finding
        assert file is None or loc.file == file, finding
        assert loc.line is not None and loc.line >= 1, finding
        assert loc.col is not None and loc.col >= 1, finding
        assert finding.code and finding.message, finding
        render_text(finding)
    render_json(findings)


# -- games copied once, one file damaged per case ---------------------------------------------


class FilesReadOnce:
    """``load_component`` that reads each registered file once while it is undamaged."""

    def __init__(self) -> None:
        self.load_component = project.load_component
        self.undamaged: set[Path] = set()
        self.components: dict[tuple[Path, tuple[Any, ...]], Any] = {}

    def __call__(self, path: Path, kinds: dict[str, Any], game_dir: Path) -> Any:
        if path not in self.undamaged:
            return self.load_component(path, kinds, game_dir)
        key = (path, tuple(sorted(kinds.items(), key=lambda kind: kind[0])))
        if key not in self.components:
            self.components[key] = self.load_component(path, kinds, game_dir)
        return self.components[key]


def remembered(compute: Callable[..., Any], key: Callable[..., Any]) -> Callable[..., Any]:
    """Return ``compute`` remembering its last few hundred results by ``key(*args)``."""
    seen: dict[Any, Any] = {}

    def call(*args: Any) -> Any:
        try:
            found = key(*args)
            hash(found)
        except TypeError:
            return compute(*args)
        if found not in seen:
            if len(seen) >= 256:
                seen.clear()
            seen[found] = compute(*args)
        return seen[found]

    return call


class GameCopy:
    """A game's content copied once; each case writes one damaged file, validates the whole
    game through ``load_game`` and puts the file back."""

    def __init__(self, source: Path, root: Path) -> None:
        self.slug = source.name
        self.content = root / "content"
        self.game = self.content / self.slug
        shutil.copytree(source, self.game)
        self.files = sorted(p.relative_to(self.game).as_posix()
                            for p in self.game.rglob("*.yaml"))
        self.raw = {rel: (self.game / rel).read_bytes() for rel in self.files}
        self.texts = {rel: raw.decode("utf-8") for rel, raw in self.raw.items()}
        self.trees = {rel: parse(text) for rel, text in self.texts.items()}
        self.words = Vocabulary(list(self.trees.values()))
        self.kinds = sorted({tree["kind"] for tree in self.trees.values()
                             if isinstance(tree, dict) and isinstance(tree.get("kind"), str)})
        self.values = values(self.words)
        self.read_once: FilesReadOnce | None = None

    def damaged(self, data: st.DataObject) -> tuple[str, bytes]:
        """Draw a file and damage it: its tree, its text, its bytes, or write a new one."""
        rel = data.draw(st.sampled_from(self.files), label="file")
        text = self.texts[rel]
        how = data.draw(st.sampled_from(["plausible", "plausible", "tree", "tree", "text",
                                         "bytes", "scratch"]), label="damage")
        if how in ("plausible", "tree"):
            return rel, dump(damage(data, self.trees[rel], self.values, self.words,
                                    plausible=how == "plausible")).encode()
        if how == "text":
            return rel, edit_text(data, text).encode("utf-8", "surrogatepass")
        if how == "bytes":
            return rel, garbage(data, text)
        body = data.draw(st.dictionaries(self.words.keys.strategy(), self.values, max_size=6),
                         label="body")
        kind = data.draw(st.sampled_from([*self.kinds, "deck", "nope"]), label="kind")
        return rel, dump({"kind": kind, **body} if data.draw(st.booleans()) else body).encode()

    def validate(self, rel: str, raw: bytes) -> tuple[GameContent | None, list[Finding]]:
        """Validate the game with ``raw`` as the file ``rel``."""
        path = self.game / rel
        original = self.raw.get(rel)
        path.write_bytes(raw)
        if self.read_once is not None:
            self.read_once.undamaged.discard(path)
        try:
            return load_game(self.content, self.slug)
        finally:
            if original is None:
                path.unlink()
            else:
                path.write_bytes(original)
                if self.read_once is not None:
                    self.read_once.undamaged.add(path)

    def validated(self, rel: str, raw: bytes) -> None:
        """Validate with ``raw`` as the file ``rel``; assert exit code 0-2, and that every
        finding is located."""
        loaded, findings = self.validate(rel, raw)
        code = exit_code(findings)
        event(f"exit code {code}")
        assert code in (0, 1, 2)
        if code == 0:
            assert loaded is not None
        located(findings)


# -- recorded games ---------------------------------------------------------------------------


class RecordKind:
    """The legal example records of one kind, parsed once, and what damages them."""

    def __init__(self, game: str, record: str, files: Sequence[Path]) -> None:
        self.game, self.record = game, record
        self.texts = [path.read_text(encoding="utf-8") for path in files]
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


def refereed(folder: Path, raw: bytes, content: Path, loaded: dict[str, Any]) -> None:
    """Referee ``raw`` as a record file; assert a located finding for every ruling and an
    exit code of 0 for a legal record, else 1 or 2."""
    record = folder / "record.yaml"
    record.write_bytes(raw)
    report = referee_file(record, content, loaded=loaded)
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


# -- templates ---------------------------------------------------------------------------------

TEMPLATE_NAMES = ["item.name", "item.id", "item.copies", "item.fields.title", "fields.title",
                  "fields.art", "fields.n", "fields.nothing", "back.title", "game.title",
                  "component.id", "W", "H", "BLEED", "n", "loop_index", "nope", "itme.name",
                  "item.titel", "range(3)", "range(100000)", "[1, 2, 3]",
                  "[[0, 0], [9, 3], [4, 8]]",
                  "'word'", "'<b>x</b> & y'", "none", "true", "0", "-1", "2.5", "1e308", "10**9",
                  "lipsum(3)", "''.__class__", "item.update", "cycler(1, 2)", "dict(a=1)"]
TEMPLATE_FILTERS = ["upper", "length", "string", "int", "float", "round", "default('x')",
                    "join(',')", "list", "first", "e", "center(9)", "center(10**9)", "indent(2)",
                    "replace('o', 'oo')", "replace('', 'xyz')", "format(1)", "batch(2)", "sum",
                    "abs", "trim", "truncate(5)", "tojson", "map('string') | list",
                    "selectattr('x')", "wordwrap(3)"]
TEMPLATE_OPERATORS = ["+", "-", "*", "/", "//", "%", "**", "~", "==", "<", "and", "or", "in"]


def template_expressions() -> st.SearchStrategy[str]:
    """Return jinja2 expressions over a template's variables: names, literals, operators,
    filters, calls, subscripts, conditionals, some of them hostile."""
    atom = st.sampled_from(TEMPLATE_NAMES)

    def bigger(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.builds(lambda a, op, b: f"{a} {op} {b}", inner,
                      st.sampled_from(TEMPLATE_OPERATORS), inner),
            st.builds(lambda a, f: f"{a} | {f}", inner, st.sampled_from(TEMPLATE_FILTERS)),
            st.builds(lambda a, b, c: f"{a} if {b} else {c}", inner, inner, inner),
            inner.map(lambda a: f"({a})"), inner.map(lambda a: f"not {a}"),
            inner.map(lambda a: f"{a}[0]"), inner.map(lambda a: f"{a}.x"),
            inner.map(lambda a: f"{a}.center(10**9)"), inner.map(lambda a: f"'%*d' % ({a}, 1)"))

    return st.recursive(atom, bigger, max_leaves=4)


COLOURS = ["#abc", "#AABBCC", "#1a2b3c", "#12345", "#ggg", "#", "red", "DarkSeaGreen",
           "ligthblue", "none", "", "transparent", "rebeccapurple", "rgb(1,2,3)"]
LENGTHS = ["3mm", "0.25in", "9pt", "1cm", "12", "-4mm", "1e9mm", "abc", "", " 5 mm", ".5mm",
           "nan", "inf", "-0"]
MARKUP = ["<b>bold</b> text", "<i>it</i>", ":level-3: climbs", ":star: and :nope:", "a & b < c",
          "<font color='red'>red</font>", "<font color='nope'>x</font>", "<img src='a.png'/>",
          "line<br/>break", "<unknown>x</unknown>", "<b>unclosed", "<para>p</para>",
          "<font size='1e9'>big</font>", "<a href='x'>link</a>", "word " * 40, ""]


def template_values() -> st.SearchStrategy[Any]:
    """Return the values a template's keys may be given: numbers (odd ones too), lengths,
    colours, markup, jinja2 text and blocks, points, nesting."""
    expression = template_expressions()
    text = st.one_of(
        st.sampled_from(LENGTHS), st.sampled_from(COLOURS), st.sampled_from(MARKUP),
        expression.map(lambda e: "{{ " + e + " }}"),
        expression.map(lambda e: "x {{ " + e + " }} mm"),
        expression.map(lambda e: "{% for i in " + e + " %}{{ i }}{% endfor %}"),
        st.sampled_from(["{{ unclosed", "{% if %}", "{{ W / 0 }}", "{{ 9 ** 99999999 }}",
                         "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}"]),
        st.text(max_size=10))
    scalar = st.one_of(st.none(), st.booleans(), st.integers(-5, 120), OUT_OF_RANGE, text)
    points = st.lists(st.lists(st.one_of(st.integers(-5, 70), st.sampled_from(LENGTHS)),
                               min_size=1, max_size=3), max_size=6)
    return st.recursive(st.one_of(scalar, points), lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
        max_leaves=4)


PLAUSIBLE_BODIES: dict[str, dict[str, Any]] = {
    "box": {"x": 2, "y": 2, "w": 20, "h": 10, "fill": "#abc", "stroke": "navy",
            "stroke_width": 0.5, "radius": 1},
    "circle": {"cx": 10, "cy": 10, "r": 4, "fill": "red"},
    "ellipse": {"cx": 10, "cy": 10, "rx": 4, "ry": 2, "stroke": "#000", "dash": "1 0.5"},
    "line": {"points": [[0, 0], [10, 10]], "stroke": "black"},
    "polygon": {"points": [[0, 0], [10, 0], [5, 8]], "fill": "gold"},
    "text": {"x": 3, "y": 3, "w": 50, "h": 12, "text": "<b>{{ item.name }}</b> {{ fields.title }}",
             "size": 12, "min_size": 6, "align": "center", "colour": "#333"},
    "icon": {"name": "star", "x": 3, "y": 3, "size": 6, "colour": "red"},
    "image": {"src": "{{ fields.art }}", "x": 3, "y": 20, "w": 40, "h": 30, "fit": "cover"},
}
"""A body of each element kind that draws; cases change some of its keys."""


def template_documents(data: st.DataObject, names: Words) -> Any:
    """Return a template: a background, a shape and elements of every kind, each a plausible
    body with keys changed, dropped or added, values from :func:`template_values`, and
    ``if``, ``each`` and ``as`` beside them; now and then a value anywhere replaced."""
    value = template_values()
    # Most cases keep to the keys templates take, so that they reach the values' checks,
    # the layout and the drawing; the others misspell keys and kinds too.
    flawed = data.draw(st.integers(0, 3), label="flawed") == 0
    elements = []
    for _ in range(data.draw(st.integers(0, 5), label="elements")):
        kind = data.draw(st.sampled_from([*PLAUSIBLE_BODIES, *(["txt"] if flawed else [])]),
                         label="kind")
        body = copy_tree(PLAUSIBLE_BODIES.get(kind, {"x": 1}))
        allowed = sorted(ALLOWED_KEYS.get(kind, set()) | {"if", "x"})
        for _ in range(data.draw(st.integers(0, 3), label="changes")):
            unknown = flawed and data.draw(st.integers(0, 3), label="unknown key") == 0
            key = data.draw(st.one_of(names.strategy(), st.text(max_size=4)) if unknown
                            else st.sampled_from(allowed), label="key")
            if data.draw(st.booleans(), label="drop") and key in body:
                del body[key]
            else:
                body[key] = data.draw(value, label="value")
        element: dict[str, Any] = {kind: body}
        if data.draw(st.integers(0, 3), label="beside") == 0:
            beside = data.draw(st.sampled_from(["if", "each", "as", *(["iff"] if flawed
                                                                      else [])]),
                               label="beside key")
            element[beside] = data.draw(st.one_of(template_expressions(), value),
                                        label="beside value")
        elements.append(element)
    document: dict[str, Any] = {"elements": elements}
    if data.draw(st.booleans(), label="background"):
        document["background"] = data.draw(st.one_of(st.sampled_from(COLOURS), value))
    if data.draw(st.integers(0, 3), label="shape") == 0:
        document["shape"] = data.draw(st.one_of(st.sampled_from(["rect", "round", "hex",
                                                                 "rund"]), value))
    if flawed and data.draw(st.booleans(), label="odd"):
        spots = places(document)
        if spots:
            place = spots[data.draw(st.integers(0, len(spots) - 1), label="place")]
            get(document, place[:-1])[place[-1]] = data.draw(value, label="anything")
        else:
            document = data.draw(value, label="whole")
    return document
