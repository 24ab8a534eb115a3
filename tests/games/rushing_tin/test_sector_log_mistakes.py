"""One mistake a player makes at the table on the rushing-tin Sector Log, one finding.

Each test copies examples/rushing-tin/sector-log-2atc.yaml with one mistake made the way it is
made on paper (the claims at the bottom carry it when the player would have carried it) and
checks the one finding the referee gives: its code, rule and the cell it points at.
"""

from __future__ import annotations

from pathlib import Path

from pnpcompiler.referee import AnyReport
from tests.mistakes import found, with_edits
from tests.paths import EXAMPLES

EXAMPLE = EXAMPLES / "rushing-tin" / "sector-log-2atc.yaml"


def with_mistake(tmp_path: Path, *edits: tuple[str, str]) -> AnyReport:
    """Referee the example with each ``(old, new)`` text replaced (each old text once)."""
    return with_edits(EXAMPLE, tmp_path, *edits)


def test_1_42_a_wrong_payment_carried_into_the_totals_is_one_finding(tmp_path: Path) -> None:
    """AA105's bonus misread from its card (600 for 550) and added into PR's bonuses and
    cash as paid: the payment is the mistake, the totals only carry it."""
    report = with_mistake(tmp_path, ("paid: 550}", "paid: 600}"),
                          ("    cash: 370", "    cash: 420"),
                          ("bonuses: 2220", "bonuses: 2270"))
    assert found(report) == [("bonus.paid", "1.42", "rows[0].paid")]
    assert report.scores["PR"]["cash"] == 370


def test_schedules_a_late_flight_paid_and_carried_is_one_finding(tmp_path: Path) -> None:
    """AA204 took 1:30 on a 1:15 schedule and was paid all the same; JS's totals count it."""
    report = with_mistake(tmp_path, ("start: 9:45, finish: 10:45", "start: 9:45, finish: 11:15"))
    assert found(report) == [("bonus.late", "SCHEDULES", "rows[1].paid")]


def test_1_42_a_payment_that_changes_the_winner_is_one_finding(tmp_path: Path) -> None:
    """PR paid himself 5,000 more on TJ103 and named himself the winner on those figures."""
    report = with_mistake(tmp_path, ("paid: 400}\n  - {flight: TJ206", "paid: 5400}\n  - "
                                     "{flight: TJ206"),
                          ("    cash: 370", "    cash: 5370"),
                          ("bonuses: 2220", "bonuses: 7220"), ("winner: JS", "winner: PR"))
    assert found(report) == [("bonus.paid", "1.42", "rows[9].paid")]
    assert report.winner == "JS"


def test_1_90_a_time_off_the_track_is_one_finding(tmp_path: Path) -> None:
    """TJ305's finish written 13:03 for 13:30: the row cannot be placed in time, so PR's money
    is not checked, which the scoreboard says rather than a second finding; nor is JS's, whose
    TJ212 is paid by TJ's status cards, which TJ305 could have changed."""
    report = with_mistake(tmp_path, ("finish: 13:30", "finish: 13:03"))
    assert found(report) == [("time.off-track", "1.90", "rows[11].finish")]
    assert report.scores["PR"]["claim"] == "unchecked: row TJ305 could not be read"
    assert report.scores["JS"]["claim"] == ("unchecked: TJ212's payment hangs on TJ's status "
                                            "cards, left open as row TJ305 could not be read")


def test_1_01_a_row_copied_twice_is_one_finding(tmp_path: Path) -> None:
    """CA104's row written twice, word for word: the copy adds nothing, so JS's money is
    still checked."""
    row = ("  - {flight: CA104, ctr: JS, id: 2, start: 9:15, finish: 11:30, w: 0, p: 0, d: 0, "
           "cm: 1, paid: 500}\n")
    report = with_mistake(tmp_path, (row, row + row))
    assert found(report) == [("row.flight-twice", "1.01", "rows[7].flight")]
    assert "claim" not in report.scores["JS"]


def test_1_90_a_row_off_the_track_leaves_its_airline_open(tmp_path: Path) -> None:
    """TJ103 started 8:05: unread, its perfect hand-off cannot make PR Key Controller with TJ,
    so TJ305's +50 is not judged either."""
    report = with_mistake(tmp_path, ("start: 8:00, finish: 9:45", "start: 8:05, finish: 9:45"))
    assert found(report) == [("time.off-track", "1.90", "rows[9].start")]


def test_1_90_a_row_off_the_track_leaves_the_other_atcs_cards_open(tmp_path: Path) -> None:
    """CA104 finished 11:35: unread, JS's perfect hand-off cannot take CA's Key Controller
    card from PR, so PR's claim of no CA card is not judged."""
    report = with_mistake(tmp_path, ("finish: 11:30, w: 0, p: 0", "finish: 11:35, w: 0, p: 0"))
    assert found(report) == [("time.off-track", "1.90", "rows[6].finish")]
    assert str(report.scores["PR"]["claim"]).startswith("unchecked: CA302's payment hangs on "
                                                        "CA's status cards")


