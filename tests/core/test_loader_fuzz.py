"""No input of any kind makes the loader or a validator raise: it gives findings and 1 or 2.

Fuzz targets (``make fuzz`` runs PNP_FUZZ_EXAMPLES cases of each): the loader; the generic
component kinds (the golden base game); the Rushing Tin and Air Cargo content, each file
damaged in turn and the whole game validated through the project's loading path.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import event, given
from hypothesis import strategies as st

from pnpcompiler.content import project
from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.core import hexgrid
from pnpcompiler.core.findings import Finding, exit_code, render_json, render_text
from pnpcompiler.core.loader import load_bytes, load_text
from pnpcompiler.games.air_cargo import legs, map_checks
from pnpcompiler.games.rushing_tin.movement import Movement
from tests.fuzz_cases import (
    GARBAGE,
    Vocabulary,
    damage,
    dump,
    edit_text,
    fuzz,
    garbage,
    parse,
    values,
)
from tests.paths import CONTENT_BASE, REPO

# -- the loader -----------------------------------------------------------------------------

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
                    st.text(max_size=20))
keys = st.one_of(st.sampled_from(["kind", "component", "id", "cards", "copies", "size",
                                  "tiles", "hexes", "q", "r", "sections", "title", "count",
                                  "players", "bill_of_materials", "deck", "tiles", "sheet"]),
                 st.text(max_size=8))
documents = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=5)), max_leaves=25)

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


generated_yaml = st.builds(_dumped, documents, st.sampled_from([None, True, False]),
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


def _located(findings: Sequence[Finding], file: str | None = None) -> None:
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


@fuzz(200)
@given(source=LOADER_INPUT)
def test_loader_never_raises(source: str | bytes) -> None:
    """Bytes, text, generated YAML, syntax soup, deep nesting, alias bombs, huge numbers:
    plain data and no findings, or findings that say where."""
    doc, findings = (load_bytes(source, "x.yaml") if isinstance(source, bytes)
                     else load_text(source, "x.yaml"))
    _located(findings, "x.yaml")
    assert exit_code(findings) in (0, 1, 2)
    if not findings:
        assert _plain(doc.data)
        assert () in doc.values


def test_tagged_float_too_large_for_a_float() -> None:
    """Found by fuzzing: ``!!float`` on an integer beyond a float's range."""
    _doc, findings = load_text("n: !!float 1" + "0" * 400 + "\n", "x.yaml")
    assert [f.code for f in findings] == ["yaml.number-too-large"]
    _located(findings, "x.yaml")


# -- validators: games copied once, one file damaged per case ---------------------------------


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
        self.read_once: _FilesReadOnce | None = None

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


def _validated(game: GameCopy, rel: str, raw: bytes) -> None:
    """Validate, then assert exit code 0-2, and that every finding is located."""
    loaded, findings = game.validate(rel, raw)
    code = exit_code(findings)
    event(f"exit code {code}")
    assert code in (0, 1, 2)
    if code == 0:
        assert loaded is not None
    _located(findings)


@pytest.fixture(scope="module")
def generic_game(tmp_path_factory: pytest.TempPathFactory) -> GameCopy:
    return GameCopy(CONTENT_BASE, tmp_path_factory.mktemp("fuzz-generic"))


@fuzz(100)
@given(data=st.data())
def test_generic_content_never_crashes_the_validator(generic_game: GameCopy,
                                                     data: st.DataObject) -> None:
    """The golden base game (every generic kind) with one file damaged or replaced by any
    YAML document."""
    if data.draw(st.booleans(), label="any document"):
        rel = data.draw(st.sampled_from([*generic_game.files, "cards/extra.yaml"]))
        raw = yaml.safe_dump(data.draw(documents, label="document")).encode()
    else:
        rel, raw = generic_game.damaged(data)
    _validated(generic_game, rel, raw)


# What every case would compute again from unchanged input is remembered: the components of
# the files a case did not damage, and the pure functions the content checks call (a search
# over the sector map, exact distances). Each case computes only what its damage changed.


class _FilesReadOnce:
    """``load_component`` that reads each registered file once while it is undamaged."""

    def __init__(self) -> None:
        self.load_component = project.load_component
        self.undamaged: set[Path] = set()
        self.components: dict[tuple[Path, tuple[Any, ...]], Any] = {}

    def __call__(self, path: Path, kinds: dict[str, Any]) -> Any:
        if path not in self.undamaged:
            return self.load_component(path, kinds)
        key = (path, tuple(sorted(kinds.items(), key=lambda kind: kind[0])))
        if key not in self.components:
            self.components[key] = self.load_component(path, kinds)
        return self.components[key]


def _remembered(compute: Callable[..., Any], key: Callable[..., Any]) -> Callable[..., Any]:
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


@pytest.fixture(scope="module")
def files_read_once() -> Iterator[_FilesReadOnce]:
    read_once = _FilesReadOnce()
    search = _remembered(Movement.fewest_moves_to,
                         lambda movement, start, goals, limit=60: (
                             movement.air, start, tuple(goals), limit))
    polygon = _remembered(hexgrid.polygon,
                          lambda layout, hexes: (layout, tuple(tuple(h) for h in hexes)))
    within = lru_cache(maxsize=1 << 16)(legs.within_exactly)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(project, "load_component", read_once)
        patch.setattr(Movement, "fewest_moves_to",
                      lambda *args: dict(search(*args)))
        patch.setattr(hexgrid, "polygon", lambda layout, hexes: polygon(layout, list(hexes)))
        patch.setattr(legs, "within_exactly", within)
        patch.setattr(map_checks, "within_exactly", within)
        yield read_once


def _game_fixture(slug: str) -> Callable[..., GameCopy]:
    @pytest.fixture(scope="module")
    def fixture(tmp_path_factory: pytest.TempPathFactory,
                files_read_once: _FilesReadOnce) -> GameCopy:
        game = GameCopy(REPO / "content" / slug, tmp_path_factory.mktemp(f"fuzz-{slug}"))
        game.read_once = files_read_once
        files_read_once.undamaged.update(game.game / rel for rel in game.files)
        loaded, findings = load_game(game.content, slug)
        assert loaded is not None and exit_code(findings) == 0, findings
        return game

    return fixture


rushing_tin = _game_fixture("rushing-tin")
air_cargo = _game_fixture("air-cargo")


@fuzz(60)
@given(data=st.data())
def test_rushing_tin_content_never_crashes_the_validator(rushing_tin: GameCopy,
                                                         data: st.DataObject) -> None:
    """The real Rushing Tin content with one file damaged: the game's own checks (map
    geometry, schedules, cards) give findings, never a traceback."""
    _validated(rushing_tin, *rushing_tin.damaged(data))


@fuzz(60)
@given(data=st.data())
def test_air_cargo_content_never_crashes_the_validator(air_cargo: GameCopy,
                                                       data: st.DataObject) -> None:
    """The real Air Cargo content with one file damaged: map, legs, tables and pilot logs."""
    _validated(air_cargo, *air_cargo.damaged(data))

