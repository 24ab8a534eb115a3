"""No content makes the validator of the generic kinds raise: it gives findings and 1 or 2.

A fuzz target (``make fuzz`` runs PNP_FUZZ_EXAMPLES cases): the golden base game (every
generic kind) with one file damaged, or replaced by any YAML document, and the whole game
validated through the project's loading path. Each game's own content is fuzzed by the
conformance suite (tests/conformance/test_content_fuzz.py).
"""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz_cases import DOCUMENTS, GameCopy, fuzz
from tests.paths import CONTENT_BASE


@pytest.fixture(scope="module")
def generic_game(tmp_path_factory: pytest.TempPathFactory) -> GameCopy:
    return GameCopy(CONTENT_BASE, tmp_path_factory.mktemp("fuzz-generic"))


@fuzz(100)
@given(data=st.data())
def test_generic_content_never_crashes_the_validator(generic_game: GameCopy,
                                                     data: st.DataObject) -> None:
    """The golden base game (every generic kind) with one file damaged or replaced by any
    YAML document."""
    if data.draw(st.booleans(), label="any document"):
        rel = data.draw(st.sampled_from([*generic_game.files, "cards/extra.yaml"]))
        raw = yaml.safe_dump(data.draw(DOCUMENTS, label="document")).encode()
    else:
        rel, raw = generic_game.damaged(data)
    generic_game.validated(rel, raw)