def test_sector_log_a_misspelt_ctr_is_one_finding(tmp_path: Path) -> None:
    """AA105's CTR written RP: whose flight it was is not on the sheet, so no ATC's money is
    checked, rather than PR's found 550 short."""
    report = with_mistake(tmp_path, ("{flight: AA105, ctr: PR", "{flight: AA105, ctr: RP"))
    assert found(report) == [("row.unknown-atc", "SECTOR LOG", "rows[0].ctr")]
    assert report.scores["JS"]["claim"] == report.scores["PR"]["claim"]


def test_sector_log_p_and_paid_without_a_finish_is_one_finding(tmp_path: Path) -> None:
    """AA204's finish left out, its P and payment written: it is not known to have been
    handed off, so JS's money is not checked against it."""
    report = with_mistake(tmp_path, ("start: 9:45, finish: 10:45, ", "start: 9:45, "))
    assert found(report) == [("row.not-finished", "SECTOR LOG", "rows[1].p")]


def test_12_06_d_and_the_deals_listed_disagreeing_is_one_finding(tmp_path: Path) -> None:
    """RA102's deal written major with D 1: minor (as D says) or major (as listed), the
    fines, the black listing and what follows are open, not each a finding."""
    report = with_mistake(tmp_path, ("deals: [{kind: minor", "deals: [{kind: major"))
    assert found(report) == [("row.deals", "12.06", "rows[15].d")]


def test_appraisal_naming_an_atc_not_on_the_shift_is_one_finding(tmp_path: Path) -> None:
    """The appraisal written for SJ: who was paid it is open, not JS's money found short."""
    report = with_mistake(tmp_path, ("appraisal: {atc: JS", "appraisal: {atc: SJ"))
    assert found(report) == [("appraisal.unknown-atc", "APPRAISAL", "appraisal.atc")]


def test_penalties_p_left_empty_is_one_finding(tmp_path: Path) -> None:
    """AA204's P cell left empty: the bonus it earned cannot be worked out, so its payment and
    JS's money are not judged against a guess."""
    report = with_mistake(tmp_path, ("finish: 10:45, w: 0, p: 1,", "finish: 10:45, w: 0,"))
    assert [code for code, _, _ in found(report)] == ["row.no-p"]


def test_sector_log_an_empty_ctr_cell_is_the_finding_s_place(tmp_path: Path) -> None:
    """CA201's CTR left empty: the finding points at that cell, not at the flight's."""
    report = with_mistake(tmp_path, ("{flight: CA201, ctr: JS,", "{flight: CA201, ctr: ,"))
    assert found(report) == [("row.incomplete", "SECTOR LOG", "rows[7].ctr")]
    _points_at(report, "ctr: ,")


def test_penalties_an_empty_p_cell_is_the_finding_s_place(tmp_path: Path) -> None:
    """AA204's P written empty: the finding points at that cell, not at the row."""
    report = with_mistake(tmp_path, ("finish: 10:45, w: 0, p: 1,", "finish: 10:45, w: 0, p: ,"))
    assert found(report) == [("row.no-p", "PENALTIES", "rows[1].p")]
    _points_at(report, "p: ,")


def _points_at(report: AnyReport, cell: str) -> None:
    """Assert that the report's one finding points at ``cell`` on its line."""
    [finding] = report.findings
    assert finding.location is not None and finding.location.source_line is not None
    assert finding.location.col == finding.location.source_line.index(cell) + 1


def test_sector_log_a_misspelt_flight_is_one_finding_naming_the_flight(tmp_path: Path) -> None:
    """AA204 written AA240 (no route code of the sheet): one finding that names the nearest
    flight, exit 1, rather than an unreadable record and a pattern."""
    report = with_mistake(tmp_path, ("{flight: AA204,", "{flight: AA240,"))
    assert found(report) == [("row.unknown-flight", "SECTOR LOG", "rows[1].flight")]
    assert "did you mean 'AA204'?" in report.findings[0].message
    assert report.exit_code == 1


def test_sector_log_a_flight_in_small_letters_is_one_finding(tmp_path: Path) -> None:
    report = with_mistake(tmp_path, ("{flight: AL402,", "{flight: al402,"))
    assert found(report) == [("row.unknown-flight", "SECTOR LOG", "rows[14].flight")]
    assert "did you mean 'AL402'?" in report.findings[0].message


def test_1_90_a_time_written_another_way_is_one_finding(tmp_path: Path) -> None:
    """AA204's start written 9h45: a time off the track (exit 1), as 9:40 is, rather than an
    unreadable record."""
    report = with_mistake(tmp_path, ("start: 9:45, finish: 10:45", "start: 9h45, finish: 10:45"))
    assert found(report) == [("time.off-track", "1.90", "rows[1].start")]
    assert report.exit_code == 1


def test_key_controller_a_card_claimed_after_it_was_taken_cites_its_rule(tmp_path: Path) -> None:
    """PR claims TJ's Key Controller card, which JS's perfect TJ212 took: the finding cites
    KEY CONTROLLER, the rule that moved the card, not the ATC STATUS heading."""
    report = with_mistake(tmp_path, ("status: {AA: key-controller}",
                                     "status: {AA: key-controller, TJ: key-controller}"))
    assert found(report) == [("status.claim", "KEY CONTROLLER", "controllers.PR.status.TJ")]


