"""A deck's cards or a tile set's tiles read from a spreadsheet (CSV or XLSX) its YAML names.

    kind: deck
    component: route-cards
    template: my-game/card-front
    cards: {from: cards.csv}           # or {from: cards.xlsx, sheet: Routes}

The first row names the columns. A column named after an item's own key (``id``, ``name``,
``copies``, ``back``...) fills that key; a dotted name fills the path it spells
(``fields.body``, ``back.fields.title``); any other name is one of the item's fields (a card's
``fields``, a tile's ``front.fields``). An empty cell leaves its key out. The rows are spliced
into the document before it is validated, each cell remembering where it came from, so a
finding in a row points at its cell: ``cards.csv:12:C`` as a YAML finding points at its line
and column.
"""

from __future__ import annotations

import csv
import difflib
import io
import re
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.files import display_path
from ..core.findings import Finding, Location, error
from ..core.loader import Document, PathKey

SPREADSHEETS = (".csv", ".xlsx")
TABLE_KEYS = ("from", "sheet")
TEXT_KEYS = frozenset({"id", "name", "notes", "template", "back", "component", "source"})
"""An item's keys whose cells are always text (``007`` stays ``007``)."""
_INT = re.compile(r"[-+]?\d+")
_FLOAT = re.compile(r"[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?")


@dataclass(frozen=True)
class Cell:
    """One non-empty cell: its value as read and where it is."""

    value: Any
    at: Location


@dataclass(frozen=True)
class Row:
    """One row of data under the header: its cells by column index, and where it starts."""

    cells: dict[int, Cell]
    at: Location


@dataclass(frozen=True)
class Table:
    """A spreadsheet's header (each column's name and where it is) and rows."""

    header: list[Cell]
    rows: list[Row]


class TableError(Exception):
    """The spreadsheet cannot be read; the finding says where and why."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


def column_name(index: int) -> str:
    """Return a spreadsheet's name for a 0-based column index (0 -> A, 26 -> AA)."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def splice_tables(doc: Document, model: type[Any], source: Path, game_dir: Path
                  ) -> list[Finding]:
    """Replace each item list the document gives as ``{from: FILE}`` by the file's rows;
    return the findings of reading them (the rows themselves are validated with the rest).
    ``source`` is the YAML file; a spreadsheet it names lies next to it, inside ``game_dir``."""
    data = doc.data
    if not isinstance(data, dict):
        return []
    findings: list[Finding] = []
    for key, item_model in item_lists(model):
        spec = data.get(key)
        if not (isinstance(spec, dict) and "from" in spec):
            continue
        found = _spec_findings(doc, key, spec)
        if found:
            findings += found
            continue
        path = _resolve(doc, key, spec["from"], source.parent, game_dir)
        if isinstance(path, Finding):
            findings.append(path)
            continue
        try:
            table = read_table(path, spec.get("sheet"))
        except TableError as exc:
            findings.append(exc.finding)
            continue
        columns, found = _columns(table.header, item_model)
        findings += found
        if found:
            continue
        data[key] = [_item(doc, (key, i), row, columns) for i, row in enumerate(table.rows)]
    return findings


def item_lists(model: type[Any]) -> Iterator[tuple[str, type[Any]]]:
    """Yield each field of ``model`` that is a list of items, with the items' model."""
    from .components.base import Item

    for name, info in getattr(model, "model_fields", {}).items():
        if typing.get_origin(info.annotation) is not list:
            continue
        (arg,) = typing.get_args(info.annotation) or (None,)
        if isinstance(arg, typing.TypeVar):
            arg = arg.__bound__
        if isinstance(arg, type) and issubclass(arg, Item):
            yield name, arg


