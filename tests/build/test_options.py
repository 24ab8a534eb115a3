"""Build options: typed once, checked once, with the messages ``pnp build`` prints."""

from __future__ import annotations

import pytest

from pnpcompiler.build.options import (
    BuildOptions,
    Duplex,
    OptionError,
    Paper,
    parse_back_offset,
    parse_duplex,
    parse_papers,
)
from pnpcompiler.layout.impose import PAPERS


def test_every_paper_has_a_size_and_every_size_a_paper() -> None:
    assert {paper.value for paper in Paper} == set(PAPERS)


def test_options_read_from_text_are_enums() -> None:
    options = BuildOptions(papers=parse_papers(["letter", "a4", "letter"]),
                           duplex=parse_duplex("fold"), back_offset=parse_back_offset("0.5,-1"))
    assert options.papers == (Paper.LETTER, Paper.A4)  # each once, in the order asked
    assert options.duplex is Duplex.FOLD and options.back_offset == (0.5, -1.0)
    assert parse_papers([]) == (Paper.A4,)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: parse_papers(["a5"]), "--paper must be one of a4, letter, a3, not 'a5'"),
    (lambda: parse_duplex("sideways"), "--duplex must be long, short or fold, not 'sideways'"),
    (lambda: parse_back_offset("1"), "--back-offset takes X,Y in mm (e.g. 0.5,-1), not '1'"),
    (lambda: BuildOptions(bleed=10.5), "--bleed must be between 0 and 10 mm, not 10.5"),
    (lambda: BuildOptions(bleed=float("nan")), "--bleed must be between 0 and 10 mm, not nan"),
    (lambda: BuildOptions(png_dpi=5), "--png takes a resolution between 36 and 1200 dpi, not 5"),
    (lambda: BuildOptions(papers=()), "--paper: name at least one paper"),
])
def test_an_option_out_of_range_names_itself(make: object, message: str) -> None:
    with pytest.raises(OptionError) as raised:
        make()  # type: ignore[operator]
    assert str(raised.value) == message


def test_the_build_key_follows_what_shapes_the_kit_not_where_pieces_come_from() -> None:
    base = BuildOptions()
    assert BuildOptions(cache=False).key() == base.key()
    for other in (BuildOptions(papers=(Paper.LETTER,)), BuildOptions(bleed=2.0),
                  BuildOptions(duplex=Duplex.SHORT), BuildOptions(strict=True),
                  BuildOptions(png_dpi=150), BuildOptions(svg=False),
                  BuildOptions(only=("wind-counters",))):
        assert other.key() != base.key(), other
