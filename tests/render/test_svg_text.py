"""SVG faces: a text's runs written straight as svgwrite and ElementTree would write them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.layout.model import Face, Line, Run, Text
from pnpcompiler.layout.text import FONT_FILES
from pnpcompiler.render.svg import Written, add, document_svg, element_xml, face_svg

FONTS = [*sorted(FONT_FILES), "no-such-font"]
CHARACTERS = (st.characters(blacklist_categories=("Cs", "Cc"))
              | st.sampled_from(list("&<>\"'\t\n\r")))

runs = st.builds(
    Run,
    x=st.floats(-50, 50, allow_nan=False),
    text=st.text(CHARACTERS, max_size=12),
    font=st.sampled_from(FONTS),
    size=st.floats(1, 40, allow_nan=False),
    colour=st.sampled_from(["#1f3a5f", "#000", "red", 'a"b<&>']),
    width=st.floats(0, 100, allow_nan=False),
    icon=st.none() | st.just("wind"),
)
texts = st.builds(
    Text,
    x=st.floats(-10, 100, allow_nan=False),
    y=st.floats(-10, 100, allow_nan=False),
    w=st.floats(0, 100, allow_nan=False),
    h=st.floats(0, 100, allow_nan=False),
    lines=st.lists(st.builds(Line, baseline=st.floats(0, 90, allow_nan=False),
                             runs=st.lists(runs, max_size=3).map(tuple)),
                   max_size=3).map(tuple),
    size=st.floats(1, 40, allow_nan=False),
)


def svgwrite_xml(text: Text) -> str:
    """Return what svgwrite itself writes for ``text``."""
    doc = Written().doc()
    holder = doc.g()
    add(doc, holder, text)
    return "".join(ET.tostring(x.get_xml(), encoding="utf-8").decode("utf-8")
                   for x in holder.elements)


@settings(max_examples=300, deadline=None)
@given(texts)
def test_svg_text_written_as_svgwrite_writes_it(text: Text) -> None:
    assert element_xml(Written().doc(), text) == svgwrite_xml(text)


@settings(max_examples=200, deadline=None)
@given(st.text(CHARACTERS, max_size=20), st.sampled_from([None, "#ffffff", 'a"<b>']),
       st.booleans())
def test_svg_title_written_as_svgwrite_writes_it(title: str, background: str | None,
                                                 trim_line: bool) -> None:
    face = Face(63.5, 88.9, 3.0, background, ())
    assert face_svg(face, title=title, trim_line=trim_line) == document_svg(face, title,
                                                                            trim_line)
