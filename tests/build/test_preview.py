"""What the preview page shows of a game (``build/preview/view.py``) and how the server maps a
saved file to its game, on a copy of the sampler."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pnpcompiler.build.options import BuildOptions, Project
from pnpcompiler.build.pipeline import Build
from pnpcompiler.build.preview.server import Preview
from pnpcompiler.build.preview.view import Drawings, GameView, look, view_json
from tests.paths import SAMPLER

DECK = Path("content/sampler/cards/deck.yaml")


@pytest.fixture
def sampler(tmp_path: Path) -> Path:
    """A copy of the sampler project (the working folder)."""
    shutil.copytree(SAMPLER, tmp_path, dirs_exist_ok=True)
    return tmp_path


def looker(root: Path) -> Callable[[GameView | None], GameView]:
    """Return a function laying the sampler out as the preview does, sharing its drawings."""
    drawings = Drawings()

    def again(last: GameView | None) -> GameView:
        build = Build(Project(root / "content", (root / "templates",), root / "out"),
                      BuildOptions())
        return look(build, "sampler", drawings, last)

    return again


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def card(view: GameView, key: str) -> Any:
    return next(c for c in view.cards() if c.key == key)


def test_every_component_shows_with_shared_backs_once(sampler: Path) -> None:
    view = looker(sampler)(None)
    kinds = {family.component: family.kind for family in view.families}
    assert kinds == {"cards": "cards", "counters": "counters", "markers": "counters",
                     "board": "board", "chart": "board", "log": "form"}
    keys = [c.key for c in view.cards() if c.key.startswith("cards/")]
    assert keys.count("cards/back/plain") == 1 and keys.count("cards/back/emblem") == 1
    assert len(keys) == 8 + 2
    assert "Move one space." in card(view, "cards/card-ace").text
    assert view.changed == ()


def test_a_finding_shows_beside_the_card_its_line_defines(sampler: Path) -> None:
    again = looker(sampler)
    first = again(None)
    edit(sampler / DECK, "{id: card-two, name: Two,", "{id: card-two, name: Two, copies: -4,")
    broken = again(first)
    by_card, loose = broken.placed_findings()
    assert [f.location.line for f in by_card["cards/card-two"] if f.location] == [15]
    assert "cards/card-ace" not in by_card
    assert any(f.code == "rulebook.contradiction" for f in loose)  # game.yaml: no card
    # The last good drawing stays, every card of it marked so.
    assert [c.svg for c in broken.cards()] == [c.svg for c in first.cards()]
    assert all(c.stale for c in broken.cards())
    page = view_json(broken)
    assert page["errors"]
    shown = next(c for f in page["families"] for c in f["cards"] if c["id"] == "card-two")
    assert shown["findings"][0]["where"].startswith(f"{DECK.as_posix()}:15:")


def test_a_card_whose_template_fails_keeps_its_last_drawing(sampler: Path) -> None:
    again = looker(sampler)
    first = again(None)
    template = sampler / "templates/sampler/card-front.yaml"
    edit(template, 'text: "{{ fields.body }}"', 'text: "{{ fields.body | nosuchfilter }}"')
    broken = again(first)
    assert broken.findings
    ace = card(broken, "cards/card-ace")
    assert ace.stale and ace.svg == card(first, "cards/card-ace").svg
    assert not card(broken, "counters/counter-red").stale


def test_only_the_edited_card_is_resolved_and_highlighted(sampler: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from pnpcompiler.build import faces
    from pnpcompiler.layout import templates

    again = looker(sampler)
    first = again(None)
    resolved: list[str] = []
    real = templates.resolve  # what faces calls

    def counting(*args: Any, **kwargs: Any) -> Any:
        resolved.append(args[5])  # the item's id
        return real(*args, **kwargs)

    monkeypatch.setattr(faces, "resolve", counting)
    edit(sampler / DECK, "Move one space.", "Leap over the storm.")
    after = again(first)
    assert "card-ace" in resolved
    assert set(resolved) <= {"card-ace", "plain"}  # its back is resolved with its fields
    assert after.changed == ("cards/card-ace",)
    assert "Leap over the storm." in card(after, "cards/card-ace").text
    assert card(after, "cards/card-two").svg == card(first, "cards/card-two").svg


def test_a_saved_file_concerns_its_own_game_and_a_shared_template_all(sampler: Path) -> None:
    preview = Preview(Project(sampler / "content", (sampler / "templates",), sampler / "out"),
                      ["sampler", "other"])
    assert preview.games_of([sampler / DECK]) == ["sampler"]
    assert preview.games_of([sampler / "templates/sampler/card-front.yaml"]) == ["sampler"]
    assert preview.games_of([sampler / "templates/icons.yaml"]) == ["sampler", "other"]
    assert preview.games_of([sampler / "content/README.md"]) == []
