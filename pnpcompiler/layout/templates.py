"""Face templates: YAML files whose string values are jinja2 expressions, resolved into faces.

A template (``templates/<game>/<name>.yaml``) lists a face's background and elements. Every
string value is rendered by a sandboxed jinja2 environment (:mod:`.sandbox`) with the item's
fields, so a template can say ``text: "Route {{ item.route }}"`` or ``x: "{{ W / 2 }}mm"``. An
element may carry ``if: <expression>`` (drawn only when true; a name the item lacks is false)
and ``each: <expression>`` with ``as: name`` (drawn once per value). Lengths are millimetres,
as numbers or with a unit (``"3mm"``, ``"0.25in"``); colours ``#rrggbb``, ``#rgb`` or CSS names
(:mod:`.colours`). Errors name the template file, line and column; a name the item lacks names
the item's line too (:mod:`.undefined`). No template, however written, makes pnp fail: every
value is checked and bounded before it reaches the layout model.

Pictures (``image: {src: ...}``) and the fonts a game declares come from the game's folder
through :mod:`pnpcompiler.content.assets`, which refuses any path that leads outside it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.findings import Finding, Location, error, warning
from ..core.loader import Document, PathKey, load_file
from .colours import BadColour, normal_colour
from .model import Box, Element, Ellipse, Face, Icon, Image, Overflow, Paint, Polygon, Text, scaled
from .overlaps import SAFE_MARGIN, check_face, clash_findings, describe_element, shortfall
from .reuse import Reuse
from .sandbox import (
    MissingValue,
    compiled,
    condition,
    environment,
    evaluate,
    names_read,
)
from .template_keys import ALLOWED_KEYS, ELEMENT_KINDS, key_findings
from .text import FONT_NAMES, TextStyle, fit, plain
from .undefined import describe, near, nearest, undefined_finding
from .values import as_length, as_number, shown

if TYPE_CHECKING:
    from ..content.assets import GameAssets

__all__ = ["ALLOWED_KEYS", "ELEMENT_KINDS", "Resolver", "Template", "TemplateError",
           "TemplateSet", "resolve"]

ALIGN = ("left", "center", "right")
VALIGN = ("top", "middle", "bottom")
FITS = ("contain", "cover", "stretch")
BUILTIN_FONTS = tuple(FONT_NAMES)
MAX_LENGTH = 10_000.0
"""The longest length (and the farthest position) a template may give, in mm: 10 m."""
MAX_FONT_SIZE = 400.0
"""The largest text size in points."""
MAX_LEADING = 10.0
"""The largest line height, as a multiple of the text size."""
MAX_TEXT = 20_000
"""The longest text one text element may set, in characters."""
MAX_ELEMENTS = 10_000
"""The most elements one face may draw, counting each ``each`` and every icon's own."""
MAX_POINTS = 10_000
"""The most points one line or polygon may have."""
MAX_DASHES = 16
MAX_ICON_DEPTH = 8
"""How deep icons may draw icons (an icon that draws itself stops here)."""


