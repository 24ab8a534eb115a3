"""No traceback, whatever the record's header: the referee answers every input with rulings.

A fuzz target (``make fuzz`` runs PNP_FUZZ_EXAMPLES cases): a header naming any game of
content/ or none, any kind of record or one no game reads, with a body made of the words of
every example record, or no YAML at all. Each game's own kinds of record are fuzzed by the
conformance suite (tests/conformance/test_record_fuzz.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pnpcompiler.content.project import find_games
from tests.fuzz_cases import GARBAGE, Vocabulary, dump, fuzz, parse, refereed, values
from tests.paths import CONTENT, EXAMPLES

LOADED: dict[str, Any] = {}
"""Games loaded once for every record of the run."""

RECORDS = [parse(path.read_text(encoding="utf-8")) for path in sorted(EXAMPLES.glob("*/*.yaml"))]
GAMES = [*find_games(CONTENT), "chess", "", "../content"]
KINDS = sorted({record["record"] for record in RECORDS} | {"nope"})
ANY_KEYS = ["atcs", "lead", "setup", "turns", "end", "rows", "sector", "seed", "events",
            "cargo", "airports", "route", "x"]
WORDS = values(Vocabulary(RECORDS))


@fuzz(50)
@given(game=st.sampled_from(GAMES), record=st.sampled_from(KINDS),
       body=st.dictionaries(st.sampled_from(ANY_KEYS), WORDS, max_size=6),
       raw=st.one_of(st.none(), GARBAGE))
def test_records_of_any_header_never_crash(tmp_path: Path, game: str, record: str,
                                           body: dict[str, Any], raw: bytes | None) -> None:
    """A header naming any game and any kind of record, with any body, or no YAML at all."""
    refereed(tmp_path, raw if raw is not None else
             dump({"game": game, "record": record, **body}).encode(), CONTENT, LOADED)
