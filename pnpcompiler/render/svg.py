"""Write a resolved face as SVG (svgwrite), millimetres, the bleed box as the view box.

Pictures are embedded as ``data:`` URIs, so each SVG stands alone.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..layout.model import Box, Ellipse, Face, Group, Image, Paint, Polygon, Text
from ..layout.text import PT_PER_MM, svg_font

ASPECT = {"contain": "xMidYMid meet", "cover": "xMidYMid slice", "stretch": "none"}
"""SVG's preserveAspectRatio for each way a picture fits its box."""


def _f(x: float) -> str:
    return f"{x:.3f}".rstrip("0").rstrip(".") or "0"


def _paint(paint: Paint, closed: bool = True) -> dict[str, str]:
    out = {"fill": paint.fill if (paint.fill and closed) else "none"}
    if paint.stroke:
        out["stroke"] = paint.stroke
        out["stroke_width"] = _f(paint.stroke_width)
        if paint.dash:
            out["stroke_dasharray"] = ",".join(_f(d) for d in paint.dash)
        if paint.cap != "butt":
            out["stroke_linecap"] = paint.cap
    return out


def data_uri(path: str, digest: str, grayscale: bool = False) -> str:
    """Return a picture as a ``data:`` URI, made once per version of the file."""
    from ..content.assets import file_version

    return _data_uri(path, *file_version(path), digest, grayscale)


@lru_cache(maxsize=8)
def _data_uri(path: str, mtime_ns: int, size: int, digest: str, grayscale: bool) -> str:
    from ..content.assets import picture_bytes

    data, kind = picture_bytes(path, digest, grayscale)
    return f"data:image/{kind};base64,{base64.b64encode(data).decode('ascii')}"


def face_svg(face: Face, *, title: str | None = None, trim_line: bool = False) -> str:
    """Return the SVG text of one face, including its bleed."""
    return faces_svg([(face, title)], trim_line=trim_line)[0]


def faces_svg(faces: Sequence[tuple[Face, str | None]], *, trim_line: bool = False
              ) -> list[str]:
    """Return the SVG text of each (face, title); what several faces share (a frame, the
    same rules text) is built once, as an svgwrite element every drawing holding it adds."""
    made = Written()
    return [_face_svg(face, title, trim_line, made) for face, title in faces]


SLOT = "pnp-elements"
"""The id of the place the face's elements go in its SVG text."""


def _face_svg(face: Face, title: str | None, trim_line: bool, made: Written) -> str:
    """Return a face's SVG text: the document round it from svgwrite (written once per size
    and background: a deck's cards share theirs), its title and its elements' XML (written
    once per distinct element) set in their places."""
    key = (face.width, face.height, face.bleed, face.background, bool(face.elements),
           bool(title), trim_line)
    text = made.documents.get(key)
    if text is None:
        text = made.documents[key] = document_svg(face, TITLE if title else None, trim_line)
    if title:
        # The title comes first in the document, before anything that could hold its mark.
        text = text.replace(TITLE, _characters(title), 1)
    if not face.elements:
        return text
    # Only the title and the background come before the slot, and neither can hold its tag
    # unescaped: its first place is the slot.
    return text.replace(f'<g id="{SLOT}" />',
                        "".join(made.xml(e) for e in face.elements), 1)


TITLE = "pnp-face-title"
"""What stands for the title in a face's document until the face's own is set in."""


def document_svg(face: Face, title: str | None, trim_line: bool) -> str:
    """Return the SVG text round a face's elements as svgwrite writes it, a slot where they
    go."""
    import svgwrite

    b = face.bleed
    w, h = face.width + 2 * b, face.height + 2 * b
    doc = svgwrite.Drawing(size=(f"{_f(w)}mm", f"{_f(h)}mm"), profile="full", debug=False)
    doc.viewbox(-b, -b, w, h)
    if title:
        doc.set_desc(title=title)
    if face.background:
        doc.add(doc.rect((_f(-b), _f(-b)), (_f(w), _f(h)), fill=face.background))
    if face.elements:
        doc.add(doc.g(id=SLOT))
    if trim_line:
        doc.add(doc.rect((0, 0), (_f(face.width), _f(face.height)), fill="none",
                         stroke="#ff00ff", stroke_width="0.1", id="trim"))
    return str(doc.tostring())


