"""Imposition: cards per page, trims inside the printable area, backs mirroring fronts,
fold-in-half sheets and crop marks on part-filled sheets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnpcompiler.layout.impose import MARGIN, PAPERS, Request, pack, plan


@given(st.floats(15, 120), st.floats(15, 130), st.floats(0, 5), st.sampled_from(list(PAPERS)))
def test_fold_puts_backs_in_the_other_half_mirrored_across_the_fold(
        w: float, h: float, bleed: float, paper: str) -> None:
    """Fronts fill one half; each back is the mirror image of its front across the fold line
    (the page's centre line), so folding the sheet puts them back to back."""
    try:
        sheet = plan(w, h, bleed, paper, fold=True)
    except ValueError:
        return
    assert sheet.fold in ("vertical", "horizontal")
    for i in range(sheet.per_page):
        x, y = sheet.trim(i)
        bx, by = sheet.back(i, "fold")
        assert x - bleed >= MARGIN - 1e-6 and y - bleed >= MARGIN - 1e-6
        if sheet.fold == "vertical":
            assert x + w + bleed <= sheet.page_w / 2 + 1e-6
            assert bx + (x + w) == pytest.approx(sheet.page_w) and by == pytest.approx(y)
            assert bx - bleed >= sheet.page_w / 2 - 1e-6
        else:
            assert y + h + bleed <= sheet.page_h / 2 + 1e-6
            assert by + (y + h) == pytest.approx(sheet.page_h) and bx == pytest.approx(x)
            assert by - bleed >= sheet.page_h / 2 - 1e-6
        assert bx + w + bleed <= sheet.page_w - MARGIN + 1e-6
        assert by + h + bleed <= sheet.page_h - MARGIN + 1e-6


def test_fold_chooses_the_fold_that_holds_most() -> None:
    """Poker cards fold best across a landscape A4's long side: 2 x 2 fronts, no marks on the
    fold side."""
    sheet = plan(63.5, 88.9, 3, "a4", fold=True)
    assert (sheet.cols, sheet.rows, sheet.fold, sheet.landscape) == (2, 2, "vertical", True)
    assert all(max(x1, x2) < sheet.page_w / 2 for x1, _, x2, _ in sheet.crop_marks())


@given(st.integers(1, 8))
def test_crop_marks_only_where_a_part_filled_sheet_is_cut(count: int) -> None:
    """Marks run at the trim lines of the cells in use, outside their bleed, never beside
    empty cells."""
    sheet = plan(63.5, 88.9, 3, "a4")  # 4 x 2
    cols, rows = sheet.used(count)
    assert (cols, rows) == (min(count, 4), 1 if count <= 4 else 2)
    left, top, right, bottom = sheet.grid_box(count)
    marks = sheet.crop_marks(count)
    assert len(marks) == 2 * (2 * cols) + 2 * (2 * rows)
    for x1, y1, x2, y2 in marks:
        for x, y in ((x1, y1), (x2, y2)):
            assert not (left - 3 < x < right + 3 and top - 3 < y < bottom + 3)
            assert x <= right + 3 + 5 and y <= bottom + 3 + 5


def test_a_full_sheet_has_marks_at_every_trim_line() -> None:
    sheet = plan(63.5, 88.9, 3, "a4")
    assert sheet.crop_marks() == sheet.crop_marks(8) == sheet.crop_marks(100)


def test_poker_cards_per_page() -> None:
    """Poker cards with 3 mm bleed: 8 on A4 and 6 on Letter (landscape), 16 on A3."""
    assert [(s.cols, s.rows, s.landscape) for s in
            (plan(63.5, 88.9, 3, p) for p in ("a4", "letter", "a3"))] == [
        (4, 2, True), (3, 2, True), (4, 4, False)]


@given(st.floats(20, 120), st.floats(20, 150), st.floats(0, 5), st.sampled_from(list(PAPERS)),
       st.sampled_from(["long", "short"]), st.floats(-3, 3), st.floats(-3, 3))
def test_trims_fit_the_page_and_backs_mirror_fronts(w: float, h: float, bleed: float,
                                                    paper: str, duplex: str, dx: float,
                                                    dy: float) -> None:
    """Every trim (plus bleed) lies inside the printable area; neighbouring trims are two
    bleeds apart; a back sits where its front lands after the flip, plus the offset."""
    try:
        sheet = plan(w, h, bleed, paper)
    except ValueError:
        return
    for i in range(sheet.per_page):
        x, y = sheet.trim(i)
        assert x - bleed >= MARGIN - 1e-6 and y - bleed >= MARGIN - 1e-6
        assert x + w + bleed <= sheet.page_w - MARGIN + 1e-6
        assert y + h + bleed <= sheet.page_h - MARGIN + 1e-6
        bx, by = sheet.back(i, duplex, (dx, dy))
        mirror_x = (duplex == "long") != sheet.landscape
        if mirror_x:
            assert bx - dx == pytest.approx(sheet.page_w - x - w) and by - dy == pytest.approx(y)
        else:
            assert by - dy == pytest.approx(sheet.page_h - y - h) and bx - dx == pytest.approx(x)
    if sheet.cols > 1:
        assert sheet.trim(1)[0] - sheet.trim(0)[0] == pytest.approx(w + 2 * bleed)


def test_crop_marks_stay_outside_the_bleed() -> None:
    sheet = plan(63.5, 88.9, 3, "a4")
    left, top, right, bottom = sheet.grid_box()
    for x1, y1, x2, y2 in sheet.crop_marks():
        for x, y in ((x1, y1), (x2, y2)):
            inside = left - 3 < x < right + 3 and top - 3 < y < bottom + 3
            assert not inside


def test_item_too_big_for_the_paper() -> None:
    with pytest.raises(ValueError, match="does not fit on A4"):
        plan(400, 400, 3, "a4")


# --- denser sheets -----------------------------------------------------------------------


def test_eight_poker_cards_fit_a_letter_sheet_edge_to_edge_across() -> None:
    """Letter holds 8 poker cards when neighbours in a row share a cut; rows keep their
    gutter, and A4 keeps gutters both ways (8 fit there anyway)."""
    letter = plan(63.5, 88.9, 3, "letter", butt=True)
    assert (letter.cols, letter.rows, letter.gap_x, letter.gap_y) == (4, 2, 0.0, 6.0)
    a4 = plan(63.5, 88.9, 3, "a4", butt=True)
    assert (a4.cols, a4.rows, a4.gap_x, a4.gap_y) == (4, 2, 6.0, 6.0)


@given(st.floats(10, 120), st.floats(10, 130), st.floats(0, 5), st.sampled_from(["a4", "letter"]),
       st.integers(1, 40), st.sampled_from(["long", "short"]))
def test_cells_never_reach_a_neighbours_trim_and_backs_turn_with_them(
        w: float, h: float, bleed: float, paper: str, count: int, duplex: str) -> None:
    """What an item paints (its cell) covers its trim, stops at half the gap before the next
    trim, stays inside the margin; each back's cell is its front's cell turned over."""
    try:
        sheet = plan(w, h, bleed, paper, butt=True)
    except ValueError:
        return
    count = min(count, sheet.per_page)
    cells = [sheet.cell(i, count) for i in range(count)]
    for i, (left, top, right, bottom) in enumerate(cells):
        x, y = sheet.trim(i)
        assert left <= x + 1e-9 and top <= y + 1e-9
        assert right >= x + w - 1e-9 and bottom >= y + h - 1e-9
        assert left >= MARGIN - 1e-6 and top >= MARGIN - 1e-6
        assert right <= sheet.page_w - MARGIN + 1e-6 and bottom <= sheet.page_h - MARGIN + 1e-6
        for j in range(count):
            if j == i:
                continue
            ox, oy = sheet.trim(j)
            overlap_x = min(right, ox + w) - max(left, ox)
            overlap_y = min(bottom, oy + h) - max(top, oy)
            assert overlap_x <= 1e-6 or overlap_y <= 1e-6, (i, j)
        back = sheet.back_cell(i, count, duplex)
        bx, _ = sheet.back(i, duplex)
        assert back[2] - back[0] == pytest.approx(right - left)
        assert back[3] - back[1] == pytest.approx(bottom - top)
        assert back[0] <= bx + 1e-9 and back[2] >= bx + w - 1e-9


@given(st.lists(st.tuples(st.sampled_from([(63.5, 88.9), (16.0, 16.0), (85.0, 42.0),
                                           (55.0, 14.0)]),
                          st.integers(1, 60), st.booleans()), min_size=1, max_size=6),
       st.sampled_from(["a4", "letter"]), st.booleans())
def test_one_sided_groups_share_sheets_but_never_with_two_sided_ones(
        groups: list[tuple[tuple[float, float], int, bool]], paper: str, fold: bool) -> None:
    """Pages hold items with backs or items without, never both; the two-sided pages come
    first; every item is placed once."""
    requests = [Request(w, h, 3.0, True, n, backs, butt=True) for (w, h), n, backs in groups]
    pages = pack(requests, paper, fold=fold)
    kinds = [{requests[b.request].backs for b in page.bands} for page in pages]
    assert all(len(kind) == 1 for kind in kinds)
    assert [kind == {True} for kind in kinds] == sorted((kind == {True} for kind in kinds),
                                                        reverse=True)
    for i, r in enumerate(requests):
        assert sum(b.count for page in pages for b in page.bands if b.request == i) == r.count
