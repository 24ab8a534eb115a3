"""No input of any kind makes the loader or validator raise: it gives findings and 1 or 2."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpcompiler.findings import exit_code
from pnpcompiler.loader import load_bytes
from pnpcompiler.project import load_game

from .conftest import CONTENT_BASE

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
                    st.text(max_size=20))
keys = st.one_of(st.sampled_from(["kind", "component", "id", "cards", "copies", "size",
                                  "tiles", "hexes", "q", "r", "sections", "title", "count",
                                  "players", "bill_of_materials", "deck", "tiles", "sheet"]),
                 st.text(max_size=8))
documents = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=5)), max_leaves=25)

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


def _game(tmp: Path) -> Path:
    game = tmp / "content" / "fuzz"
    if not game.exists():
        shutil.copytree(CONTENT_BASE, game)
    return game


def _check(tmp: Path, rel: str, raw: bytes) -> None:
    game = _game(tmp)
    original = (CONTENT_BASE / rel).read_bytes() if (CONTENT_BASE / rel).exists() else None
    (game / rel).write_bytes(raw)
    try:
        loaded, findings = load_game(game.parent, "fuzz")
        code = exit_code(findings)
        assert code in (0, 1, 2)
        if code == 0:
            assert loaded is not None
        for finding in findings:
            assert finding.location is not None and finding.code and finding.message
    finally:
        if original is not None:
            (game / rel).write_bytes(original)


@FUZZ
@given(doc=documents)
def test_any_yaml_document_as_a_component(tmp_path_factory, doc: object) -> None:  # type: ignore[no-untyped-def]
    tmp = tmp_path_factory.getbasetemp() / "fuzz-component"
    _check(tmp, "cards/deck.yaml", yaml.safe_dump(doc).encode())


@FUZZ
@given(doc=documents)
def test_any_yaml_document_as_a_manifest(tmp_path_factory, doc: object) -> None:  # type: ignore[no-untyped-def]
    tmp = tmp_path_factory.getbasetemp() / "fuzz-manifest"
    _check(tmp, "game.yaml", yaml.safe_dump(doc).encode())


@FUZZ
@given(raw=st.binary(max_size=300))
def test_any_bytes_as_a_component(tmp_path_factory, raw: bytes) -> None:  # type: ignore[no-untyped-def]
    tmp = tmp_path_factory.getbasetemp() / "fuzz-bytes"
    _check(tmp, "cards/deck.yaml", raw)


@FUZZ
@given(raw=st.binary(max_size=300))
def test_any_bytes_to_the_loader(raw: bytes) -> None:
    _doc, findings = load_bytes(raw, "x.yaml")
    assert all(f.location is not None for f in findings)


@FUZZ
@given(data=st.data())
def test_mutated_valid_content(tmp_path_factory, data: st.DataObject) -> None:  # type: ignore[no-untyped-def]
    """Valid files with a few characters deleted, duplicated or replaced."""
    rel = data.draw(st.sampled_from(["cards/deck.yaml", "tiles/counters.yaml", "game.yaml",
                                     "maps/chart.yaml", "sheets/log.yaml"]))
    raw = bytearray((CONTENT_BASE / rel).read_bytes())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        action = data.draw(st.sampled_from(["delete", "duplicate", "replace"]))
        if action == "delete":
            del raw[at]
        elif action == "duplicate":
            raw.insert(at, raw[at])
        else:
            raw[at] = data.draw(st.sampled_from(b" \t:-[]{}&*!|>'\"#\n0aZ\xff"))
    tmp = tmp_path_factory.getbasetemp() / "fuzz-mutate"
    _check(tmp, rel, bytes(raw))


RUSHING_TIN = Path(__file__).resolve().parent.parent / "content" / "rushing-tin"
RT_FILES = sorted(p.relative_to(RUSHING_TIN).as_posix() for p in RUSHING_TIN.rglob("*.yaml"))


def _paths(node: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:8]):
            out += _paths(v, (*prefix, i))
    return out


@settings(max_examples=int(os.environ.get("PNP_FUZZ_EXAMPLES", "30")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_rushing_tin_with_one_value_replaced(tmp_path_factory, data: st.DataObject) -> None:  # type: ignore[no-untyped-def]
    """The real Rushing Tin content with any one value swapped for any YAML value: the game's
    own checks (map geometry, schedules, cards) give findings, never a traceback."""
    rel = data.draw(st.sampled_from(RT_FILES))
    tree = yaml.safe_load((RUSHING_TIN / rel).read_text(encoding="utf-8"))
    path = data.draw(st.sampled_from(_paths(tree)[1:]))
    value = data.draw(st.one_of(documents, st.integers(-10**6, 10**6),
                                st.lists(st.integers(-50, 50), min_size=2, max_size=2)))
    node = tree
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    root = tmp_path_factory.mktemp("rt-fuzz")
    game = root / "content" / "rushing-tin"
    shutil.copytree(RUSHING_TIN, game)
    (game / rel).write_text(yaml.safe_dump(tree, sort_keys=False), encoding="utf-8")
    _, findings = load_game(root / "content", "rushing-tin")
    assert exit_code(findings) in (0, 1, 2)
    for finding in findings:
        assert finding.location is not None and finding.code and finding.message