class Written:
    """The XML of each element written so far: by the element itself (faces share theirs,
    and hashing a long text costs), else by its value."""

    def __init__(self) -> None:
        self.shared: dict[int, tuple[Any, str]] = {}
        self.equal: dict[Any, str] = {}
        self.documents: dict[tuple[Any, ...], str] = {}
        """The SVG text round a face's elements, by what it reads of the face."""
        self._doc: Any = None

    def doc(self) -> Any:
        """Return a drawing to make elements with (they are written, never added to it)."""
        if self._doc is None:
            import svgwrite

            self._doc = svgwrite.Drawing(profile="full", debug=False)
        return self._doc

    def xml(self, e: Any) -> str:
        """Return the XML drawing ``e``, written once per distinct element."""
        shared = self.shared.get(id(e))
        if shared is not None and shared[0] is e:
            return shared[1]
        try:
            known = self.equal.get(e)
        except TypeError:  # a field that cannot be hashed: write it afresh
            return element_xml(self.doc(), e)
        if known is None:
            known = self.equal[e] = element_xml(self.doc(), e)
        self.shared[id(e)] = (e, known)
        return known


def element_xml(doc: Any, e: Any) -> str:
    """Write the XML drawing one layout element, as svgwrite writes it inside a drawing."""
    from xml.etree import ElementTree

    if isinstance(e, Text) and not e.clip and all(
            isinstance(run.colour, str) for line in e.lines for run in line.runs):
        # A card's own texts (its title, its numbers) are each written once: as svgwrite
        # and ElementTree write them, without building their trees.
        return "".join(_text_xml(e, line, run) for line in e.lines for run in line.runs
                       if not run.icon and run.text)
    holder = doc.g()
    add(doc, holder, e)
    return "".join(ElementTree.tostring(x.get_xml(), encoding="utf-8").decode("utf-8")
                   for x in holder.elements)


def add(doc: Any, parent: Any, e: Any) -> None:
    """Add one element to an svgwrite container."""
    if isinstance(e, Group):
        group = doc.g(id=e.id)
        parent.add(group)
        for child in e.elements:
            add(doc, group, child)
    elif isinstance(e, Box):
        extra = {"rx": _f(e.radius), "ry": _f(e.radius)} if e.radius > 0 else {}
        parent.add(doc.rect((_f(e.x), _f(e.y)), (_f(e.w), _f(e.h)), **extra, **_paint(e.paint)))
    elif isinstance(e, Ellipse):
        parent.add(doc.ellipse((_f(e.cx), _f(e.cy)), (_f(e.rx), _f(e.ry)), **_paint(e.paint)))
    elif isinstance(e, Polygon):
        points = [(_f(x), _f(y)) for x, y in e.points]
        shape = doc.polygon(points) if e.closed else doc.polyline(points)
        for key, value in _paint(e.paint, e.closed).items():
            shape[key.replace("_", "-")] = value
        parent.add(shape)
    elif isinstance(e, Image):
        if e.w > 0 and e.h > 0:
            uri = data_uri(e.path, e.digest, e.grayscale)
            image = doc.image("", insert=(_f(e.x), _f(e.y)), size=(_f(e.w), _f(e.h)))
            del image.attribs["xlink:href"]
            image["href"] = uri
            image["preserveAspectRatio"] = ASPECT.get(e.fit, "xMidYMid meet")
            parent.add(image)
    elif isinstance(e, Text):
        if e.clip:
            parent = _clipped(doc, parent, e)
        for line in e.lines:
            for run in line.runs:
                if run.icon or not run.text:
                    continue
                family, weight, style = svg_font(run.font)
                t = doc.text(run.text, insert=(_f(e.x + run.x), _f(e.y + line.baseline)),
                             font_family=family, font_size=_f(run.size / PT_PER_MM),
                             font_weight=weight, font_style=style, fill=run.colour)
                t["xml:space"] = "preserve"
                parent.add(t)


def _text_xml(e: Text, line: Any, run: Any) -> str:
    """Return one run of a text as svgwrite writes it: its attributes sorted by name, each
    escaped as ElementTree escapes them."""
    family, weight, style = svg_font(run.font)
    attributes = {"fill": run.colour, "font-family": family,
                  "font-size": _f(run.size / PT_PER_MM), "font-style": style,
                  "font-weight": weight, "x": _f(e.x + run.x), "xml:space": "preserve",
                  "y": _f(e.y + line.baseline)}
    written = " ".join(f'{name}="{_attribute(str(value))}"'
                       for name, value in attributes.items())
    return f"<text {written}>{_characters(run.text)}</text>"


def _characters(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attribute(text: str) -> str:
    return (_characters(text).replace('"', "&quot;").replace("\r", "&#13;")
            .replace("\n", "&#10;").replace("\t", "&#09;"))


def _clipped(doc: Any, parent: Any, e: Text) -> Any:
    """Return a group inside ``parent`` that shows only what falls in the text's box."""
    import hashlib

    box = (_f(e.x), _f(e.y), _f(e.w), _f(e.h))
    # Named after the box, so the same face always writes the same id.
    name = "clip-" + hashlib.sha1(" ".join(box).encode()).hexdigest()[:12]
    clip = doc.clipPath(id=name)
    clip.add(doc.rect((box[0], box[1]), (box[2], box[3])))
    parent.add(clip)
    group = doc.g(clip_path=f"url(#{name})")
    parent.add(group)
    return group
