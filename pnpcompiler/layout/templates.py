"""Face templates: YAML files whose string values are jinja2 expressions, resolved into faces.

A template (``templates/<game>/<name>.yaml``) lists a face's background and elements. Every
string value is rendered by a sandboxed jinja2 environment with the item's fields, so a
template can say ``text: "Route {{ item.route }}"`` or ``x: "{{ W / 2 }}mm"``. An element may
carry ``if: <expression>`` (drawn only when true) and ``each: <expression>`` with ``as: name``
(drawn once per value). Lengths are millimetres, as numbers or with a unit (``"3mm"``,
``"0.25in"``). Errors name the template file, line and column.

Pictures (``image: {src: ...}``) and the fonts a game declares come from the game's folder
through :mod:`pnpcompiler.content.assets`, which refuses any path that leads outside it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.findings import Finding, Location, error, warning
from ..core.loader import Document, PathKey, load_file
from ..core.units import parse_length
from .model import Box, Element, Ellipse, Face, Icon, Image, Overflow, Paint, Polygon, Text
from .overlaps import SAFE_MARGIN, check_face, clash_findings, describe_element, shortfall
from .text import FONT_NAMES, TextStyle, fit, plain

if TYPE_CHECKING:
    from ..content.assets import GameAssets

ELEMENT_KINDS = ("box", "circle", "ellipse", "line", "polygon", "text", "icon", "image")
_PAINT = {"fill", "stroke", "stroke_width", "dash"}
ALLOWED_KEYS: dict[str, set[str]] = {
    "box": {"x", "y", "w", "h", "radius"} | _PAINT,
    "circle": {"cx", "cy", "r"} | _PAINT,
    "ellipse": {"cx", "cy", "rx", "ry"} | _PAINT,
    "line": {"points"} | _PAINT,
    "polygon": {"points"} | _PAINT,
    "text": {"x", "y", "w", "h", "text", "font", "size", "min_size", "leading", "align",
             "valign", "colour", "field"},
    "icon": {"name", "x", "y", "size", "colour"},
    "image": {"src", "x", "y", "w", "h", "fit"},
}
"""Keys each element accepts, besides ``if`` (which may also sit beside the element)."""
ALIGN = ("left", "center", "right")
VALIGN = ("top", "middle", "bottom")
FITS = ("contain", "cover", "stretch")
BUILTIN_FONTS = tuple(FONT_NAMES)
MAX_POWER_BITS = 100_000
"""The largest integer ``**`` may make in a template, in bits."""
MAX_REPEAT = 1_000_000
"""The longest text or list ``*`` may make in a template."""


class TemplateError(Exception):
    """A template cannot be read or resolved; carries the finding to report."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


@dataclass
class Template:
    """A loaded template: its document (with positions) and where it came from."""

    name: str
    doc: Document


@dataclass
class TemplateSet:
    """Templates found under one or more folders (the project's own first)."""

    folders: list[Path]
    _cache: dict[str, Template] = field(default_factory=dict)

    def get(self, name: str, where: Location | None = None) -> Template:
        """Return the template ``name`` (``rushing-tin/hand-off-front``), loading it once."""
        if name in self._cache:
            return self._cache[name]
        if ".." in Path(name).parts or Path(name).is_absolute():
            raise TemplateError(error("template.bad-name", f"template names stay inside the "
                                      f"templates folder; found {name!r}", where))
        for folder in self.folders:
            path = folder / f"{name}.yaml"
            if path.is_file():
                doc, found = load_file(path, _display(path))
                if found:
                    raise TemplateError(found[0])
                if not isinstance(doc.data, dict):
                    raise TemplateError(error("template.not-a-mapping", "a template is a "
                                              "mapping with 'elements'", doc.locate(())))
                template = Template(name, doc)
                self._cache[name] = template
                return template
        searched = ", ".join(_display(f) for f in self.folders)
        raise TemplateError(error("template.missing", f"no template {name!r} (looked for "
                                  f"{name}.yaml in {searched})", where))


