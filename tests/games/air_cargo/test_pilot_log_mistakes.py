"""One mistake a player makes on the air-cargo Pilot Log, one finding.

Each test copies examples/air-cargo/pilot-log.yaml with one mistake made the way it is made
on paper (the score and rank at the bottom carry it when the player would have carried it)
and checks the one finding the referee gives: its code, rule and the box it points at.
"""

from __future__ import annotations

from pathlib import Path

from pnpcompiler.referee import AnyReport
from tests.mistakes import found, with_edits
from tests.paths import EXAMPLES

EXAMPLE = EXAMPLES / "air-cargo" / "pilot-log.yaml"


def with_mistake(tmp_path: Path, *edits: tuple[str, str]) -> AnyReport:
    """Referee the example with each ``(old, new)`` text replaced (each old text once)."""
    return with_edits(EXAMPLE, tmp_path, *edits)


def test_winning_the_game_a_rank_that_follows_a_wrong_score_is_one_finding(
        tmp_path: Path) -> None:
    """The score added up to 44 and the rank read for 44 (Silver Wing): the sum is the
    mistake, the rank only follows it."""
    report = with_mistake(tmp_path, ("score: 45 ", "score: 44 "),
                          ("rank: Gold Wing pilot", "rank: Silver Wing pilot"))
    assert found(report) == [("score.points", "Score", "score")]


def test_winning_the_game_a_rank_misread_for_the_score_is_still_found(tmp_path: Path) -> None:
    report = with_mistake(tmp_path, ("rank: Gold Wing pilot", "rank: Silver Wing pilot"))
    assert found(report) == [("score.rank", "Winning the game", "rank")]


def test_prepare_flight_a_cargo_circled_without_its_tick_is_one_finding(tmp_path: Path) -> None:
    """The 1 delivered written as a 5, which no box ticks: the score the referee would count
    from the boxes rests on that box, so it is not judged (the scoreboard says so)."""
    report = with_mistake(tmp_path, ("2, 4, 1]    #", "2, 4, 5]    #"))
    assert found(report) == [("cargo.not-planned", "Prepare flight", "cargo.delivered[8]")]
    assert str(report.scores["pilot"]["claim"]).startswith("unchecked: ")


def test_prepare_flight_a_cargo_not_circled_is_one_finding(tmp_path: Path) -> None:
    report = with_mistake(tmp_path, ("2, 4, 1]    #", "2, 4]    #"))
    assert found(report) == [("flight.cargo-count", "Prepare flight", "cargo.delivered")]


def test_destination_planning_an_airport_ticked_twice_is_one_finding(tmp_path: Path) -> None:
    """52 written twice among the ticks for 52 and 53."""
    report = with_mistake(tmp_path, ("62, 65, 53]", "62, 65, 52]"))
    assert found(report) == [("airport.planned-twice", "Destination planning",
                              "airports.planned[9]")]


def test_winning_the_game_a_rank_wrong_for_the_score_claimed_is_found_when_the_score_is_open(
        tmp_path: Path) -> None:
    """A box found wrong leaves the score open, but a rank the claimed score does not reach
    is still a finding."""
    report = with_mistake(tmp_path, ("2, 4, 1]    #", "2, 4, 5]    #"),
                          ("rank: Gold Wing pilot", "rank: Silver Wing pilot"))
    assert found(report) == [("cargo.not-planned", "Prepare flight", "cargo.delivered[8]"),
                             ("score.rank", "Winning the game", "rank")]


def test_destination_planning_an_airport_id_misread_is_one_finding(tmp_path: Path) -> None:
    """56 ticked as 57, which is no airport: Salerno (56), crossed out, is then the airport
    that box stands for, not a second finding."""
    report = with_mistake(tmp_path, ("46, 56, 43, 62, 65, 53]", "46, 57, 43, 62, 65, 53]"))
    assert found(report) == [("airport.unknown", "Destination planning", "airports.planned[5]")]


def test_cargo_planning_a_weight_with_no_box_is_one_finding(tmp_path: Path) -> None:
    """The 4 ticked as a 10 (no such box): the 4 circled is that box, not a second finding."""
    report = with_mistake(tmp_path, ("8, 2, 1, 4]", "8, 2, 1, 10]"))
    assert found(report) == [("cargo.no-box", "Cargo planning", "cargo.planned[9]")]


def test_prepare_flight_a_misspelt_airport_crossed_out_is_one_finding(
        tmp_path: Path) -> None:
    """Los Angeles crossed out as 'Los Angles': still a flight (a cargo is circled for it), and
    the route that names it is not a second finding."""
    report = with_mistake(tmp_path, ("[52, 61, 44, 46, 56, 51, 43, 62, 65]       #",
                                     "[52, 61, 44, Los Angles, 56, 51, 43, 62, 65]       #"))
    assert found(report) == [("airport.unknown", "Prepare flight", "airports.visited[3]")]


def test_prepare_flight_an_airport_flown_but_not_crossed_out_is_one_finding(
        tmp_path: Path) -> None:
    """La Junta (65) not crossed out, though the route flies it and its cargo is circled: the
    crossing out is the odd one, and it is named there."""
    report = with_mistake(tmp_path, ("43, 62, 65]       #", "43, 62]       #"))
    assert found(report) == [("flight.cargo-count", "Prepare flight", "airports.visited")]
    assert "La Junta (65)" in report.findings[0].message


def test_prepare_flight_an_airport_crossed_out_but_never_flown_is_one_finding(
        tmp_path: Path) -> None:
    """Crawford (53) crossed out, though no route flies it and no cargo is circled for it."""
    report = with_mistake(tmp_path, ("43, 62, 65]       #", "43, 62, 65, 53]       #"))
    assert found(report) == [("flight.cargo-count", "Prepare flight", "airports.visited[9]")]
    assert "Crawford (53)" in report.findings[0].message


def test_end_game_a_crash_counted_as_a_gold_wing_is_one_finding(tmp_path: Path) -> None:
    """The game ended in a crash, yet its score and rank were counted: the rank is the error
    (End game: the game is lost), and the score claimed beside it is not a second finding."""
    report = with_mistake(tmp_path, ("end: stop ", "end: crash "))
    assert found(report) == [("score.rank", "End game", "rank")]
    assert report.findings[0].severity.value == "error"


def test_prepare_flight_pendleton_crossed_out_as_a_destination_is_one_finding(
        tmp_path: Path) -> None:
    """Pendleton crossed out among the airports visited: it is where the game starts, never a
    destination (Prepare flight: select a valid destination), not a planning mistake."""
    report = with_mistake(tmp_path, ("visited: [52,", "visited: [Pendleton, 52,"))
    assert found(report) == [("airport.unknown", "Prepare flight", "airports.visited[0]")]