def test_removing_a_caution_a_caution_claimed_after_it_was_lifted_cites_its_rule(
        tmp_path: Path) -> None:
    """PR claims RA's caution from RA102's deal, which RA203's perfect hand-off lifted."""
    report = with_mistake(tmp_path, ("status: {AA: key-controller}",
                                     "status: {AA: key-controller, RA: cautioned-controller}"))
    assert found(report) == [("status.claim", "REMOVING A CAUTION", "controllers.PR.status.RA")]



def test_4_13_a_second_overshoot_not_taken_as_a_caution_is_one_finding(tmp_path: Path) -> None:
    """JS's second final warning with AA (AA602) not taken as a caution: AA503 paid without
    the -50 and no Cautioned card claimed. The payment shows the missed caution first, and
    cites 4.13; the card claimed as the payment had it is not a second finding."""
    report = with_mistake(tmp_path, ("paid: 260}", "paid: 310}"),
                          ("    cash: 4550", "    cash: 4600"), ("bonuses: 3200", "bonuses: 3250"),
                          ("{AA: cautioned-controller, CA:", "{CA:"))
    assert found(report) == [("bonus.paid", "4.13", "rows[4].paid")]
    assert "as if JS held no status card with AA" in report.findings[0].message


def test_key_controller_a_key_controller_bonus_forgotten_is_one_finding(tmp_path: Path) -> None:
    """TJ305 paid 350: PR's Key Controller +50 with TJ (since TJ103) forgotten, and carried."""
    report = with_mistake(tmp_path, ("paid: 400}\n  # SINGLE ROUTES, right", "paid: 350}\n  # "
                                     "SINGLE ROUTES, right"),
                          ("    cash: 370", "    cash: 320"), ("bonuses: 2220", "bonuses: 2170"))
    assert found(report) == [("bonus.paid", "KEY CONTROLLER", "rows[11].paid")]


def test_12_01_a_fine_left_out_and_carried_into_the_cash_is_one_finding(tmp_path: Path) -> None:
    """PR's 2,500 fine for RA102's minor deal left out of his fines and so of his cash: the
    cash adds up from the parts claimed, so only the part is the finding."""
    report = with_mistake(tmp_path, ("fines: 2500", "fines: 0"),
                          ("    cash: 370", "    cash: 2870"))
    assert found(report) == [("money.fines", "12.01", "controllers.PR.fines")]


def test_1_42_bonuses_added_up_wrong_and_carried_into_the_cash_is_one_finding(
        tmp_path: Path) -> None:
    report = with_mistake(tmp_path, ("bonuses: 2220", "bonuses: 2120"),
                          ("    cash: 370", "    cash: 270"))
    assert found(report) == [("money.bonuses", "1.42", "controllers.PR.bonuses")]


def test_4_05_a_commendation_left_out_is_one_finding(tmp_path: Path) -> None:
    """TJ103's CM left empty on a P 0 hand-off: it may have been imperfect (off the hand-off
    route), but the rest of the sheet (TJ305's Key Controller +50, PR's 5 commendations)
    counts it as perfect, so it is read so, and the empty CM is the one finding."""
    report = with_mistake(tmp_path, ("p: 0, d: 0, cm: 1, paid: 400}\n  - {flight: TJ206",
                                     "p: 0, d: 0, cm: 0, paid: 400}\n  - {flight: TJ206"))
    assert found(report) == [("row.no-commendation", "4.05", "rows[9].cm")]
    assert report.findings[0].severity.value == "error"


def test_4_05_p_0_without_a_commendation_is_imperfect_when_the_sheet_says_so(
        tmp_path: Path) -> None:
    """AA204 handed off at P 0 without CM, paid and claimed as imperfect: a warning only."""
    report = with_mistake(tmp_path, ("w: 0, p: 1, d: 0, cm: 0, paid: 220}",
                                     "w: 0, p: 0, d: 0, cm: 0, paid: 250}"),
                          ("bonuses: 3200", "bonuses: 3230"), ("    cash: 4550", "    cash: 4580"))
    assert [(c, r) for c, r, _ in found(report)] == [("row.no-commendation", "4.05")]
    assert report.legal


def test_sector_log_a_ctr_written_as_a_name_is_one_finding(tmp_path: Path) -> None:
    """CA302's CTR written 'Pat' (PR's name, not his initials): an ATC not on the shift (exit
    1), rather than an unreadable record and the initials' pattern."""
    report = with_mistake(tmp_path, ("{flight: CA302, ctr: PR,", "{flight: CA302, ctr: Pat,"))
    assert found(report) == [("row.unknown-atc", "SECTOR LOG", "rows[8].ctr")]
    assert report.exit_code == 1


def test_the_end_of_the_shift_a_winner_written_by_name_is_one_finding(tmp_path: Path) -> None:
    report = with_mistake(tmp_path, ("winner: JS", "winner: Jo"))
    assert found(report) == [("score.winner", "THE END OF THE SHIFT", "winner")]
