"""The base model: each model validated from a document knows where it was read; a model made
any other way knows nowhere."""

from __future__ import annotations

import pickle
from typing import Any, Literal

from pnpcompiler.core.loader import load_text
from pnpcompiler.core.model import Model
from pnpcompiler.core.validate import validate_document


class _Leg(Model):
    to: str


class _Flight(Model):
    legs: list[_Leg]
    crew: dict[str, _Leg]


TEXT = "legs:\n  - to: LKV\n  - to: BAM\ncrew:\n  pilot: {to: DLN}\n"


def test_every_validated_model_knows_its_document_and_path() -> None:
    doc, _ = load_text(TEXT, "f.yaml")
    flight, found = validate_document(doc, _Flight)
    assert found == [] and flight is not None
    second, pilot = flight.legs[1], flight.crew["pilot"]
    assert (second._doc, second._path) == (doc, ("legs", 1))
    where = second.where("to")
    assert where is not None and (where.line, where.col, where.path) == (3, 9, "legs[1].to")
    pilot_at = pilot.where()
    assert pilot_at is not None and pilot_at.path == "crew.pilot"
    assert flight.source_file == "f.yaml"


def test_a_model_not_read_from_a_document_knows_nowhere() -> None:
    for leg in (_Leg(to="LKV"), _Leg.model_construct(to="LKV")):
        assert leg.where("to") is None
        assert (leg._doc, leg._path, leg.source_file) == (None, (), None)


def test_a_model_lent_a_place_and_a_copy_keep_their_source() -> None:
    doc, _ = load_text(TEXT, "f.yaml")
    flight, _ = validate_document(doc, _Flight)
    assert flight is not None
    made = _Leg(to="BAM")
    flight.lend_source(made, "legs", 1)
    copied = pickle.loads(pickle.dumps(flight.legs[0]))
    assert made._path == ("legs", 1) and made.where() == flight.legs[1].where()
    assert copied._path == ("legs", 0) and flight.legs[0].model_copy()._path == ("legs", 0)


def test_models_read_from_one_document_are_equal_as_before() -> None:
    doc, _ = load_text(TEXT, "f.yaml")
    one, _ = validate_document(doc, _Flight)
    two, _ = validate_document(doc, _Flight)
    assert one == two and one is not None and one.legs[0] != _Leg(to="LKV")


class _Everywhere(Model):
    kind: Literal["crew"]
    dice: list[int]
    pairs: tuple[_Leg, ...]
    maybe: _Leg | None
    either: int | _Leg
    named: dict[str, list[_Leg]]
    anything: Any


def test_a_model_is_found_under_any_kind_of_field() -> None:
    text = ("kind: crew\ndice: [1, 2]\npairs: [{to: A}, {to: B}]\nmaybe: {to: C}\n"
            "either: {to: D}\nnamed: {x: [{to: E}]}\nanything: {to: F}\n")
    doc, _ = load_text(text, "c.yaml")
    crew, found = validate_document(doc, _Everywhere)
    assert found == [] and crew is not None
    assert isinstance(crew.either, _Leg) and crew.maybe is not None
    assert [leg._path for leg in (*crew.pairs, crew.maybe, crew.either, *crew.named["x"])] == [
        ("pairs", 0), ("pairs", 1), ("maybe",), ("either",), ("named", "x", 0)]
    assert crew.anything == {"to": "F"}