_MISSING = object()
_PLAIN = (int, float, str, bool)
_RENDERED: dict[tuple[str, bool, tuple[Any, ...]], str] = {}
"""Template strings rendered from plain values only, by the values they use."""


@lru_cache(maxsize=4096)
def _names(source: str, escape: bool) -> tuple[str, ...]:
    """Return the variables a template string reads, sorted."""
    from jinja2 import meta

    return tuple(sorted(meta.find_undeclared_variables(environment(escape).parse(source))))


@lru_cache(maxsize=4096)
def _length(text: str) -> float:
    """Return a length written with a unit (``"3mm"``) in mm, parsed once per text."""
    return parse_length(text)


def _display(path: Path) -> str:
    from ..core.files import display_path

    return display_path(path)


def _check_size(operator: str, left: Any, right: Any) -> None:
    """Refuse ``**`` and ``*`` that would make a number or a text too big to hold."""
    if operator == "**":
        if (isinstance(left, int) and isinstance(right, int) and abs(left) > 1
                and right * max(left.bit_length(), 1) > MAX_POWER_BITS):
            raise OverflowError(f"{left!r} ** {right!r} is too large")
        return
    for seq, n in ((left, right), (right, left)):
        if (isinstance(seq, str | list | tuple) and isinstance(n, int)
                and len(seq) * n > MAX_REPEAT):
            raise OverflowError(f"repeating {len(seq)} items {n} times is too long "
                                f"(at most {MAX_REPEAT:,})")


@lru_cache(maxsize=2)
def environment(autoescape: bool = True) -> Any:
    """Return the sandboxed jinja2 environment: values are escaped for text markup, except
    in the environment for paths (``autoescape`` false)."""
    from jinja2 import StrictUndefined
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    class Sandbox(ImmutableSandboxedEnvironment):
        """No Python internals, no mutation, and no power or repetition that eats memory."""

        intercepted_binops = frozenset({"**", "*"})

        def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
            _check_size(operator, left, right)
            return super().call_binop(context, operator, left, right)

    return Sandbox(autoescape=autoescape, undefined=StrictUndefined, trim_blocks=True,
                   lstrip_blocks=True)


@lru_cache(maxsize=4096)
def _compiled(source: str, autoescape: bool = True) -> Any:
    """Return a template string compiled once: a kit renders the same strings for every item."""
    return environment(autoescape).from_string(source)


@lru_cache(maxsize=4096)
def _compiled_expression(source: str) -> Any:
    """Return an ``if``/``each`` expression compiled once."""
    return environment().compile_expression(source, undefined_to_none=False)


