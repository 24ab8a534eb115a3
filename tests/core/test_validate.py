"""Validation findings: one per mistake, at the value, with what was expected and found."""

from __future__ import annotations

from typing import Annotated

import pytest
from pydantic import Field

from pnpcompiler.core.loader import load_text
from pnpcompiler.core.model import Model
from pnpcompiler.core.validate import validate_document


class _Aircraft(Model):
    aircraft: Annotated[int, Field(ge=1, le=10)] | list[Annotated[int, Field(ge=1, le=10)]]


@pytest.mark.parametrize(("text", "found"), [
    ("aircraft: 11\n", [("aircraft", "expected a number <= 10, found the integer 11")]),
    ("aircraft: [1, 12]\n", [("aircraft[1]", "expected a number <= 10, found the integer 12")]),
    ("aircraft: x\n", [("aircraft", "expected an integer or a list, found text 'x'")]),
    ("aircraft: {a: 1}\n", [("aircraft", "expected an integer or a list, found a mapping")]),
])
def test_a_value_wrong_for_every_alternative_is_one_finding(text: str,
                                                            found: list[tuple[str, str]]) -> None:
    """A number out of bounds for "a number or a list of them" is wrong for that reason alone,
    not also for not being a list."""
    doc, _ = load_text(text, "t.yaml")
    _, findings = validate_document(doc, _Aircraft)
    assert [(f.location.path if f.location else "", f.message) for f in findings] == found


class _Plan(Model):
    dice: Annotated[list[int], Field(min_length=2, max_length=2)]
    name: Annotated[str, Field(min_length=1, max_length=4)] = "a"


@pytest.mark.parametrize(("text", "found"), [
    ("dice: [6, 4, 2]\n", ("dice", "expected a list of at most 2 items, found 3 items")),
    ("dice: [6]\n", ("dice", "expected a list of at least 2 items, found 1 item")),
    ("dice: [6, 4]\nname: ''\n", ("name", "expected text of at least 1 character, found text ''")),
    ("dice: [6, 4]\nname: abcdef\n",
     ("name", "expected text of at most 4 characters, found text 'abcdef'")),
])
def test_a_list_or_text_of_the_wrong_length_says_expected_and_found(
        text: str, found: tuple[str, str]) -> None:
    """A length finding says what length was expected and what was found, in the user's words
    rather than the validation library's."""
    doc, _ = load_text(text, "t.yaml")
    _, findings = validate_document(doc, _Plan)
    assert [(f.location.path if f.location else "", f.message) for f in findings] == [found]


class _Leg(Model):
    weather: int
    miles: float = 0.0
    boxes: list[int] = Field(default_factory=list)
    names: dict[int, str] = Field(default_factory=dict)


@pytest.mark.parametrize(("text", "found"), [
    ("weather: true\n", ("weather", "expected an integer, found true")),
    ("weather: '12'\n", ("weather", "expected an integer, found text '12'")),
    ("weather: 3.0\n", ("weather", "expected an integer, found the number 3.0")),
    ("weather: 1\nmiles: false\n", ("miles", "expected a number, found false")),
    ("weather: 1\nboxes: [1, true]\n", ("boxes[1]", "expected an integer, found true")),
])
def test_a_number_is_written_as_a_number(text: str, found: tuple[str, str]) -> None:
    """``true`` is not 1, nor the text '12' the number 12, for an integer (pydantic would
    read them so): a player's ``weather: true`` is a mistake to report, not a 1."""
    doc, _ = load_text(text, "t.yaml")
    model, findings = validate_document(doc, _Leg)
    assert model is None
    assert [(f.location.path if f.location else "", f.message) for f in findings] == [found]


def test_a_float_takes_an_integer_and_a_mapping_key_its_text() -> None:
    """An integer is a number for a float; a mapping's integer key may come back as text
    (JSON has only text keys: an export is read back)."""
    doc, _ = load_text("weather: 2\nmiles: 250\nnames: {'1': n}\n", "t.yaml")
    model, findings = validate_document(doc, _Leg)
    assert not findings and model is not None
    assert model.miles == 250.0 and model.names == {1: "n"}
