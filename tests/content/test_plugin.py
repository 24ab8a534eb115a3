"""The plug-in API a game is written against: hooks keyed by the class they serve, counts of
kinds declared at registration, facts computed once and only on sound content."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal

import pytest

from pnpcompiler.content.components import Deck, HexMap, PointMap
from pnpcompiler.content.components.maps import Hex
from pnpcompiler.content.plugin import AT_LEAST_ONE, EXACTLY_ONE, Count, Rules
from pnpcompiler.content.project import GameContent, load_game
from pnpcompiler.core.findings import Finding, error
from pnpcompiler.layout.collect import boards_of, collect
from pnpcompiler.layout.hooks import BOARD
from pnpcompiler.layout.printables import Board
from tests.paths import CONTENT_BASE


class MyMap(HexMap[Hex]):
    kind: Literal["my-map"] = "my-map"  # type: ignore[assignment]


def _game(project: Callable[..., Path], rules_py: str = "") -> GameContent:
    """Load the golden base game with extra lines in its rules.py."""
    base = (CONTENT_BASE / "rules.py").read_text()
    game_dir = project({"rules.py": base + rules_py})
    game, findings = load_game(game_dir.parent, game_dir.name)
    assert game is not None, findings
    return game


def test_a_hook_serves_its_class_and_subclasses_without_their_own() -> None:
    """A hook given for a base class serves a subclass; the subclass's own hook comes first."""
    rules = Rules()

    @rules.on(BOARD, HexMap)
    def generic(game: GameContent, board: HexMap[Hex]) -> list[Board]:
        return []

    @rules.on(BOARD, MyMap)
    def mine(game: GameContent, board: MyMap) -> list[Board]:
        return []

    # Components without their fields: a hook is found by the class alone.
    plain = HexMap[Hex].model_construct(kind="hex-map")  # type: ignore[call-arg]
    assert rules.hook(BOARD, MyMap.model_construct()) is mine  # type: ignore[call-arg]
    assert rules.hook(BOARD, plain) is generic
    assert rules.hook(BOARD, Deck.model_construct()) is None  # type: ignore[call-arg]


def test_a_hook_given_twice_for_one_class_is_an_error() -> None:
    rules, other = Rules(), Rules()
    rules.on(BOARD, MyMap)(lambda game, board: [])
    with pytest.raises(ValueError, match="board is already given for MyMap"):
        rules.on(BOARD, MyMap)(lambda game, board: [])
    other.on(BOARD, MyMap)(lambda game, board: [])
    with pytest.raises(ValueError, match="board is given twice for MyMap"):
        rules.include(other)


def test_counts_read_as_the_rulebook_says() -> None:
    assert str(EXACTLY_ONE) == "exactly one"
    assert str(AT_LEAST_ONE) == "at least one"
    assert str(Count(2, 4)) == "2 to 4"
    assert EXACTLY_ONE.allows(1) and not EXACTLY_ONE.allows(0) and not EXACTLY_ONE.allows(2)
    assert AT_LEAST_ONE.allows(7) and not AT_LEAST_ONE.allows(0)


def test_a_kind_registered_with_a_count_is_counted(project: Callable[..., Path]) -> None:
    """``rules.kind(X, count=...)`` makes validation report too few or too many files."""
    game = _game(project, '''
from pnpcompiler.content.components import CardDeck, PlainPointMap
from pnpcompiler.content.plugin import AT_LEAST_ONE, Count
rules.kind(CardDeck, count=Count(2, 2))
rules.kind(PlainPointMap, count=AT_LEAST_ONE)
''')
    found = [f for f in game.findings_of(_count_check()) if f.code == "content.count"]
    assert [f.message for f in found] == ["expected exactly 2 deck file, found 1"]