@dataclass
class Resolver:
    """Turns one template and one item's context into a face."""

    template: Template
    context: dict[str, Any]
    width: float
    height: float
    bleed: float
    item: str
    """The item's id, for messages."""
    templates: TemplateSet | None = None
    icon_prefix: str = ""
    """Where icons are looked up first (``rushing-tin/icons/``), then ``icons/``."""
    assets: GameAssets | None = None
    """The game's folder and fonts: where pictures and declared fonts come from."""
    item_where: Location | None = None
    """Where the item is written in content (a picture's finding points into it)."""
    findings: list[Finding] = field(default_factory=list)
    overflows: list[Overflow] = field(default_factory=list)
    origins: dict[int, PathKey] = field(default_factory=dict)
    """The template path each element of the face comes from, by the element's ``id``."""

    def where(self, path: PathKey) -> Location:
        """Return the template location of ``path``."""
        return self.template.doc.locate(path)

    def fail(self, code: str, message: str, path: PathKey) -> TemplateError:
        """Return an error to raise, located in the template."""
        return TemplateError(error(code, f"{self.template.name}: {message}", self.where(path)))

    # -- values -------------------------------------------------------------------------

    def render(self, value: Any, path: PathKey, scope: dict[str, Any], *,
               escape: bool = True) -> Any:
        """Render a string value through jinja2 (values escaped for markup unless ``escape``
        is false, as for paths); other values pass through."""
        if not isinstance(value, str) or ("{{" not in value and "{%" not in value):
            return value
        names = self.jinja(lambda: _names(value, escape), path)
        if all(type(scope.get(n, _MISSING)) in _PLAIN for n in names):
            # Only plain values (W, H, BLEED, ...): the same text for every item.
            key = (value, escape, tuple(scope[n] for n in names))
            known = _RENDERED.get(key)
            if known is None:
                known = self.jinja(lambda: str(_compiled(value, escape).render(scope)), path)
                if len(_RENDERED) < 8192:
                    _RENDERED[key] = known
            return known
        return self.jinja(lambda: str(_compiled(value, escape).render(scope)), path)

    def expression(self, text: Any, path: PathKey, scope: dict[str, Any]) -> Any:
        """Evaluate an ``if``/``each`` expression."""
        if not isinstance(text, str):
            return text
        return self.jinja(lambda: _compiled_expression(text)(scope), path)

    def jinja(self, run: Callable[[], Any], path: PathKey) -> Any:
        """Run jinja2; its errors (and the template's own arithmetic) become findings."""
        from jinja2 import TemplateError as JinjaError

        try:
            return run()
        except (JinjaError, ArithmeticError, TypeError, ValueError) as exc:
            raise self.fail("template.render", f"{type(exc).__name__}: {exc}", path) from None

    def length(self, spec: dict[str, Any], key: str, path: PathKey, scope: dict[str, Any],
               default: float | None = None) -> float:
        if key not in spec:
            if default is None:
                raise self.fail("template.missing-key", f"expected '{key}' (a length)", path)
            return default
        value = self.render(spec[key], (*path, key), scope)
        if isinstance(value, bool):
            raise self.fail("template.bad-length", f"expected a length, found {value!r}",
                            (*path, key))
        if isinstance(value, int | float):
            return float(value)
        try:
            return float(value) if _is_number(value) else _length(value)
        except ValueError:
            raise self.fail("template.bad-length", f"expected a length such as 3mm, found "
                            f"{value!r}", (*path, key)) from None

    def number(self, spec: dict[str, Any], key: str, path: PathKey, scope: dict[str, Any],
               default: float) -> float:
        value = self.render(spec.get(key, default), (*path, key), scope)
        try:
            return float(value)
        except (TypeError, ValueError):
            raise self.fail("template.bad-number", f"expected a number, found {value!r}",
                            (*path, key)) from None

    def choice(self, spec: dict[str, Any], key: str, path: PathKey, scope: dict[str, Any],
               allowed: tuple[str, ...]) -> str:
        value = str(self.render(spec.get(key, allowed[0]), (*path, key), scope))
        if value not in allowed:
            raise self.fail("template.bad-choice", f"expected one of {', '.join(allowed)} for "
                            f"'{key}', found {value!r}", (*path, key))
        return value

    def colour(self, spec: dict[str, Any], key: str, path: PathKey, scope: dict[str, Any]
               ) -> str | None:
        if key not in spec or spec[key] is None:
            return None
        value = str(self.render(spec[key], (*path, key), scope)).strip()
        if value in ("", "none"):
            return None
        if not _is_colour(value):
            raise self.fail("template.bad-colour", f"expected a colour like #1a2b3c, found "
                            f"{value!r}", (*path, key))
        return value.lower()

    def paint(self, spec: dict[str, Any], path: PathKey, scope: dict[str, Any]) -> Paint:
        dash = spec.get("dash")
        dashes: tuple[float, ...] = ()
        if dash is not None:
            text = str(self.render(dash, (*path, "dash"), scope))
            try:
                dashes = tuple(float(x) for x in text.replace(",", " ").split())
            except ValueError:
                raise self.fail("template.bad-number", f"expected dash lengths like '1 0.5', "
                                f"found {text!r}", (*path, "dash")) from None
        return Paint(self.colour(spec, "fill", path, scope),
                     self.colour(spec, "stroke", path, scope),
                     self.length(spec, "stroke_width", path, scope, 0.3), dashes)

    # -- elements -----------------------------------------------------------------------

    def face(self) -> Face:
        data = self.template.doc.data
        scope = dict(self.context, W=self.width, H=self.height, BLEED=self.bleed)
        background = self.colour(data, "background", (), scope)
        raw = data.get("elements", [])
        if not isinstance(raw, list):
            raise self.fail("template.bad-elements", "expected 'elements' to be a list",
                            ("elements",))
        elements = list(self.elements(raw, ("elements",), scope))
        elements = list(self.expand_icons(elements))
        shape = self.choice(data, "shape", ("shape",), scope, ("rect", "round", "hex"))
        safe = self.length(data, "safe", ("safe",), scope) if "safe" in data else None
        return Face(self.width, self.height, self.bleed, background, tuple(elements),
                    tuple(self.overflows), shape, safe)

    def elements(self, raw: list[Any], path: PathKey, scope: dict[str, Any]
                 ) -> Iterator[Element]:
        for i, spec in enumerate(raw):
            here = (*path, i)
            if not isinstance(spec, dict):
                raise self.fail("template.bad-element", "expected an element mapping such as "
                                "{text: {...}}", here)
            if "if" in spec and not self.expression(spec["if"], (*here, "if"), scope):
                continue
            kinds = [k for k in spec if k in ELEMENT_KINDS]
            if len(kinds) != 1:
                raise self.fail("template.bad-element", f"expected exactly one of "
                                f"{', '.join(ELEMENT_KINDS)} in an element, found "
                                f"{', '.join(map(str, spec)) or 'nothing'}", here)
            kind = kinds[0]
            extra = set(spec) - {kind, "if", "each", "as"}
            if extra:
                raise self.fail("template.unknown-key", f"unknown key(s) {sorted(extra)}; an "
                                "element has one shape key plus if, each and as", here)
            body = spec[kind]
            if not isinstance(body, dict):
                raise self.fail("template.bad-element", f"expected '{kind}' to be a mapping",
                                (*here, kind))
            unknown = set(body) - ALLOWED_KEYS[kind] - {"if"}
            if unknown:
                allowed = ", ".join(sorted(ALLOWED_KEYS[kind] | {"if"}))
                raise self.fail("template.unknown-key", f"unknown key(s) "
                                f"{', '.join(map(str, sorted(unknown)))} in {kind}; allowed "
                                f"keys: {allowed}", (*here, kind))
            if "if" in body and not self.expression(body["if"], (*here, kind, "if"), scope):
                continue
            if "each" in spec:
                values = self.expression(spec["each"], (*here, "each"), scope)
                name = str(spec.get("as", "it"))
                try:
                    items = list(values)
                except TypeError:
                    raise self.fail("template.bad-each", f"expected 'each' to give a list, "
                                    f"found {values!r}", (*here, "each")) from None
                for n, value in enumerate(items):
                    inner = dict(scope, **{name: value, "loop_index": n})
                    yield self.placed(self.element(kind, body, (*here, kind), inner), here)
            else:
                yield self.placed(self.element(kind, body, (*here, kind), scope), here)

    def placed(self, element: Element, path: PathKey) -> Element:
        """Return ``element``, noting the template path it comes from."""
        self.origins[id(element)] = path
        return element

    def element(self, kind: str, spec: dict[str, Any], path: PathKey, scope: dict[str, Any]
                ) -> Element:
        ln = self.length
        if kind == "box":
            return Box(ln(spec, "x", path, scope), ln(spec, "y", path, scope),
                       ln(spec, "w", path, scope), ln(spec, "h", path, scope),
                       self.paint(spec, path, scope), ln(spec, "radius", path, scope, 0.0))
        if kind in ("circle", "ellipse"):
            r = ln(spec, "r", path, scope, 0.0) if kind == "circle" else 0.0
            rx = r or ln(spec, "rx", path, scope)
            ry = r or ln(spec, "ry", path, scope)
            return Ellipse(ln(spec, "cx", path, scope), ln(spec, "cy", path, scope), rx, ry,
                           self.paint(spec, path, scope))
        if kind in ("line", "polygon"):
            points = self.points(spec, path, scope, 2 if kind == "line" else 3)
            return Polygon(points, self.paint(spec, path, scope), closed=kind == "polygon")
        if kind == "icon":
            name = str(self.render(spec.get("name", ""), (*path, "name"), scope))
            return Icon(name, ln(spec, "x", path, scope), ln(spec, "y", path, scope),
                        ln(spec, "size", path, scope),
                        self.colour(spec, "colour", path, scope))
        if kind == "image":
            return self.image(spec, path, scope)
        return self.text(spec, path, scope)

    def image(self, spec: dict[str, Any], path: PathKey, scope: dict[str, Any]) -> Image:
        """Resolve a picture: its file confined to the game folder, read and checked."""
        from ..content.assets import Picture

        ln = self.length
        x, y = ln(spec, "x", path, scope), ln(spec, "y", path, scope)
        w, h = ln(spec, "w", path, scope), ln(spec, "h", path, scope)
        how = self.choice(spec, "fit", path, scope, FITS)
        if "src" not in spec:
            raise self.fail("template.missing-key", "expected 'src' (a picture's path in the "
                            "game folder)", path)
        raw = spec["src"]
        src = self.render(raw, (*path, "src"), scope, escape=False)
        where = self.where((*path, "src"))
        about = f"{self.template.name}: "  # the same for every item: reported once
        if isinstance(raw, str) and raw != src and isinstance(src, str):
            # The path came from the item's data: point at the field that holds it.
            field_at = self.assets.locate_value(self.item_where, src) if self.assets else None
            about = f"{self.item}: image src of {self.template.name} ({where.prefix()}): "
            where = field_at or self.item_where or where
        if self.assets is None:
            raise TemplateError(error("image.no-game", f"{about}expected a game folder to "
                                      "read pictures from, found none (the template is not "
                                      "resolved for a game's item)", where))
        found = self.assets.picture(src, where=where, about=about)
        if not isinstance(found, Picture):
            raise TemplateError(found)
        return Image(str(found.path), found.digest, found.format, (found.width, found.height),
                     x, y, w, h, how)

    def font(self, spec: dict[str, Any], path: PathKey, scope: dict[str, Any]) -> str:
        """Return a text's font: a built-in name, or the registered name of one the game
        declares."""
        declared = self.assets.fonts if self.assets else {}
        name = self.choice(spec, "font", path, scope, (*BUILTIN_FONTS, *sorted(declared)))
        return declared[name].registered if name in declared else name

    def expand_icons(self, elements: list[Element]) -> Iterator[Element]:
        """Replace icons, and icons inside text, by their templates' elements, scaled."""
        for element in elements:
            origin = self.origins.get(id(element), ())
            if isinstance(element, Icon):
                for part in self.icon(element.name, element.x, element.y, element.size,
                                      element.colour):
                    yield self.placed(part, origin)
                continue
            yield element
            if isinstance(element, Text):
                for line in element.lines:
                    for run in line.runs:
                        if run.icon:
                            size = run.width
                            top = element.y + line.baseline - size * 0.78
                            for part in self.icon(run.icon, element.x + run.x, top, size):
                                yield self.placed(part, origin)

    def icon(self, name: str, x: float, y: float, size: float, colour: str | None = None
             ) -> Iterator[Element]:
        """Yield an icon template's elements, drawn in a ``size`` mm square at (x, y)."""
        if self.templates is None:
            return
        arg = ""
        candidates = [name]
        if "-" in name:
            base, arg = name.rsplit("-", 1)
            candidates.append(base)
        template = None
        for candidate in candidates:
            for prefix in (self.icon_prefix, "icons/"):
                try:
                    template = self.templates.get(f"{prefix}{candidate}")
                    break
                except TemplateError:
                    continue
            if template is not None:
                break
        if template is None:
            self.findings.append(warning("template.unknown-icon", f"{self.item}: no icon "
                                         f"{name!r} (looked in templates/{self.icon_prefix} and "
                                         "templates/icons/)", self.where(())))
            return
        inner = Resolver(template, dict(self.context, arg=arg, colour=colour or "#222222"),
                         10.0, 10.0, 0.0, self.item, self.templates, self.icon_prefix,
                         self.assets, self.item_where)
        face = inner.face()
        self.findings += inner.findings
        k = size / 10.0
        yield from (_scaled(e, k, x, y) for e in face.elements)

    def points(self, spec: dict[str, Any], path: PathKey, scope: dict[str, Any], least: int
               ) -> tuple[tuple[float, float], ...]:
        raw = spec.get("points")
        if isinstance(raw, str):
            # An expression giving the points ([[x, y], ...]), e.g. the loop variable of each.
            raw = self.expression(raw, (*path, "points"), scope)
            if isinstance(raw, list | tuple):
                raw = [list(p) if isinstance(p, list | tuple) else p for p in raw]
        if not isinstance(raw, list) or len(raw) < least:
            raise self.fail("template.bad-points", f"expected 'points': a list of at least "
                            f"{least} [x, y] pairs", path)
        out = []
        for i, pair in enumerate(raw):
            if not isinstance(pair, list) or len(pair) != 2:
                raise self.fail("template.bad-points", "expected an [x, y] pair",
                                (*path, "points", i))
            here = (*path, "points", i)
            out.append((self.length({"x": pair[0]}, "x", here, scope),
                        self.length({"y": pair[1]}, "y", here, scope)))
        return tuple(out)

    def text(self, spec: dict[str, Any], path: PathKey, scope: dict[str, Any]) -> Text:
        ln = self.length
        x, y = ln(spec, "x", path, scope), ln(spec, "y", path, scope)
        w, h = ln(spec, "w", path, scope), ln(spec, "h", path, scope)
        if "text" not in spec:
            raise self.fail("template.missing-key", "expected 'text'", path)
        markup = str(self.render(spec["text"], (*path, "text"), scope))
        style = TextStyle(
            font=self.font(spec, path, scope),
            size=self.number(spec, "size", path, scope, 9.0),
            min_size=self.number(spec, "min_size", path, scope, 6.0),
            leading=self.number(spec, "leading", path, scope, 1.2),
            align=self.choice(spec, "align", path, scope, ALIGN),
            valign=self.choice(spec, "valign", path, scope, VALIGN),
            colour=self.colour(spec, "colour", path, scope) or "#000000")
        try:
            fitted = fit(markup, style, w, h)
        except ValueError as exc:  # reportlab's markup parser
            raise self.fail("template.bad-markup", f"text markup {plain(markup)[:60]!r}: "
                            f"{exc}", (*path, "text")) from None
        element = Text(x, y, w, h, fitted.lines, fitted.size, clip=not fitted.fits)
        if not fitted.fits:
            field_name = str(spec.get("field", path[-2] if len(path) > 1 else "text"))
            self.overflows.append(Overflow(field_name, fitted.size, fitted.height, h))
            self.findings.append(self.overflow(element, field_name, markup, style, path))
        return element

    def overflow(self, text: Text, field_name: str, markup: str, style: TextStyle,
                 path: PathKey) -> Finding:
        """Return the error for a text that does not fit its box, at the item's own line
        (the value that printed it when one did), naming the template's."""
        from xml.sax.saxutils import unescape

        words = unescape(plain(markup))
        template_at = self.where((*path, "text"))
        where = self.item_where
        if self.assets is not None and where is not None:
            # The item's longest value that the text prints: the one to shorten.
            where = self.assets.locate_text(where, words) or where
        box = f"the {text.w:.1f} x {text.h:.1f} mm box of {self.template.name}"
        if where is not None:
            box += f" ({template_at.prefix()})"
        return error("text.overflow", f"{self.item}: text {field_name!r} ({words[:40]!r}) "
                     f"does not fit {box} even at {style.min_size:g} pt: {shortfall(text)}; "
                     "it prints cut off at the box", where or template_at)


