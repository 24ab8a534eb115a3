"""Read YAML safely into plain data that remembers the line and column of every key and value.

The composer works on the parser's event stream with an explicit stack, so it never builds
Python objects from tags, never recurses (deep nesting is refused, not a crash), refuses alias
bombs by counting the expanded size, and reports duplicate keys. Scalars follow the YAML 1.2
core schema: ``2:45`` stays the string ``"2:45"`` (not 165), ``no`` stays ``"no"``, dates stay
strings.

A recorded game is read twice as fast as that (``marks_later``): a first reading composes
the data alone from the same events, with the same scalars and the same duplicate-key test,
and gives up on anything else (an anchor, an alias, a tag, a key that is a list, nesting or
size near the limits, more than one document, an empty one, any error), which the full
composer then reads as ever. A document read that way works out its marks when first asked
for (composing its text again), and the locations it gives are worked out when first read: a
legal record never asks where anything is, though a referee asks where each action is in
case it must rule on it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, NamedTuple, SupportsIndex

import yaml

from .findings import Finding, Location, error, unreadable

#: Largest content file accepted, in bytes.
MAX_BYTES = 5 * 1024 * 1024
#: Deepest nesting of mappings and lists accepted.
MAX_DEPTH = 64
#: Most values a document may expand to once aliases are followed.
MAX_NODES = 200_000

PathKey = tuple[str | int, ...]

_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_INT10 = re.compile(r"^[-+]?[0-9]+$")
_INT8 = re.compile(r"^0o[0-7]+$")
_INT16 = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)$")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")

_CORE_TAG = "tag:yaml.org,2002:"
#: The first characters of every plain scalar that the core schema reads as other than text.
_MAY_NOT_BE_TEXT = frozenset("~nNtTfF+-.0123456789")

_SCHEMA_COMMENT = re.compile(r"^#\s*yaml-language-server:\s*\$schema=(\S+)")


class Mark(NamedTuple):
    """A 1-based line and column."""

    line: int
    col: int


@dataclass
class Marks:
    """Where each key and value of a document came from."""

    values: dict[PathKey, Mark] = field(default_factory=dict)
    """Path -> mark of the value at that path."""
    keys: dict[PathKey, Mark] = field(default_factory=dict)
    """Path -> mark of the key that introduced that path (mappings only)."""


@dataclass
class Document:
    """One YAML file: its data, and where each key and value came from."""

    file: str
    text: str
    data: Any = None
    schema_comment: str | None = None
    #: path -> where a value read from another file came from (a spreadsheet's cells and
    #: rows spliced into the document, ``content.tables``)
    elsewhere: dict[PathKey, Location] = field(default_factory=dict)
    #: None until first asked for, in a document read without its marks
    _marks: Marks | None = field(default_factory=Marks, init=False, repr=False, compare=False)
    _lines: list[str] | None = field(default=None, repr=False, compare=False)

    @property
    def values(self) -> dict[PathKey, Mark]:
        """Path -> mark of the value at that path."""
        return self.marks().values

    @property
    def keys(self) -> dict[PathKey, Mark]:
        """Path -> mark of the key that introduced that path (mappings only)."""
        return self.marks().keys

    @property
    def marked(self) -> bool:
        """Whether its marks are worked out (read with ``marks_later``, not until asked)."""
        return self._marks is not None

    def marks(self) -> Marks:
        """Return where each key and value came from, worked out now if not yet."""
        if self._marks is None:
            # Read without them: the same text composes to the same data, now with marks.
            self._marks = Marks()
            _Composer(self, self._marks).compose()
        return self._marks

    def source_line(self, line: int) -> str | None:
        """Return the text of a 1-based line, if it exists."""
        if self._lines is None:
            # Split once: a referee looks up many lines of one record.
            self._lines = self.text.splitlines()
        lines = self._lines
        return lines[line - 1] if 0 < line <= len(lines) else None

    def locate(self, path: PathKey = (), *, key: bool = False) -> Location:
        """Return the location of ``path``, falling back to its nearest existing parent."""
        if self._marks is None and not self.elsewhere:
            return _LaterLocation.of(self, tuple(path), key)
        return self._located(tuple(path), key, self.elsewhere)

    def _located(self, path: PathKey, key: bool, elsewhere: dict[PathKey, Location]
                 ) -> Location:
        """Return the location of ``path`` from the marks and the values read elsewhere."""
        probe = path
        while True:
            other = elsewhere.get(probe) if elsewhere else None
            if other is not None:
                return replace(other, path=format_path(path))
            mark = self.keys.get(probe) if key else None
            if mark is None:
                mark = self.values.get(probe)
            if mark is not None or not probe:
                break
            probe = probe[:-1]
            key = False
        line, col = (mark.line, mark.col) if mark else (None, None)
        return Location(self.file, line, col, format_path(path),
                        self.source_line(line) if line else None)

    def location_at(self, line: int, col: int, path: PathKey = ()) -> Location:
        """Return a location for an explicit line and column."""
        return Location(self.file, line, col, format_path(path), self.source_line(line))


class _LaterLocation(Location):
    """A location in a document read without its marks, worked out when first read (it is a
    plain :class:`Location` from then on): each field is read through a property of this
    class (below) until then."""

    @classmethod
    def of(cls, doc: Document, path: PathKey, key: bool) -> Location:
        """Return the location of ``path`` in ``doc``, to be worked out when read."""
        later = object.__new__(cls)
        object.__setattr__(later, "_wanted", (doc, path, key))
        return later

    def _settle(self) -> None:
        doc, path, key = self.__dict__.pop("_wanted")
        # Nothing was read from elsewhere when it was asked for (else it is not later).
        self.__dict__.update(doc._located(path, key, {}).__dict__)
        object.__setattr__(self, "__class__", Location)

    def __eq__(self, other: object) -> bool:
        self._settle()
        return self == other

    def __hash__(self) -> int:
        self._settle()
        return hash(self)

    def __repr__(self) -> str:
        self._settle()
        return repr(self)

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        self._settle()
        return self.__reduce_ex__(protocol)


def _read_later(name: str) -> property:
    """Return a property that works the location out, then reads its field ``name``."""

    def read(self: _LaterLocation) -> Any:
        self._settle()
        return getattr(self, name)

    return property(read)


for _field in fields(Location):
    setattr(_LaterLocation, _field.name, _read_later(_field.name))


def format_path(path: PathKey) -> str:
    """Format a document path as ``routes[3].code``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", part):
            out += f".{part}" if out else part
        else:
            out += f"[{part!r}]"
    return out


