"""Golden content edits of every game: one edit to the real content and the exact report.

Each folder under tests/golden/<game>/ holds ``edit.yaml`` (a list of ``file``, ``replace``,
``with``: text edits to a copy of content/<game>/) and ``expected.txt``: the findings ``pnp
validate`` must report beyond the real content's own (its rulebook contradictions, Rushing
Tin's tight-schedule warnings), and the exit code. Run with ``--update-goldens`` to rewrite
them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conformance.content_edits import beyond, edited_copy, pristine_findings
from tests.conformance.games import GAMES, content_edits, each
from tests.paths import GOLDEN

CASES = each(content_edits, "{game} has no golden content edits (tests/golden/{game}/)",
             lambda case: case.name)


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], set[str]]:
    """Return the finding headers of a game's unedited content (each game checked once)."""
    found: dict[str, set[str]] = {}

    def of(game: str) -> set[str]:
        if game not in found:
            found[game] = pristine_findings(tmp_path_factory.mktemp(f"pristine-{game}"), game)
        return found[game]

    return of


@pytest.mark.parametrize(("game", "case"), CASES)
def test_content_edit_golden(game: str, case: Path, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch,
                             pnp: Callable[..., tuple[int, str]],
                             golden: Callable[[str, Path], None],
                             baseline: Callable[[str], set[str]]) -> None:
    edited_copy(case, tmp_path, game)
    monkeypatch.chdir(tmp_path)
    code, out = pnp("validate", game)
    report = f"{beyond(out, baseline(game))}exit: {code}\n"
    golden(report, case / "expected.txt")


def test_every_content_edit_is_of_a_game() -> None:
    """A case folder beside no game's content would never run."""
    collections = {p.parent.parent.name for p in GOLDEN.glob("*/*/edit.yaml")}
    assert collections <= set(GAMES), collections - set(GAMES)