def _scaled(e: Element, k: float, dx: float, dy: float) -> Element:
    """Return an element scaled by ``k`` about the origin, then moved by (dx, dy)."""
    from dataclasses import replace

    from .model import Group

    def p(paint: Paint) -> Paint:
        return replace(paint, stroke_width=paint.stroke_width * k,
                       dash=tuple(d * k for d in paint.dash))

    if isinstance(e, Group):
        return Group(e.id, tuple(_scaled(child, k, dx, dy) for child in e.elements))
    if isinstance(e, Box):
        return Box(e.x * k + dx, e.y * k + dy, e.w * k, e.h * k, p(e.paint), e.radius * k)
    if isinstance(e, Ellipse):
        return Ellipse(e.cx * k + dx, e.cy * k + dy, e.rx * k, e.ry * k, p(e.paint))
    if isinstance(e, Polygon):
        return Polygon(tuple((x * k + dx, y * k + dy) for x, y in e.points), p(e.paint),
                       e.closed)
    if isinstance(e, Image):
        return replace(e, x=e.x * k + dx, y=e.y * k + dy, w=e.w * k, h=e.h * k)
    if isinstance(e, Text):
        from .model import Line, Run

        lines = tuple(Line(line.baseline * k, tuple(
            Run(r.x * k, r.text, r.font, r.size * k, r.colour, r.width * k, r.icon)
            for r in line.runs)) for line in e.lines)
        return Text(e.x * k + dx, e.y * k + dy, e.w * k, e.h * k, lines, e.size * k, e.clip)
    return Icon(e.name, e.x * k + dx, e.y * k + dy, e.size * k, e.colour)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _is_colour(text: str) -> bool:
    if len(text) in (4, 7) and text.startswith("#"):
        return all(c in "0123456789abcdefABCDEF" for c in text[1:])
    return False


