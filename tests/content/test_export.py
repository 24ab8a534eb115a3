"""Export is stable: export -> load -> export gives the same JSON (the golden base game here;
every game of content/ in tests/conformance/test_export.py)."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpcompiler.content.export import export_game, import_game, to_json
from pnpcompiler.content.project import load_game


def roundtrip(content: Path, slug: str) -> None:
    """Assert that the game's export, imported, exports the same JSON."""
    game, findings = load_game(content, slug)
    assert game is not None, findings
    first = to_json(export_game(game))
    again, findings = import_game(export_game(game), game.rules)
    assert again is not None and not [f for f in findings if f.severity.value == "error"]
    assert to_json(export_game(again)) == first


def test_golden_base_round_trips(project) -> None:  # type: ignore[no-untyped-def]
    game_dir = project()
    roundtrip(game_dir.parent, "golden")


def test_exported_components_are_valid_content(project) -> None:  # type: ignore[no-untyped-def]
    """Each exported component, written back as a YAML file, loads to the same export."""
    game_dir = project()
    game, _ = load_game(game_dir.parent, "golden")
    assert game is not None
    exported = export_game(game)
    for rel, body in exported["components"].items():
        (game_dir / rel).write_text(yaml.safe_dump(body, sort_keys=True))
    again, findings = load_game(game_dir.parent, "golden")
    assert again is not None and findings == []
    assert to_json(export_game(again)) == to_json(exported)


def test_export_is_byte_stable(project) -> None:  # type: ignore[no-untyped-def]
    game_dir = project()
    one = to_json(export_game(load_game(game_dir.parent, "golden")[0]))  # type: ignore[arg-type]
    two = to_json(export_game(load_game(game_dir.parent, "golden")[0]))  # type: ignore[arg-type]
    assert one == two


KEYS = st.one_of(st.text(max_size=6), st.integers(), st.floats(), st.booleans(), st.none())
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(),
                    st.text(st.characters(exclude_categories=["Cs"]), max_size=12))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.lists(inner, max_size=3).map(tuple),
    # Keys of one kind in a mapping, as sorting them needs (json's own rule too).
    KEYS.flatmap(lambda key: st.dictionaries(st.from_type(type(key)) if key is not None
                                             else st.none(), inner, max_size=4))),
                      max_leaves=25)


@settings(max_examples=300, deadline=None)
@given(values)
def test_export_json_is_what_json_dumps_writes(value: object) -> None:
    assert to_json(value) == json.dumps(value, indent=2, sort_keys=True,  # type: ignore[arg-type]
                                        ensure_ascii=False) + "\n"