def _spec_findings(doc: Document, key: str, spec: dict[str, Any]) -> list[Finding]:
    """Return what is wrong with a ``{from: FILE, sheet: NAME}`` mapping."""
    findings = []
    for extra in sorted(set(spec) - set(TABLE_KEYS), key=str):
        close = difflib.get_close_matches(str(extra), TABLE_KEYS, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        findings.append(error("schema.unknown-key", f"unknown key {extra!r}{hint}; a table "
                              f"of items takes {', '.join(TABLE_KEYS)}",
                              doc.locate((key, extra), key=True)))
    source = spec["from"]
    if not isinstance(source, str) or Path(source).suffix.lower() not in SPREADSHEETS:
        findings.append(error("table.not-a-spreadsheet", f"expected a .csv or .xlsx file, "
                              f"found {source!r}", doc.locate((key, "from"))))
    sheet = spec.get("sheet")
    if sheet is not None and not isinstance(sheet, str):
        findings.append(error("schema.wrong-type", f"expected the sheet's name, found {sheet!r}",
                              doc.locate((key, "sheet"))))
    return findings


def _resolve(doc: Document, key: str, source: str, folder: Path, game_dir: Path
             ) -> Path | Finding:
    """Return the spreadsheet's path, in ``folder`` (the YAML's) and inside the game."""
    path = (folder / source).resolve()
    if not path.is_relative_to(game_dir.resolve()):
        return error("table.outside-game", f"{source!r} is outside the game's folder "
                     f"{display_path(game_dir)}", doc.locate((key, "from")))
    if not path.is_file():
        return error("table.missing-file", f"no file {source!r} next to {doc.file}",
                     doc.locate((key, "from")))
    return path


def read_table(path: Path, sheet: str | None = None) -> Table:
    """Read a CSV or XLSX file's header and rows of non-empty cells."""
    if path.suffix.lower() == ".xlsx":
        return _read_xlsx(path, sheet)
    return _read_csv(path)


def _read_csv(path: Path) -> Table:
    """Read a CSV file (UTF-8, a byte order mark allowed), each cell at its line and column."""
    shown = display_path(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TableError(error("table.encoding", f"not UTF-8 text: byte {exc.start} cannot "
                               "be read (save the sheet as CSV UTF-8)",
                               Location(shown))) from None
    lines = text.splitlines()
    reader = csv.reader(io.StringIO(text, newline=""))
    records: list[Row] = []
    first = 1
    try:
        for record in reader:
            line = lines[first - 1] if first <= len(lines) else ""
            starts = _cell_starts(line)
            cells = {}
            for i, value in enumerate(record):
                if value.strip() == "":
                    continue
                col = starts[i] + 1 if i < len(starts) else 1
                cells[i] = Cell(value.strip(), Location(shown, first, col, "", line,
                                                        column_name(i)))
            if cells:
                records.append(Row(cells, Location(shown, first, 1, "", line, "A")))
            first = reader.line_num + 1
    except csv.Error as exc:
        raise TableError(error("table.syntax", f"cannot read the CSV: {exc}",
                               Location(shown, reader.line_num or 1, 1))) from None
    return _split_header(records, shown)


def _cell_starts(line: str) -> list[int]:
    """Return where each comma-separated cell of a CSV line starts (quotes respected)."""
    starts, quoted = [0], False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "," and not quoted:
            starts.append(i + 1)
    return starts


def _read_xlsx(path: Path, sheet: str | None) -> Table:
    """Read one sheet of an XLSX workbook (its first unless named), cells by row and column."""
    import zipfile

    from openpyxl import load_workbook

    shown = display_path(path)
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
        raise TableError(error("table.syntax", f"cannot read the workbook: {exc}",
                               Location(shown))) from None
    try:
        if sheet is not None and sheet not in book.sheetnames:
            close = difflib.get_close_matches(sheet, book.sheetnames, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise TableError(error("table.no-sheet", f"no sheet {sheet!r}{hint}; the workbook "
                                   f"has {', '.join(book.sheetnames)}", Location(shown)))
        ws = book[sheet] if sheet is not None else book.worksheets[0]
        records = []
        for number, values in enumerate(ws.iter_rows(values_only=True), start=1):
            cells = {i: Cell(_xlsx_value(v), Location(shown, number, i + 1, "", None,
                                                      column_name(i)))
                     for i, v in enumerate(values)
                     if v is not None and not (isinstance(v, str) and not v.strip())}
            if cells:
                records.append(Row(cells, Location(shown, number, 1, "", None, "A")))
    finally:
        book.close()
    return _split_header(records, shown)


def _xlsx_value(value: Any) -> Any:
    """Return a workbook cell's value as content takes it (dates as ISO text)."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool | int | float):
        return int(value) if isinstance(value, float) and value.is_integer() else value
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def _split_header(records: list[Row], shown: str) -> Table:
    """Return the first row as the header and the others as data."""
    if not records:
        raise TableError(error("table.empty", "the table is empty: its first row names the "
                               "columns (id, then the fields)", Location(shown)))
    head = records[0]
    header = [head.cells.get(i, Cell("", Location(shown, head.at.line, 1, "", head.at.source_line,
                                                  column_name(i))))
              for i in range(max(head.cells) + 1)]
    return Table(header, records[1:])


Column = tuple[str, ...]
"""The path a column fills in an item (``("fields", "body")``); empty for a column in error."""


def _columns(header: list[Cell], item_model: type[Any]) -> tuple[list[Column], list[Finding]]:
    """Return the path each column fills in an item, and what is wrong with the header."""
    own = list(item_model.model_fields)
    fields_path: Column = ("fields",) if "fields" in own else ("front", "fields")
    paths: list[Column] = []
    findings = []
    seen: dict[Column, Cell] = {}
    for cell in header:
        name = str(cell.value)
        if not name:
            findings.append(error("table.unnamed-column", f"column {cell.at.column} has data "
                                  "but no name in the first row", cell.at))
            paths.append(())
            continue
        if "." in name:
            path: Column = tuple(name.split("."))
        elif name in own:
            path = (name,)
        else:
            close = difflib.get_close_matches(name, own, n=1, cutoff=0.8)
            if close:
                findings.append(error(
                    "table.unknown-column", f"unknown column {name!r} (did you mean "
                    f"{close[0]!r}?); write {'.'.join((*fields_path, name))!r} for a field of "
                    "that name", cell.at))
            path = (*fields_path, name)
        if path in seen:
            findings.append(error("table.duplicate-column", f"column {name!r} is also column "
                                  f"{seen[path].at.column}", cell.at))
        seen[path] = cell
        paths.append(path)
    return paths, findings


def _item(doc: Document, at: PathKey, row: Row, columns: list[Column]) -> dict[str, Any]:
    """Return one row as an item's mapping, recording where each of its values came from."""
    item: dict[str, Any] = {}
    doc.elsewhere[at] = row.at
    for i, cell in row.cells.items():
        path = columns[i] if i < len(columns) else ()
        if not path:
            path = (f"column {column_name(i)}",)  # data under no header: an unknown key
        target = item
        for depth, part in enumerate(path[:-1], start=1):
            target = target.setdefault(part, {})
            doc.elsewhere.setdefault((*at, *path[:depth]), row.at)
        target[path[-1]] = cell.value if path[-1] in TEXT_KEYS else _typed(cell.value)
        doc.elsewhere[(*at, *path)] = cell.at
    return item


def _typed(value: Any) -> Any:
    """Return a CSV cell's text as the YAML scalar it spells (``3`` a number, ``true`` a
    yes); a workbook's cells come typed already."""
    if not isinstance(value, str):
        return value
    if _INT.fullmatch(value):
        return int(value)
    if _FLOAT.fullmatch(value):
        return float(value)
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    return value