def resolve(templates: TemplateSet, name: str, context: dict[str, Any], size: tuple[float,
            float], bleed: float, item: str, where: Location | None = None, *,
            assets: GameAssets | None = None,
            safe: float = SAFE_MARGIN) -> tuple[Face, list[Finding]]:
    """Resolve template ``name`` for one item into a face, with what its text's check finds
    (text that does not fit, overlaps, or comes closer than ``safe`` mm to the cut).

    Pictures and declared fonts come from ``assets`` (without them, a template that draws a
    picture or names a declared font gets a finding).
    """
    template = templates.get(name, where)
    game = name.split("/", 1)[0] + "/icons/" if "/" in name else ""
    resolver = Resolver(template, context, size[0], size[1], bleed, item, templates, game,
                        assets, where)
    face = resolver.face()
    return face, resolver.findings + face_findings(resolver, face, safe)


def face_findings(resolver: Resolver, face: Face, safe: float) -> list[Finding]:
    """Return what the check of a face's text finds, each at its template element."""

    def where(element: Element) -> Location:
        return resolver.where(resolver.origins.get(id(element), ()))

    def name(element: Element) -> str:
        line = where(element).line
        return describe_element(element) + (f" (line {line})" if line else "")

    clashes = check_face(face, safe=safe, name=name)
    # The fitting reported each text that does not fit, with its own words.
    return clash_findings(clashes, f"{resolver.item}: {resolver.template.name}", where,
                          reported=lambda text: True)

