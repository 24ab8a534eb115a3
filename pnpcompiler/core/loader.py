"""Read YAML safely into plain data that remembers the line and column of every key and value.

The composer works on the parser's event stream with an explicit stack, so it never builds
Python objects from tags, never recurses (deep nesting is refused, not a crash), refuses alias
bombs by counting the expanded size, and reports duplicate keys. Scalars follow the YAML 1.2
core schema: ``2:45`` stays the string ``"2:45"`` (not 165), ``no`` stays ``"no"``, dates stay
strings.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

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
class Document:
    """One YAML file: its data, and where each key and value came from."""

    file: str
    text: str
    data: Any = None
    #: path -> mark of the value at that path
    values: dict[PathKey, Mark] = field(default_factory=dict)
    #: path -> mark of the key that introduced that path (mappings only)
    keys: dict[PathKey, Mark] = field(default_factory=dict)
    schema_comment: str | None = None
    #: path -> where a value read from another file came from (a spreadsheet's cells and
    #: rows spliced into the document, ``content.tables``)
    elsewhere: dict[PathKey, Location] = field(default_factory=dict)
    _lines: list[str] | None = field(default=None, repr=False, compare=False)

    def source_line(self, line: int) -> str | None:
        """Return the text of a 1-based line, if it exists."""
        if self._lines is None:
            # Split once: a referee looks up many lines of one record.
            self._lines = self.text.splitlines()
        lines = self._lines
        return lines[line - 1] if 0 < line <= len(lines) else None

    def locate(self, path: PathKey = (), *, key: bool = False) -> Location:
        """Return the location of ``path``, falling back to its nearest existing parent."""
        probe = tuple(path)
        while True:
            other = self.elsewhere.get(probe) if self.elsewhere else None
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


def load_file(path: Path, display: str) -> tuple[Document, list[Finding]]:
    """Read and compose a YAML file. Never raises for bad input: problems become findings."""
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
    return load_bytes(raw, display)


def load_bytes(raw: bytes, display: str) -> tuple[Document, list[Finding]]:
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
    return load_text(text, display)


def load_text(text: str, display: str) -> tuple[Document, list[Finding]]:
    """Compose YAML from text (see :func:`load_file`)."""
    doc = Document(display, text)
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    match = _SCHEMA_COMMENT.match(first.strip())
    if match:
        doc.schema_comment = match.group(1)
    try:
        doc.data = _Composer(doc).compose()
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
    if doc.data is None and not doc.values:
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
    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return iter(yaml.parse(text, Loader=loader_cls))


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
    def __init__(self, doc: Document) -> None:
        self.doc = doc
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
                self.doc.values[path] = mark
                self._count(1, mark, path)
                self._attach(parent, container, path)
                if ev.anchor:
                    self.open_anchors.add(ev.anchor)
                stack.append(_Open(container, path, ev.anchor, is_mapping=is_mapping))
                if parent is None:
                    root = container
                continue
            self.doc.values[path] = mark
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
        self.doc.keys[(*parent.path, key)] = mark

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
            return text  # most scalars are words: no pattern below can match them
        if _NULL.match(text):
            return None
        if _BOOL.match(text):
            return text.lower() == "true"
        try:
            if _INT10.match(text):
                return int(text, 10)
            if _INT8.match(text):
                return int(text[2:], 8)
            if _INT16.match(text):
                return int(text[2:], 16)
        except ValueError:
            raise self.fail("yaml.number-too-large",
                            f"number has {len(text)} digits; that is too many to read",
                            mark, path) from None
        if _FLOAT.match(text):
            return float(text)
        if _INF.match(text):
            return float("-inf") if text.startswith("-") else float("inf")
        if _NAN.match(text):
            return float("nan")
        return text