class TemplateError(Exception):
    """A template cannot be read or resolved; carries the findings to report (the first is
    ``finding``)."""

    def __init__(self, finding: Finding, *more: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding
        self.findings = [finding, *more]


@dataclass
class Template:
    """A loaded template: its document (with positions) and where it came from."""

    name: str
    doc: Document
    reuse: Reuse = field(default_factory=Reuse)
    """What its elements read, and what they resolved to (:mod:`.reuse`)."""


@dataclass
class TemplateSet:
    """Templates found under one or more folders (the project's own first)."""

    folders: list[Path]
    _cache: dict[str, Template] = field(default_factory=dict)
    _names: list[str] | None = None

    def get(self, name: str, where: Location | None = None) -> Template:
        """Return the template ``name`` (``rushing-tin/hand-off-front``), loading it once.
        Raises :class:`TemplateError` for a missing template (located at ``where``, the
        place that names it) and for one whose keys are wrong."""
        template = self.find(name, where)
        if template is None:
            searched = ", ".join(_display(f) for f in self.folders)
            raise TemplateError(error("template.missing", f"no template {name!r} (looked for "
                                      f"{name}.yaml in {searched}){self.near(name)}", where))
        return template

    def near(self, name: str) -> str:
        """Return "did you mean" for the template of the same folder nearest ``name``."""
        folder, _, base = name.rpartition("/")
        siblings = {n.rpartition("/")[2]: n for n in self.names()
                    if n.rpartition("/")[0] == folder}
        close = nearest(base, siblings)
        return f" (did you mean '{siblings[close]}'?)" if close else ""

    def find(self, name: str, where: Location | None = None) -> Template | None:
        """Return the template ``name``, None when no folder has it; raises
        :class:`TemplateError` for a name outside the folders and a template that is wrong."""
        if name in self._cache:
            return self._cache[name]
        if ".." in Path(name).parts or Path(name).is_absolute() or "\0" in name:
            raise TemplateError(error("template.bad-name", f"template names stay inside the "
                                      f"templates folder; found {name!r}", where))
        for folder in self.folders:
            path = folder / f"{name}.yaml"
            if _is_file(path):
                doc, found = load_file(path, _display(path))
                if found:
                    raise TemplateError(*found)
                problems = key_findings(name, doc)
                if problems:
                    raise TemplateError(*problems)
                template = Template(name, doc)
                self._cache[name] = template
                return template
        return None

    def names(self) -> list[str]:
        """Return the name of every template in the folders (for "did you mean")."""
        if self._names is None:
            found: set[str] = set()
            for folder in self.folders:
                try:
                    found |= {p.relative_to(folder).with_suffix("").as_posix()
                              for p in islice(folder.rglob("*.yaml"), 10_000)}
                except OSError:
                    continue
            self._names = sorted(found)
        return self._names


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the file system
        return False


def _display(path: Path) -> str:
    from ..core.files import display_path

    return display_path(path)


_MISSING = object()
_PLAIN = (int, float, str, bool)
_RENDERED: dict[tuple[str, bool, tuple[Any, ...]], str] = {}
"""Template strings rendered from plain values only, by the values they use."""


@dataclass
class Budget:
    """How many more elements a face may draw; its icons spend from the same budget."""

    left: int = MAX_ELEMENTS


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
    depth: int = 0
    """How many icons deep this template is drawn."""
    budget: Budget = field(default_factory=Budget)
    origins: dict[int, PathKey] = field(default_factory=dict)
    """The template path each element of the face comes from, by the element's ``id``."""

    def where(self, path: PathKey, *, key: bool = False) -> Location:
        """Return the template location of ``path`` (of its key, with ``key``)."""
        return self.template.doc.locate(path, key=key)

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
        names = self.jinja(lambda: names_read(value, escape), path, scope)
        if all(type(scope.get(n, _MISSING)) in _PLAIN for n in names):
            # Only plain values (W, H, BLEED, ...): the same text for every item.
            key = (value, escape, tuple(scope[n] for n in names))
            known = _RENDERED.get(key)
            if known is None:
                known = self.jinja(lambda: str(compiled(value, escape).render(scope)), path,
                                   scope)
                if len(_RENDERED) < 8192:
                    _RENDERED[key] = known
            return known
        return self.jinja(lambda: str(compiled(value, escape).render(scope)), path, scope)

    def expression(self, text: Any, path: PathKey, scope: dict[str, Any]) -> Any:
        """Evaluate an ``each`` or ``points`` expression."""
        if not isinstance(text, str):
            return text
        return self.jinja(lambda: evaluate(text, scope), path, scope)

    def holds(self, text: Any, path: PathKey, scope: dict[str, Any]) -> bool:
        """Return whether an ``if`` holds; a name the item lacks makes it false."""
        if not isinstance(text, str):
            return bool(text)
        held = bool(self.jinja(lambda: condition(text, scope), path, scope))
        if not held:
            self.unknown_names(text, path, scope)
        return held

    def unknown_names(self, text: str, path: PathKey, scope: dict[str, Any]) -> None:
        """Warn of a condition's variable that no item has but that is near one the template
        has: a misspelt name makes a condition false for every item."""
        try:
            read = names_read("{{ (" + text + ") }}", True)
        except Exception:  # the expression itself ran; this is only a hint
            return
        known = [k for k in scope if isinstance(k, str)]
        for name in read:
            if name in scope or name in environment().globals:
                continue
            hint = near(name, known, cutoff=0.75)
            if hint:
                self.findings.append(warning(
                    "template.unknown-name", f"{self.template.name}: '{name}' is not a "
                    f"variable of this template, so the condition is false{hint}",
                    self.where(path)))

    def jinja(self, run: Callable[[], Any], path: PathKey, scope: dict[str, Any]) -> Any:
        """Run jinja2; its errors (and the template's own arithmetic) become findings."""
        try:
            return run()
        except MissingValue as exc:
            raise self.undefined(exc, path, scope) from None
        except (MemoryError, RecursionError) as exc:
            raise self.fail("template.too-big", f"the expression is too big to compute "
                            f"({type(exc).__name__})", path) from None
        except Exception as exc:
            # The template's code runs in the sandbox: whatever it raises (a syntax error,
            # its own arithmetic, a filter given the wrong thing, jinja2 compiling 1e308 * 10
            # to a name it cannot find) is the template's error.
            raise self.fail("template.render", f"{type(exc).__name__}: {exc}", path) from None

    def undefined(self, exc: MissingValue, path: PathKey, scope: dict[str, Any]
                  ) -> TemplateError:
        """Return the error for a name the item lacks, naming the item's line too."""
        what, hint = describe(exc, scope)
        at = self.item_where.prefix() if self.item_where else ""
        return TemplateError(undefined_finding(self.template.name, what, hint, self.item, at,
                                               self.where(path)))

    def length(self, spec: dict[str, Any], key: str, path: PathKey, scope: dict[str, Any],
               default: float | None = None) -> float:
        if key not in spec:
            if default is None:
                raise self.fail("template.missing-key", f"expected '{key}' (a length)", path)
            return default
        value = self.render(spec[key], (*path, key), scope)
        mm = as_length(value)
        if mm is None or not -MAX_LENGTH <= mm <= MAX_LENGTH:
            raise self.fail("template.bad-length", f"expected a length such as 3mm, at most "
                            f"{MAX_LENGTH:g} mm either way, found {shown(value)}",
                            (*path, key))
        return mm

    def size(self, spec: dict[str, Any], key: str, path: PathKey, scope: dict[str, Any],
             default: float | None = None) -> float:
        """Return a length that must be above 0 (a text box, an icon)."""
        mm = self.length(spec, key, path, scope, default)
        if mm <= 0:
            raise self.fail("template.bad-length", f"expected '{key}' above 0, found "
                            f"{mm:g} mm", (*path, key))
        return mm

    def extent(self, spec: dict[str, Any], key: str, path: PathKey, scope: dict[str, Any],
               default: float | None = None) -> float:
        """Return a length that may not be below 0 (a radius, a stroke's width)."""
        mm = self.length(spec, key, path, scope, default)
        if mm < 0:
            raise self.fail("template.bad-length", f"expected '{key}' of 0 or more, found "
                            f"{mm:g} mm", (*path, key))
        return mm

    def number(self, spec: dict[str, Any], key: str, path: PathKey, scope: dict[str, Any],
               default: float, top: float) -> float:
        """Return a number above 0 and at most ``top``."""
        value = self.render(spec.get(key, default), (*path, key), scope)
        number = None if isinstance(value, bool) else as_number(value)
        if number is None or not 0 < number <= top:
            raise self.fail("template.bad-number", f"expected a number above 0 and at most "
                            f"{top:g} for '{key}', found {shown(value)}", (*path, key))
        return number

    def choice(self, spec: dict[str, Any], key: str, path: PathKey, scope: dict[str, Any],
               allowed: tuple[str, ...]) -> str:
        value = str(self.render(spec.get(key, allowed[0]), (*path, key), scope))
        if value not in allowed:
            raise self.fail("template.bad-choice", f"expected one of {', '.join(allowed)} for "
                            f"'{key}', found {shown(value)}{near(value, allowed)}",
                            (*path, key))
        return value

    def colour(self, spec: dict[str, Any], key: str, path: PathKey, scope: dict[str, Any]
               ) -> str | None:
        if key not in spec or spec[key] is None:
            return None
        value = str(self.render(spec[key], (*path, key), scope)).strip()
        if value in ("", "none"):
            return None
        try:
            return normal_colour(value)
        except BadColour as exc:
            raise self.fail("template.bad-colour", str(exc), (*path, key)) from None

    def paint(self, spec: dict[str, Any], path: PathKey, scope: dict[str, Any]) -> Paint:
        dashes: tuple[float, ...] = ()
        if spec.get("dash") is not None:
            dashes = self.dashes(spec["dash"], (*path, "dash"), scope)
        return Paint(self.colour(spec, "fill", path, scope),
                     self.colour(spec, "stroke", path, scope),
                     self.extent(spec, "stroke_width", path, scope, 0.3), dashes)

    def dashes(self, raw: Any, path: PathKey, scope: dict[str, Any]) -> tuple[float, ...]:
        """Return dash lengths (``"1 0.5"``): at most 16, none negative, not all 0."""
        text = str(self.render(raw, path, scope))
        values = [as_number(x) for x in text.replace(",", " ").split()]
        if (any(v is None or not 0 <= v <= MAX_LENGTH for v in values)
                or len(values) > MAX_DASHES or (values and not any(values))):
            raise self.fail("template.bad-number", f"expected dash lengths like '1 0.5' (at "
                            f"most {MAX_DASHES}, not all 0), found {shown(text)}", path)
        return tuple(v for v in values if v is not None)

    def spend(self, path: PathKey) -> None:
        """Count one more element drawn; refuse a face that draws too many."""
        self.budget.left -= 1
        if self.budget.left < 0:
            raise self.fail("template.too-many", f"the face draws more than {MAX_ELEMENTS:,} "
                            "elements (an 'each' over too long a list?)", path)

    # -- elements -----------------------------------------------------------------------

    def face(self) -> Face:
        data = self.template.doc.data
        scope = dict(self.context, W=self.width, H=self.height, BLEED=self.bleed)
        background = self.colour(data, "background", (), scope)
        raw = data.get("elements", [])
        elements = list(self.elements(raw, ("elements",), scope))
        elements = list(self.expand_icons(elements))
        shape = self.choice(data, "shape", ("shape",), scope, ("rect", "round", "hex"))
        safe = self.length(data, "safe", ("safe",), scope) if "safe" in data else None
        return Face(self.width, self.height, self.bleed, background, tuple(elements),
                    tuple(self.overflows), shape, safe)

    def elements(self, raw: list[Any], path: PathKey, scope: dict[str, Any]
                 ) -> Iterator[Element]:
        """Yield each element the item draws (the keys were checked when the template was
        loaded)."""
        for i, spec in enumerate(raw):
            here = (*path, i)
            kind = next(k for k in spec if k in ELEMENT_KINDS)
            body = spec[kind]
            if "if" in spec and not self.holds(spec["if"], (*here, "if"), scope):
                continue
            if "if" in body and not self.holds(body["if"], (*here, kind, "if"), scope):
                continue
            if "each" not in spec:
                self.spend(here)
                yield self.placed(self.reused(kind, body, (*here, kind), scope), here)
                continue
            name = str(spec.get("as", "it"))
            for n, value in enumerate(self.each(spec["each"], (*here, "each"), scope)):
                self.spend(here)
                inner = dict(scope, **{name: value, "loop_index": n})
                yield self.placed(self.element(kind, body, (*here, kind), inner), here)

    def reused(self, kind: str, spec: dict[str, Any], path: PathKey, scope: dict[str, Any]
               ) -> Element:
        """Resolve an element, or reuse the one resolved for an item that read the same."""
        reuse = self.template.reuse
        key = reuse.key(path, spec, scope, self.assets)
        if key is None:
            return self.element(kind, spec, path, scope)
        known: Element | None = reuse.resolved.get(key)
        if known is not None:
            return known
        before = len(self.findings), len(self.overflows)
        element = self.element(kind, spec, path, scope)
        if (len(self.findings), len(self.overflows)) == before:
            reuse.keep(key, element)
        return element

    def placed(self, element: Element, path: PathKey) -> Element:
        """Return ``element``, noting the template path it comes from."""
        self.origins[id(element)] = path
        return element

    def each(self, raw: Any, path: PathKey, scope: dict[str, Any]) -> list[Any]:
        """Return the values an ``each`` draws its element for."""
        values = self.expression(raw, path, scope)
        if not isinstance(values, Iterable):
            raise self.fail("template.bad-each", f"expected 'each' to give a list, found "
                            f"{shown(values)}", path)
        items: list[Any] = self.jinja(lambda: list(islice(values, MAX_ELEMENTS + 1)), path,
                                      scope)
        if len(items) > MAX_ELEMENTS:
            raise self.fail("template.too-many", f"'each' gives more than {MAX_ELEMENTS:,} "
                            "values", path)
        return items

    def element(self, kind: str, spec: dict[str, Any], path: PathKey, scope: dict[str, Any]
                ) -> Element:
        ln = self.length
        if kind == "box":
            return Box(ln(spec, "x", path, scope), ln(spec, "y", path, scope),
                       ln(spec, "w", path, scope), ln(spec, "h", path, scope),
                       self.paint(spec, path, scope),
                       self.extent(spec, "radius", path, scope, 0.0))
        if kind in ("circle", "ellipse"):
            r = self.extent(spec, "r", path, scope, 0.0) if kind == "circle" else 0.0
            rx = r or self.extent(spec, "rx", path, scope)
            ry = r or self.extent(spec, "ry", path, scope)
            return Ellipse(ln(spec, "cx", path, scope), ln(spec, "cy", path, scope), rx, ry,
                           self.paint(spec, path, scope))
        if kind in ("line", "polygon"):
            points = self.points(spec, path, scope, 2 if kind == "line" else 3)
            return Polygon(points, self.paint(spec, path, scope), closed=kind == "polygon")
        if kind == "icon":
            name = str(self.render(spec.get("name", ""), (*path, "name"), scope))
            return Icon(name, ln(spec, "x", path, scope), ln(spec, "y", path, scope),
                        self.size(spec, "size", path, scope),
                        self.colour(spec, "colour", path, scope))
        if kind == "image":
            return self.image(spec, path, scope)
        return self.text(spec, path, scope)

    def image(self, spec: dict[str, Any], path: PathKey, scope: dict[str, Any]) -> Image:
        """Resolve a picture: its file confined to the game folder, read and checked."""
        from ..content.assets import Picture

        ln = self.length
        x, y = ln(spec, "x", path, scope), ln(spec, "y", path, scope)
        w, h = self.size(spec, "w", path, scope), self.size(spec, "h", path, scope)
        how = self.choice(spec, "fit", path, scope, FITS)
        if "src" not in spec:
            raise self.fail("template.missing-key", "expected 'src' (a picture's path in the "
                            "game folder)", path)
        raw = spec["src"]
        src = self.render(raw, (*path, "src"), scope, escape=False)
        where = self.where((*path, "src"))
        about = f"{self.template.name}: "  # the same for every item: reported once
        if not isinstance(src, str):
            raise self.fail("template.bad-value", f"expected 'src' to be a path, found "
                            f"{shown(src)}", (*path, "src"))
        if isinstance(raw, str) and raw != src:
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
        template = self.icon_template(name)
        if template is None:
            self.findings.append(warning("template.unknown-icon", f"{self.item}: no icon "
                                         f"{name!r} (looked in templates/{self.icon_prefix} and "
                                         "templates/icons/)", self.where(())))
            return
        if self.depth >= MAX_ICON_DEPTH:
            raise self.fail("template.too-deep", f"icons draw icons more than "
                            f"{MAX_ICON_DEPTH} deep (does icon {name!r} draw itself?)", ())
        arg = name.rsplit("-", 1)[1] if "-" in name else ""
        inner = Resolver(template, dict(self.context, arg=arg, colour=colour or "#222222"),
                         10.0, 10.0, 0.0, self.item, self.templates, self.icon_prefix,
                         self.assets, self.item_where, depth=self.depth + 1,
                         budget=self.budget)
        face = inner.face()
        self.findings += inner.findings
        k = size / 10.0
        yield from (scaled(e, k, x, y) for e in face.elements)

    def icon_template(self, name: str) -> Template | None:
        """Return the template of icon ``name`` (``level-4`` falls back to ``level``)."""
        assert self.templates is not None
        candidates = [name]
        if "-" in name:
            candidates.append(name.rsplit("-", 1)[0])
        for candidate in candidates:
            for prefix in (self.icon_prefix, "icons/"):
                found = self.templates.find(f"{prefix}{candidate}")
                if found is not None:
                    return found
        return None

    def points(self, spec: dict[str, Any], path: PathKey, scope: dict[str, Any], least: int
               ) -> tuple[tuple[float, float], ...]:
        raw = spec.get("points")
        if isinstance(raw, str):
            # An expression giving the points ([[x, y], ...]), e.g. the loop variable of each.
            raw = self.expression(raw, (*path, "points"), scope)
            if isinstance(raw, list | tuple):
                raw = [list(p) if isinstance(p, list | tuple) else p for p in raw]
        if not isinstance(raw, list) or not least <= len(raw) <= MAX_POINTS:
            raise self.fail("template.bad-points", f"expected 'points': a list of {least} to "
                            f"{MAX_POINTS:,} [x, y] pairs", path)
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
        # The box and the style, once per values they read: a title's change with the card.
        key = self.template.reuse.key((*path, "box"), spec, scope, self.assets, "text")
        known = self.template.reuse.resolved.get(key) if key else None
        ln = self.length
        x, y, w, h, style = known or (
            ln(spec, "x", path, scope), ln(spec, "y", path, scope),
            self.size(spec, "w", path, scope), self.size(spec, "h", path, scope), None)
        if "text" not in spec:
            raise self.fail("template.missing-key", "expected 'text'", path)
        markup = str(self.render(spec["text"], (*path, "text"), scope))
        if len(markup) > MAX_TEXT:
            raise self.fail("template.too-big", f"the text is {len(markup):,} characters "
                            f"long; at most {MAX_TEXT:,} fit one text element", (*path, "text"))
        if "<img" in markup.lower():
            raise self.fail("template.bad-markup", "pictures go in an 'image' element and "
                            "icons in text as :name:, not as <img> markup", (*path, "text"))
        if style is None:
            style = self.text_style(spec, path, scope)
            if key:
                self.template.reuse.keep(key, (x, y, w, h, style))
        try:
            fitted = fit(markup, style, w, h)
        except Exception as exc:  # reportlab's markup parser raises errors of every kind
            raise self.fail("template.bad-markup", f"text markup {plain(markup)[:60]!r}: "
                            f"{type(exc).__name__}: {exc}", (*path, "text")) from None
        element = Text(x, y, w, h, fitted.lines, fitted.size, clip=not fitted.fits)
        if not fitted.fits:
            field_name = str(spec.get("field", path[-2] if len(path) > 1 else "text"))
            self.overflows.append(Overflow(field_name, fitted.size, fitted.height, h))
            self.findings.append(self.overflow(element, field_name, markup, style, path))
        return element

    def text_style(self, spec: dict[str, Any], path: PathKey, scope: dict[str, Any]
                   ) -> TextStyle:
        """Return how a text element sets its text."""
        size = self.number(spec, "size", path, scope, 9.0, MAX_FONT_SIZE)
        return TextStyle(
            font=self.font(spec, path, scope),
            size=size,
            min_size=self.number(spec, "min_size", path, scope, 6.0, MAX_FONT_SIZE),
            leading=self.number(spec, "leading", path, scope, 1.2, MAX_LEADING),
            align=self.choice(spec, "align", path, scope, ALIGN),
            valign=self.choice(spec, "valign", path, scope, VALIGN),
            colour=self.colour(spec, "colour", path, scope) or "#000000")

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


def resolve(templates: TemplateSet, name: str, context: dict[str, Any], size: tuple[float,
            float], bleed: float, item: str, where: Location | None = None, *,
            assets: GameAssets | None = None, named_at: Location | None = None,
            safe: float = SAFE_MARGIN) -> tuple[Face, list[Finding]]:
    """Resolve template ``name`` for one item (written at ``where`` in content) into a face,
    with what its text's check finds (text that does not fit, overlaps, or comes closer than
    ``safe`` mm to the cut) and any warnings (an unknown icon).

    A missing template is reported at ``named_at``, the place that names it (the deck's
    ``template:``), else at the item. Pictures and declared fonts come from ``assets``
    (without them, a template that draws a picture or names a declared font gets a
    finding).
    """
    template = templates.get(name, named_at or where)
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
