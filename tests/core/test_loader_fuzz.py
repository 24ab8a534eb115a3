"""No input of any kind makes the loader raise: it gives plain data, or findings and 1 or 2;
and reading with the marks later gives what the full composer gives.

Fuzz targets (``make fuzz`` runs PNP_FUZZ_EXAMPLES cases each): bytes, text, generated YAML,
syntax soup, deep nesting, alias bombs, huge numbers, mappings of odd scalars. The
validators' targets are in tests/content/test_validator_fuzz.py (the generic kinds) and
tests/conformance/test_content_fuzz.py (every game).
"""

from __future__ import annotations

import yaml
from hypothesis import given
from hypothesis import strategies as st

from pnpcompiler.core.findings import Finding, exit_code, render_json
from pnpcompiler.core.loader import Document, load_bytes, load_text
from tests.fuzz_cases import DOCUMENTS, GARBAGE, fuzz, located, same_data

# -- the loader -----------------------------------------------------------------------------

#: Pieces of YAML syntax, tags, directives, odd numbers and odd characters.
YAML_TOKENS = [
    "key: ", "- ", "&a ", "*a", "&b ", "*b ", "[", "]", "{", "}", ", ", "? ", ": ", "|", ">-",
    "---\n", "...\n", "%YAML 1.2\n", "%TAG !e! tag:x.org,2000:\n", "!e!x ", "!local ",
    "!!python/object/apply:os.system ", "!!float ", "!!int ", "!!str ", "!!bool ", "!!null ",
    "!!binary ", "!!set ", "!!omap ", "!!map ", "!!seq ", "<<: ", "'", '"', "# note", "\n",
    "  ", "\t", "9" * 40, "1e309", "-1e-400", "-.inf", ".NaN", "0x" + "f" * 30, "0o777", "0b1",
    "~", "null", "yes", "no", "2:45", "1_000", "12e", "\ufeff", "\u2028", "\x85", "\x00", "\x1b",
    "é", "\U0001f600", "\\u00e9", "\\x00",
]
token_soup = st.lists(st.one_of(st.sampled_from(YAML_TOKENS), st.text(max_size=4)),
                      max_size=40).map("".join)


def _nested(depth: int, style: int) -> str:
    if style == 0:
        return "[" * depth + "]" * depth
    if style == 1:
        return "{a: " * depth + "1" + "}" * depth
    if style == 2:
        return "- " * depth + "x\n"
    return "".join(f"{'  ' * i}k{i}:\n" for i in range(depth)) + "  " * depth + "end\n"


deep_nesting = st.builds(_nested, st.integers(1, 2000), st.integers(0, 3))


def _alias_bomb(width: int, depth: int, scalar: bool) -> str:
    first = "a0: &a0 x" if scalar else "a0: &a0 [x, y]"
    lines = [first] + [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]"
                       for i in range(1, depth + 1)]
    return "\n".join(lines) + "\n"


alias_bombs = st.builds(_alias_bomb, st.integers(1, 12), st.integers(1, 12), st.booleans())
huge_numbers = st.builds(
    lambda tag, sign, digits, tail: f"n: {tag}{sign}{digits}{tail}\n",
    st.sampled_from(["", "!!int ", "!!float ", "!!str ", "!!bool "]),
    st.sampled_from(["", "-", "+"]),
    st.one_of(st.text("0123456789", min_size=1, max_size=40),
              st.integers(300, 6000).map(lambda n: "9" * n)),
    st.sampled_from(["", ".5", "e309", "e-400", "e99999", "0x", "_1", ":30"]))


def _dumped(doc: object, flow: bool | None, canonical: bool, unicode: bool) -> str:
    return yaml.safe_dump(doc, default_flow_style=flow, canonical=canonical,
                          allow_unicode=unicode)


generated_yaml = st.builds(_dumped, DOCUMENTS, st.sampled_from([None, True, False]),
                           st.booleans(), st.booleans())

LOADER_INPUT = st.one_of(GARBAGE, st.text(max_size=200), generated_yaml,
                         generated_yaml.map(lambda t: t.encode("utf-16")), token_soup,
                         deep_nesting, alias_bombs, huge_numbers)


def _plain(value: object) -> bool:
    """Return whether a loaded value is plain data all the way down."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if not all(isinstance(k, str | int) for k in item):
                return False
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif item is not None and not isinstance(item, str | int | float):
            return False
    return True


@fuzz(200)
@given(source=LOADER_INPUT)
def test_loader_never_raises(source: str | bytes) -> None:
    """Bytes, text, generated YAML, syntax soup, deep nesting, alias bombs, huge numbers:
    plain data and no findings, or findings that say where."""
    doc, findings = (load_bytes(source, "x.yaml") if isinstance(source, bytes)
                     else load_text(source, "x.yaml"))
    located(findings, "x.yaml")
    assert exit_code(findings) in (0, 1, 2)
    if not findings:
        assert _plain(doc.data)
        assert () in doc.values


#: Plain and quoted scalars the core schema reads as text, numbers, booleans or nothing, and
#: keys that only the text they are written as tells apart (``1`` and ``true``, ``1.0``).
SPELLINGS = ["1", "01", "+1", "-0", "1.0", "1.", ".5", "1e3", "1E+3", "0x1F", "0X1F", "+0x1F",
             "0o17", "0b11", "1_000", "9" * 30, ".inf", "-.Inf", ".NaN", "nan", "true", "True",
             "tRUE", "false", "no", "yes", "~", "null", "Null", "", "2:45", "2026-11-22", "abc",
             "a b", "'1'", '"true"', "'~'", "''", '"\\x41"', "é", "- x", "&a x", "*a"]
spelling = st.sampled_from(SPELLINGS)
scalar_values = st.one_of(spelling, st.lists(spelling, max_size=3).map(
    lambda items: "[" + ", ".join(items) + "]"))


def _mapping(pairs: list[tuple[str, str]], flow: bool) -> str:
    if flow:
        return "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}\n"
    return "".join(f"{k}: {v}\n" for k, v in pairs)


spelled_mappings = st.builds(_mapping, st.lists(st.tuples(spelling, scalar_values), max_size=8),
                             st.booleans())


@fuzz(200)
@given(source=st.one_of(LOADER_INPUT, spelled_mappings))
def test_the_first_reading_agrees_with_the_composer(source: str | bytes) -> None:
    """Read with ``marks_later`` (what the referee does), any input gives the full composer's
    findings, its data type for type, and its marks."""
    def read(later: bool) -> tuple[Document, list[Finding]]:
        return (load_bytes(source, "x.yaml", marks_later=later) if isinstance(source, bytes)
                else load_text(source, "x.yaml", marks_later=later))

    (later, found_later), (now, found_now) = read(True), read(False)
    assert render_json(found_later) == render_json(found_now)
    assert same_data(later.data, now.data)
    assert later.marks() == now.marks()


def test_tagged_float_too_large_for_a_float() -> None:
    """Found by fuzzing: ``!!float`` on an integer beyond a float's range."""
    _doc, findings = load_text("n: !!float 1" + "0" * 400 + "\n", "x.yaml")
    assert [f.code for f in findings] == ["yaml.number-too-large"]
    located(findings, "x.yaml")
