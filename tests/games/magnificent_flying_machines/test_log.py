"""A record's model revised by the bots is the copy pydantic makes of it."""

from __future__ import annotations

from typing import Any

from pnpcompiler.core.loader import Document
from pnpcompiler.core.model import attach_source
from pnpcompiler.games.magnificent_flying_machines.referee.log import Phase, Turn, revised


def test_a_phase_or_turn_revised_is_its_model_copy() -> None:
    """A phase written with its dice and outcome, a turn with its phases: the same fields,
    the same fields given, the same source, the same record."""
    phase = Phase.model_validate({"action": "fly-on", "continues": True})
    turn = Turn.model_validate({"machine": "biplane", "fuel": 3})
    read = Phase.model_validate({"action": "landing"})
    attach_source(read, Document("race.yaml", "turns: []"), ("turns", 0, "phases", 0))
    cases: list[tuple[Any, dict[str, Any]]] = [
        (phase, {"dice": [1, 6], "outcome": "pass"}), (phase, {"continues": False}),
        (turn, {"phases": [phase, phase]}), (turn, {}), (read, {"outcome": "fail"})]
    for model, changes in cases:
        copied, made = model.model_copy(update=changes), revised(model, changes)
        assert type(made) is type(copied)
        assert made.__dict__ == copied.__dict__
        assert made.__pydantic_fields_set__ == copied.__pydantic_fields_set__
        assert made.__pydantic_private__ == copied.__pydantic_private__
        assert made.__pydantic_private__ is not model.__pydantic_private__ or \
            model.__pydantic_private__ is None
        assert made.model_dump(exclude_defaults=True) == copied.model_dump(exclude_defaults=True)
