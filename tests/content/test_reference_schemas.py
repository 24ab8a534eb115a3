"""Editor completion of every reference: the schemas `pnp schema` writes list, as enums, the ids
each reference may take (defined in other files), so a schema alone (what an editor's YAML
language server reads) flags a dangling reference in a content file or a record."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pnpcompiler.core.loader import load_file
from tests.paths import CONTENT, EXAMPLES, REPO

SCHEMA_LINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$", re.MULTILINE)


def _schema_of(path: Path) -> dict[str, Any]:
    """Return the committed schema a file's first line points at."""
    found = SCHEMA_LINE.search(path.read_text("utf-8").splitlines()[0])
    assert found, f"{path} has no yaml-language-server line"
    return dict(json.loads((path.parent / found.group(1)).read_text("utf-8")))


def _data(path: Path, text: str | None = None) -> Any:
    """Return a YAML file's data as pnp reads it (YAML 1.2 core: '2:45' is text)."""
    if text is not None:
        path = path.with_name(f"edited-{path.name}")
        path.write_text(text, "utf-8")
    doc, findings = load_file(path, str(path))
    assert not findings
    return doc.data


def _problems(schema: dict[str, Any], data: Any) -> list[str]:
    """Return each error as an editor shows it: the deepest place it concerns."""
    validator = jsonschema.Draft202012Validator(schema)
    found = []
    for error in validator.iter_errors(data):
        best = jsonschema.exceptions.best_match([error])
        found.append(f"{'/'.join(map(str, best.absolute_path))}: {best.message}")
    return found


SHIPPED = sorted([*CONTENT.glob("*/**/*.yaml"), *EXAMPLES.glob("*/*.yaml")])


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_shipped_file_fits_the_schema_it_names(path: Path) -> None:
    text = path.read_text("utf-8")
    if not text.startswith("# yaml-language-server"):
        pytest.skip("names no schema")  # the rulebook's seed text, a manifest's own notes
    assert _problems(_schema_of(path), _data(path)) == []


def test_a_route_the_hand_off_cards_do_not_fly_is_flagged_in_a_sector_log(tmp_path: Path
                                                                          ) -> None:
    """A Sector Log row naming a route no hand-off card flies: the schema alone flags it."""
    source = CONTENT / "rushing-tin" / "sectors" / "rt001.yaml"
    schema = _schema_of(source)
    text = source.read_text("utf-8")
    row = re.search(r"flight: ([A-Z]{2}[0-9]{3})", text)
    assert row is not None
    copy = tmp_path / source.name
    right = _data(copy, text)
    wrong = _data(copy, text.replace(f"flight: {row.group(1)}", "flight: ZZ105", 1))
    assert _problems(schema, right) == []
    problems = _problems(schema, wrong)
    assert len(problems) == 1 and "'ZZ105' is not one of" in problems[0]


def test_a_card_back_and_a_template_that_do_not_exist_are_flagged(tmp_path: Path) -> None:
    source = CONTENT / "two-airport" / "cards" / "goals.yaml"
    schema = _schema_of(source)
    text = source.read_text("utf-8")
    copy = tmp_path / source.name
    data = _data(copy, text)
    assert _problems(schema, data) == []
    data["template"] = "two-airport/goal-frnt"
    data["cards"][0]["back"] = "no-such-back"
    problems = _problems(schema, data)
    assert len(problems) == 2
    assert any("'two-airport/goal-frnt' is not one of" in p for p in problems)
    assert any(p.startswith("cards/0/back") for p in problems)


def test_a_weather_counter_off_the_map_is_flagged_in_a_shift_log(tmp_path: Path) -> None:
    """A record with a wrong reference: a weather counter placed on a hex the map does not
    have."""
    source = EXAMPLES / "rushing-tin" / "shift-2atc.yaml"
    schema = _schema_of(source)
    text = source.read_text("utf-8")
    counter = re.search(r'counters:\n    - "(\d{4})"', text)
    assert counter is not None
    copy = tmp_path / source.name
    assert _problems(schema, _data(copy, text)) == []
    wrong = _data(copy, text.replace(f'- "{counter.group(1)}"', '- "9999"', 1))
    problems = _problems(schema, wrong)
    assert len(problems) == 1 and "'9999' is not one of" in problems[0]


def test_an_airport_the_map_does_not_have_is_flagged_in_a_pilot_log(tmp_path: Path) -> None:
    source = EXAMPLES / "air-cargo" / "pilot-log.yaml"
    schema = _schema_of(source)
    data = _data(tmp_path / source.name, source.read_text("utf-8"))
    assert _problems(schema, data) == []
    data["airports"]["visited"].append("Atlantis")
    problems = _problems(schema, data)
    assert len(problems) == 1 and "'Atlantis' is not one of" in problems[0]


def test_a_goal_card_the_deck_does_not_have_is_flagged_in_a_turns_record(tmp_path: Path
                                                                         ) -> None:
    source = EXAMPLES / "two-airport" / "two-players.yaml"
    schema = _schema_of(source)
    data = _data(tmp_path / source.name, source.read_text("utf-8"))
    assert _problems(schema, data) == []
    data["players"][0]["goal"] = "goal-99"
    problems = _problems(schema, data)
    assert len(problems) == 1 and "'goal-99' is not one of" in problems[0]


def test_an_open_reference_offers_its_values_without_insisting() -> None:
    """A Celebrity Jet takes a plane ID no cube has: plane IDs are suggestions, not an enum."""
    schema = json.loads((REPO / "schemas" / "rushing-tin" / "shift-record.schema.json")
                        .read_text("utf-8"))
    accept = schema["$defs"]["Accept"]["properties"]["plane"]
    assert accept["examples"] == list(range(1, 13)) and "enum" not in accept
    assert _problems(schema, {"game": "rushing-tin", "record": "shift", "atcs": [{"id": "PR"}],
                              "lead": "PR", "setup": {"pending": {}, "accept": [
                                  {"atc": "PR", "flight": "AA105", "plane": 13}]}}) == []
