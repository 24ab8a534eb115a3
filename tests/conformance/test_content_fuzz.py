"""No damage to a game's content makes its validator raise: it gives findings and 1 or 2.

A fuzz target per game (``make fuzz`` runs PNP_FUZZ_EXAMPLES cases of each): the game's real
content with one file damaged (its tree, its text, its bytes, or a new file written from its
words), the whole game validated through the project's loading path, its own checks
included.

What every case would compute again from unchanged input is remembered: the components of
the files a case did not damage, the hex grid's polygons, and whatever the game's own tests
name in tests/games/<game>/remembered.py (a ``remember(patch)`` that patches the pure
functions its checks call, such as a search over its map). Each case then computes only what
its damage changed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpcompiler.content import project
from pnpcompiler.content.project import load_game
from pnpcompiler.core import hexgrid
from pnpcompiler.core.findings import exit_code
from tests.conformance.games import GAMES
from tests.fuzz_cases import FilesReadOnce, GameCopy, fuzz, remembered
from tests.paths import CONTENT


def remember_the_games_own(game: str, patch: pytest.MonkeyPatch) -> None:
    """Let tests/games/<game>/remembered.py remember what the game's checks compute."""
    name = f"tests.games.{game.replace('-', '_')}.remembered"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name not in (name, name.rsplit(".", 1)[0]):
            raise
        return
    module.remember(patch)


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], GameCopy]]:
    """Return each game's copy, made and checked clean once, with its files read once."""
    read_once = FilesReadOnce()
    polygon = remembered(hexgrid.polygon,
                         lambda layout, hexes: (layout, tuple(tuple(h) for h in hexes)))
    made: dict[str, GameCopy] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(project, "load_component", read_once)
        patch.setattr(hexgrid, "polygon", lambda layout, hexes: polygon(layout, list(hexes)))

        def copy(game: str) -> GameCopy:
            if game not in made:
                remember_the_games_own(game, patch)
                made[game] = GameCopy(CONTENT / game, tmp_path_factory.mktemp(f"fuzz-{game}"))
                made[game].read_once = read_once
                read_once.undamaged.update(made[game].game / rel for rel in made[game].files)
                loaded, findings = load_game(made[game].content, game)
                assert loaded is not None and exit_code(findings) == 0, findings
            return made[game]

        yield copy


@pytest.mark.parametrize("game", GAMES)
@fuzz(60)
@given(data=st.data())
def test_damaged_content_never_crashes_the_validator(game: str,
                                                      copies: Callable[[str], GameCopy],
                                                      data: st.DataObject) -> None:
    """The real content with one file damaged: the game's own checks (a map's geometry,
    schedules, tables, cards) give findings, never a traceback."""
    content = copies(game)
    content.validated(*content.damaged(data))
