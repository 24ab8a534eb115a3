"""One mistake made on a copy of an example record gives one finding (Now Boarding)."""

from __future__ import annotations

from pathlib import Path

from tests.mistakes import found, with_edits
from tests.paths import EXAMPLES

THREE_PLAYERS = EXAMPLES / "now-boarding" / "three-players.yaml"

P3_ROUND_2 = """    - player: P3
      draws:
      - {airport: A, tile: purple-b3}
"""


def test_1_1_a_misspelt_player_in_a_departure_is_one_finding(tmp_path: Path) -> None:
    report = with_edits(THREE_PLAYERS, tmp_path, (P3_ROUND_2, P3_ROUND_2.replace("P3", "P33")))
    # Judged as the Departure of the player the round lacks, not dropped.
    assert found(report) == [("record.player", "1.1", "days[0].rounds[1].departure[2].player")]
    assert "did you mean 'P3'?" in report.findings[0].message


def test_5_1_paying_short_is_one_finding(tmp_path: Path) -> None:
    report = with_edits(THREE_PLAYERS, tmp_path, (
        "paid: [purple-b2, purple-b6]", "paid: [purple-b2]"))
    # The passenger left face up is not also a day ending with an item still affordable (6.4).
    assert [f[:2] for f in found(report)] == [("pay.short", "5.1")]


def test_5_1_paying_with_a_passenger_not_in_the_pile_is_one_finding(tmp_path: Path) -> None:
    report = with_edits(THREE_PLAYERS, tmp_path, (
        "paid: [purple-b2, purple-b6]", "paid: [purple-b2, orange-b6]"))
    assert [f[:2] for f in found(report)] == [("pay.face-up", "5.1")]


def test_3_1_a_misspelt_tile_drawn_is_one_finding(tmp_path: Path) -> None:
    report = with_edits(THREE_PLAYERS, tmp_path, (P3_ROUND_2, P3_ROUND_2.replace(
        "purple-b3", "purple-bb3")))
    # Judged as the nearest tile in the supply: not also a Lost claim for it later (4.8).
    assert found(report) == [
        ("draw.supply", "3.1", "days[0].rounds[1].departure[2].draws[0].tile")]


def test_1_1_a_misspelt_player_in_an_arrival_is_one_finding(tmp_path: Path) -> None:
    arrival = "    - player: P3\n      gates: [jet-orange]\n      deboard:\n      - {tile: blue-a5"
    report = with_edits(THREE_PLAYERS, tmp_path, (arrival, arrival.replace("P3", "P33")))
    # Judged as the Arrival of the player the round has not heard from, not as no Arrival.
    assert found(report) == [("record.player", "1.1", "days[0].rounds[0].arrival[2].player")]
    assert "did you mean 'P3'?" in report.findings[0].message


def test_1_1_a_misspelt_player_in_a_purchase_is_one_finding(tmp_path: Path) -> None:
    report = with_edits(THREE_PLAYERS, tmp_path, (
        "    - player: P1\n      buy:\n      - {item: concession, at: A}\n",
        "    - player: P11\n      buy:\n      - {item: concession, at: A}\n"))
    assert [f[:2] for f in found(report)] == [("record.player", "1.1")]
    assert "did you mean 'P1'?" in report.findings[0].message