class LoadError(Exception):
    """Raised inside the composer; becomes one finding."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


def load_file(path: Path, display: str, *, marks_later: bool = False
              ) -> tuple[Document, list[Finding]]:
    """Read and compose a YAML file. Never raises for bad input: problems become findings.

    With ``marks_later``, a file the first reading can compose has its marks worked out only
    when first asked for, and its locations when first read: for a recorded game, which is
    legal far more often than not (content is not read so: its checks ask where every card
    is)."""
    try:
        with open(path, "rb") as handle:
            # Never more than the limit and one byte: a huge file (or /dev/zero) is refused
            # without being read into memory.
            raw = handle.read(MAX_BYTES + 1)
            size = os.fstat(handle.fileno()).st_size
    except OSError as exc:
        doc = Document(display, "")
        return doc, [unreadable("io.unreadable", f"cannot read file: {exc.strerror or exc}",
                                Location(display))]
    if len(raw) > MAX_BYTES:
        told = f"{size} bytes" if size > MAX_BYTES else f"more than {MAX_BYTES} bytes"
        return Document(display, ""), [unreadable(
            "io.too-large", f"file is {told}; content files are limited to {MAX_BYTES} bytes",
            Location(display, 1, 1))]
    return load_bytes(raw, display, marks_later=marks_later)


def load_bytes(raw: bytes, display: str, *, marks_later: bool = False
               ) -> tuple[Document, list[Finding]]:
    """Compose YAML from bytes (see :func:`load_file`)."""
    if len(raw) > MAX_BYTES:
        return Document(display, ""), [unreadable(
            "io.too-large",
            f"file is {len(raw)} bytes; content files are limited to {MAX_BYTES} bytes",
            Location(display, 1, 1))]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        doc = Document(display, raw.decode("utf-8", "replace"))
        return doc, [unreadable(
            "io.not-utf8",
            f"expected UTF-8 text, found byte 0x{raw[exc.start]:02x} that is not valid UTF-8",
            doc.location_at(line, col))]
    return load_text(text, display, marks_later=marks_later)


def load_text(text: str, display: str, *, marks_later: bool = False
              ) -> tuple[Document, list[Finding]]:
    """Compose YAML from text (see :func:`load_file`)."""
    doc = Document(display, text)
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    match = _SCHEMA_COMMENT.match(first.strip())
    if match:
        doc.schema_comment = match.group(1)
    if marks_later:
        try:
            doc.data, doc._marks = _read_data(text), None
            return doc, []
        except (_Undecided, ValueError, yaml.YAMLError):
            pass  # the full composer judges it, and says why when it is wrong
    marks = doc.marks()
    try:
        doc.data = _Composer(doc, marks).compose()
    except LoadError as exc:
        doc.data = None
        return doc, [exc.finding]
    except yaml.MarkedYAMLError as exc:
        return doc, [_syntax_finding(doc, exc)]
    except yaml.YAMLError as exc:
        # Reader errors (control characters) carry a character position, not a line.
        pos = getattr(exc, "position", None)
        loc = Location(display, 1, 1)
        if isinstance(pos, int):
            before = text[:pos]
            line = before.count("\n") + 1
            loc = doc.location_at(line, pos - (before.rfind("\n") + 1) + 1)
        reason = getattr(exc, "reason", None) or str(exc).splitlines()[0]
        char = getattr(exc, "character", None)
        code = ord(char) if isinstance(char, str) and len(char) == 1 else char
        shown = f" U+{code:04X}" if isinstance(code, int) else ""
        return doc, [error("yaml.bad-character",
                           f"character{shown} is not allowed in YAML ({reason})", loc)]
    if doc.data is None and not marks.values:
        return doc, [error("yaml.empty", "file is empty; expected a mapping of keys to values",
                           doc.location_at(1, 1))]
    return doc, []


def _syntax_finding(doc: Document, exc: yaml.MarkedYAMLError) -> Finding:
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else 1
    col = mark.column + 1 if mark else 1
    problem = exc.problem or "invalid YAML"
    if "maximum nesting depth" in problem:
        # PyYAML 6.0.4 refuses deep flow nesting in its scanner, before the composer would.
        return error("yaml.too-deep", f"nesting is deeper than {MAX_DEPTH} levels",
                     doc.location_at(line, col))
    src = doc.source_line(line) or ""
    if "\t" in src[: max(col, 1)] and ("cannot start any token" in problem or "tab" in problem):
        return error("yaml.tab-indent",
                     "tab character used for indentation; YAML indents with spaces only",
                     doc.location_at(line, col))
    context = f" {exc.context}" if exc.context else ""
    if exc.context_mark and exc.problem_mark and exc.context_mark.line != exc.problem_mark.line:
        context += f" started at line {exc.context_mark.line + 1}"
    return error("yaml.syntax", f"invalid YAML: {problem}{context}", doc.location_at(line, col))


_SKIPPED = (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent)
_ENDS = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _mark(ev: Any) -> Mark:
    return Mark(ev.start_mark.line + 1, ev.start_mark.column + 1)


def _events(text: str) -> Iterator[Any]:
    # The parser's own method, one call an event (yaml.parse makes two and a generator's).
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    return iter(loader.get_event, None)


class _Undecided(Exception):
    """The first reading met what only the full composer judges."""


_NO_KEY = object()


def _read_data(text: str) -> Any:
    """Compose the data alone, as the full composer would, or raise :class:`_Undecided` (or
    the parser's error, or ValueError for a number too long) for anything but plain
    mappings, lists and scalars well inside the limits, and for an empty document."""
    # Names bound here are the quickest to reach: this loop runs once an event.
    scalar, mapping, sequence = yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent
    ends, no_key, may_not_be_text = _ENDS, _NO_KEY, _MAY_NOT_BE_TEXT
    stack: list[Any] = []
    node: Any = None  # the mapping or list being filled
    key: Any = no_key  # the key waiting for its value in that mapping
    root: Any = None
    documents = collections = 0
    for ev in _events(text):
        kind = type(ev)
        if kind is scalar:
            if ev.anchor is not None or ev.tag is not None:
                raise _Undecided
            value = ev.value
            if ev.implicit[0] and (not value or value[0] in may_not_be_text):
                # A count or a die is the commonest of these: read without a call.
                value = int(value) if value.isdigit() and value.isascii() else plain_value(value)
            if key is not no_key:
                node[key], key = value, no_key
            elif type(node) is dict:
                if value is None or type(value) is float or type(value) is bool:
                    value = ev.value  # the key as written, as the full composer keeps it
                if value in node:
                    raise _Undecided
                key = value
            elif node is not None:
                node.append(value)
            else:
                root = value
        elif kind is mapping or kind is sequence:
            collections += 1
            if (ev.anchor is not None or ev.tag is not None or len(stack) >= MAX_DEPTH
                    or collections > MAX_NODES):
                raise _Undecided
            opened: Any = {} if kind is mapping else []
            if key is not no_key:
                node[key], key = opened, no_key
            elif type(node) is dict:
                raise _Undecided  # a mapping or list as a key
            elif node is not None:
                node.append(opened)
            else:
                root = opened
            stack.append(opened)
            node = opened
        elif kind in ends:
            stack.pop()
            node = stack[-1] if stack else None
        elif kind is yaml.AliasEvent:
            raise _Undecided
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _Undecided
    if root is None:
        raise _Undecided
    return root


@dataclass
class _Open:
    """A mapping or sequence still being composed."""

    value: dict[Any, Any] | list[Any]
    path: PathKey
    anchor: str | None
    size: int = 1
    is_mapping: bool = False
    pending_key: Any = None
    pending_key_mark: Mark | None = None
    has_key: bool = False
    key_lines: dict[Any, int] = field(default_factory=dict)


class _Composer:
    def __init__(self, doc: Document, marks: Marks) -> None:
        self.doc = doc
        self.values, self.keys = marks.values, marks.keys
        self.anchors: dict[str, tuple[Any, int]] = {}
        self.open_anchors: set[str] = set()
        self.total = 0

    @staticmethod
    def _tag_name(tag: str) -> str:
        return "!!" + tag[len(_CORE_TAG):] if tag.startswith(_CORE_TAG) else tag

    def fail(self, code: str, message: str, mark: Mark, path: PathKey = ()) -> LoadError:
        return LoadError(error(code, message, self.doc.location_at(mark.line, mark.col, path)))

    def compose(self) -> Any:
        stack: list[_Open] = []
        root: Any = None
        documents = 0
        for ev in _events(self.doc.text):
            kind = type(ev)  # one lookup a step: the stream is long, the kinds few
            if kind in _SKIPPED:
                continue
            if kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise self.fail("yaml.multiple-documents",
                                    "expected one YAML document, found a second one ('---')",
                                    _mark(ev))
                continue
            if kind in _ENDS:
                done = stack.pop()
                if done.anchor:
                    self.anchors[done.anchor] = (done.value, done.size)
                    self.open_anchors.discard(done.anchor)
                if stack:
                    stack[-1].size += done.size
                continue
            # A new value: scalar, alias, or the start of a collection.
            parent = stack[-1] if stack else None
            if parent is not None and parent.is_mapping and not parent.has_key:
                self._take_key(parent, ev)
                continue
            path, mark = self._child_path(parent), _mark(ev)
            if kind is yaml.ScalarEvent:
                value, size = self._scalar(ev, mark, path), 1
                if ev.anchor:
                    self.anchors[ev.anchor] = (value, 1)
            elif kind is yaml.AliasEvent:
                value, size = self._alias(ev, mark, path)
            else:
                if len(stack) >= MAX_DEPTH:
                    raise self.fail("yaml.too-deep",
                                    f"nesting is deeper than {MAX_DEPTH} levels", mark, path)
                self._check_tag(ev, mark, path)
                is_mapping = kind is yaml.MappingStartEvent
                container: dict[Any, Any] | list[Any] = {} if is_mapping else []
                self.values[path] = mark
                self._count(1, mark, path)
                self._attach(parent, container, path)
                if ev.anchor:
                    self.open_anchors.add(ev.anchor)
                stack.append(_Open(container, path, ev.anchor, is_mapping=is_mapping))
                if parent is None:
                    root = container
                continue
            self.values[path] = mark
            self._attach(parent, value, path)
            if parent is None:
                root = value
            else:
                parent.size += size
        return root

    def _child_path(self, parent: _Open | None) -> PathKey:
        if parent is None:
            return ()
        if parent.is_mapping:
            return (*parent.path, parent.pending_key)
        return (*parent.path, len(parent.value))

    def _attach(self, parent: _Open | None, value: Any, path: PathKey) -> None:
        if parent is None:
            return
        container = parent.value
        if isinstance(container, dict):
            container[parent.pending_key] = value
            parent.has_key = False
        else:
            container.append(value)

    def _take_key(self, parent: _Open, ev: Any) -> None:
        mark = _mark(ev)
        if not isinstance(ev, yaml.ScalarEvent):
            raise self.fail("yaml.complex-key",
                            "mapping keys must be plain text, found a list, mapping or alias",
                            mark, parent.path)
        key = self._scalar(ev, mark, parent.path)
        if isinstance(key, float) or key is None or isinstance(key, bool):
            key = ev.value
        if key in parent.key_lines:
            raise self.fail("yaml.duplicate-key",
                            f"key {key!r} appears twice in this mapping "
                            f"(first at line {parent.key_lines[key]})",
                            mark, (*parent.path, key))
        parent.key_lines[key] = mark.line
        parent.pending_key, parent.pending_key_mark, parent.has_key = key, mark, True
        self.keys[(*parent.path, key)] = mark

    def _alias(self, ev: Any, mark: Mark, path: PathKey) -> tuple[Any, int]:
        if ev.anchor in self.open_anchors:
            raise self.fail("yaml.recursive-alias",
                            f"alias *{ev.anchor} refers to a value that contains itself",
                            mark, path)
        if ev.anchor not in self.anchors:
            raise self.fail("yaml.unknown-alias", f"alias *{ev.anchor} has no anchor &{ev.anchor}"
                            " before it", mark, path)
        value, size = self.anchors[ev.anchor]
        self._count(size, mark, path)
        return value, size

    def _count(self, size: int, mark: Mark, path: PathKey) -> None:
        self.total += size
        if self.total > MAX_NODES:
            raise self.fail("yaml.too-large",
                            f"document expands to more than {MAX_NODES} values "
                            "(aliases repeat their anchor's whole value)", mark, path)

    def _check_tag(self, ev: Any, mark: Mark, path: PathKey) -> None:
        tag = ev.tag
        allowed = {None, "!", _CORE_TAG + "map", _CORE_TAG + "seq"}
        if tag not in allowed:
            raise self.fail("yaml.unsupported-tag",
                            f"tag {self._tag_name(tag)} is not supported; content is plain YAML",
                            mark, path)

    def _scalar(self, ev: Any, mark: Mark, path: PathKey) -> Any:
        if not isinstance(ev, yaml.ScalarEvent):  # pragma: no cover - guarded by caller
            raise self.fail("yaml.syntax", "expected a value", mark, path)
        tag, text = ev.tag, ev.value
        plain = ev.implicit[0]
        if tag in (None, "!") and not plain:
            return text
        if tag in (None, "!"):
            return self._resolve(text, mark, path)
        short = tag[len(_CORE_TAG):] if tag.startswith(_CORE_TAG) else None
        if short == "str":
            return text
        if short in ("int", "float", "bool", "null"):
            value = self._resolve(text, mark, path)
            matches = {
                "int": isinstance(value, int) and not isinstance(value, bool),
                "float": isinstance(value, (int, float)) and not isinstance(value, bool),
                "bool": isinstance(value, bool),
                "null": value is None,
            }[short]
            if matches and short == "float":
                try:
                    return float(value)
                except OverflowError:
                    raise self.fail("yaml.number-too-large",
                                    f"number has {len(text)} digits; that is too large for a "
                                    "!!float", mark, path) from None
            if matches:
                return value
            raise self.fail("yaml.bad-tagged-value", f"!!{short} value {text!r} is not a {short}",
                            mark, path)
        raise self.fail("yaml.unsupported-tag",
                        f"tag {self._tag_name(tag)} is not supported; content is plain YAML",
                            mark, path)

    def _resolve(self, text: str, mark: Mark, path: PathKey) -> Any:
        if text and text[0] not in _MAY_NOT_BE_TEXT:
            return text  # most scalars are words: no pattern can match them
        try:
            return plain_value(text)
        except ValueError:
            raise self.fail("yaml.number-too-large",
                            f"number has {len(text)} digits; that is too many to read",
                            mark, path) from None


def plain_value(text: str) -> Any:
    """Return what a plain scalar is in the YAML 1.2 core schema: None, a boolean, a number
    or the text itself; raise ValueError for an integer with too many digits to read."""
    if text.isdigit() and text.isascii():
        return int(text)  # the commonest after words: a count, a die
    if _NULL.match(text):
        return None
    if _BOOL.match(text):
        return text.lower() == "true"
    if _INT10.match(text):
        return int(text, 10)
    if _INT8.match(text):
        return int(text[2:], 8)
    if _INT16.match(text):
        return int(text[2:], 16)
    if _FLOAT.match(text):
        return float(text)
    if _INF.match(text):
        return float("-inf") if text.startswith("-") else float("inf")
    if _NAN.match(text):
        return float("nan")
    return text