def test_a_kind_whose_file_failed_is_not_counted(project: Callable[..., Path]) -> None:
    """One broken file gives its schema error, not a second finding that the kind is
    missing."""
    game_dir = project({"rules.py": '''
from pnpcompiler.content.components import CardDeck
from pnpcompiler.content.plugin import EXACTLY_ONE, Rules
rules = Rules()
rules.kind(CardDeck, count=EXACTLY_ONE)
''', "cards/deck.yaml": "kind: deck\ncards: 3\n"})
    _, findings = load_game(game_dir.parent, game_dir.name)
    assert not [f for f in findings if f.code == "content.count"]
    assert any(f.code.startswith("schema.") for f in findings)


def _count_check() -> Callable[[GameContent], Iterator[Finding]]:
    from pnpcompiler.content.checks import kinds_have_their_count

    return kinds_have_their_count


def test_a_fact_is_computed_once_and_only_on_sound_content(
        project: Callable[..., Path]) -> None:
    """A fact whose needed check finds an error is None, and is never computed; else it is
    computed once however often it is asked for."""
    game = _game(project)
    rules = Rules()
    calls: list[str] = []
    verdict: list[Finding] = []

    @rules.check
    def map_is_drawn(game: GameContent) -> Iterator[Finding]:
        yield from verdict

    @rules.fact("hex count", needs=(map_is_drawn,))
    def hex_count(game: GameContent) -> int:
        calls.append("hex count")
        return sum(len(m.hexes) for m in game.of_type(HexMap))

    count = game.fact(hex_count)
    assert count is not None and count > 0 and game.fact(hex_count) == count
    assert calls == ["hex count"]

    broken = _game(project)
    verdict.append(error("map.broken", "the map is broken", None))
    assert broken.fact(hex_count) is None
    assert calls == ["hex count"]


def test_a_fact_may_heed_only_some_errors_of_a_check(project: Callable[..., Path]) -> None:
    rules = Rules()

    @rules.check
    def points_are_sound(game: GameContent) -> Iterator[Finding]:
        yield error("point.misnamed", "a point's name is wrong", None)

    @rules.fact("points", needs=(points_are_sound,),
                only={points_are_sound: frozenset({"point.off-map"})})
    def points(game: GameContent) -> int:
        return len(game.of_type(PointMap))

    assert _game(project).fact(points) == 1


OWN_MAP = '''
from typing import Literal
from pnpcompiler.content.components import HexMap
from pnpcompiler.content.components.maps import Hex


@rules.kind
class OwnMap(HexMap[Hex]):
    kind: Literal["own-map"] = "own-map"
'''


def _own_map_game(project: Callable[..., Path]) -> GameContent:
    """Return a game whose rules module adds its own map kind, and whose board is of it."""
    written = _game(project, OWN_MAP)
    board_file = written.root / "maps" / "board.yaml"
    board_file.write_text(board_file.read_text().replace("kind: hex-map", "kind: own-map"))
    return written


def test_a_game_kind_extending_a_generic_map_prints_as_it(
        project: Callable[..., Path]) -> None:
    """A game's own map class with no board hook of its own prints as the generic hex map."""
    written = _own_map_game(project)
    game, findings = load_game(written.root.parent, written.slug)
    assert game is not None, findings
    (own,) = [c for c in game.components.values() if c.kind == "own-map"]
    assert [b.id for b in boards_of(game, own)] == ["board"]
    assert not [name for name, _ in collect(game).unprinted if "own-map" in name]


@pytest.mark.parametrize("broken", ["game.yaml", "rules.py"])
def test_a_broken_manifest_or_rules_module_is_the_one_error(project: Callable[..., Path],
                                                            broken: str) -> None:
    """Without the manifest or the rules module, the game's own kinds are unknown: the
    components of those kinds are not reported as of an unknown kind, one error per mistake."""
    game = _own_map_game(project)
    path = game.root / broken
    path.write_text(path.read_text() + ("\n  oops: [unclosed\n" if broken == "game.yaml"
                                        else "\ndef (:\n"))
    _, findings = load_game(game.root.parent, game.slug)
    assert [f.code for f in findings] == (["yaml.syntax"] if broken == "game.yaml"
                                          else ["plugin.load-failed"])
