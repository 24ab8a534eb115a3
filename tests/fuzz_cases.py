"""Fuzz cases for the no-traceback tests: damaged copies of real files, and the settings.

Each fuzz target draws a legal file (a content file, a recorded game), damages its parsed
tree (keys and list items dropped, duplicated, reordered or moved elsewhere, values swapped
for other types or pushed out of range, unknown keys added) or its text (characters and
lines deleted, repeated or swapped), or replaces it with a record made from scratch or with
binary garbage. ``make test`` runs a few hundred cases in all; ``make fuzz`` sets
``PNP_FUZZ_EXAMPLES`` and runs that many for every target.
"""

from __future__ import annotations

import math
import os
import pickle
import re
from collections.abc import Sequence
from typing import Any

import yaml
from hypothesis import settings
from hypothesis import strategies as st

from pnpcompiler.core.loader import load_text

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
