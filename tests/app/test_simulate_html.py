"""pnp simulate's report.html: one self-contained page with the sections of report.md, every
plot embedded and every figure of report.json, read by parsing it and by a real browser."""

from __future__ import annotations

import base64
import json
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pnpcompiler.referee.balance_page import render_html
from tests.paths import CONTENT

Pnp = Callable[..., tuple[int, str]]
RUNS = {
    # scores, thresholds, exact chances, one seat
    "air-cargo": ["--games", "150"],
    # three seats: winners and the first player's advantage, no scores
    "two-airport": ["--games", "12", "--players", "3"],
    # cooperative: the table's score, no winners
    "now-boarding": ["--games", "6"],
    # money and incidents per shift, and the rulings of a controller who breaks rules
    "rushing-tin": ["--games", "3", "--players", "2", "--bots", "sloppy-careful@0.2,careful"],
    # winners by pilot and by machine, and exact chances of three kinds of test
    "magnificent-flying-machines": ["--games", "3", "--players", "3", "--bots", "heuristic"],
}
CHROMIUM = Path(os.environ.get("PNP_CHROMIUM", "/usr/bin/chromium"))


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each game of RUNS simulated once, with plots: the folder of its reports."""
    pytest.importorskip("matplotlib")
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    root = tmp_path_factory.mktemp("html")
    folders = {}
    for game, args in RUNS.items():
        result = CliRunner().invoke(app, ["simulate", game, *args, "--seed", "3", "--content",
                                          str(CONTENT), "-o", str(root / game), "-j", "1",
                                          "--no-cache"])
        assert result.exit_code == 0, result.output
        folders[game] = root / game
    return folders


def parsed(folder: Path) -> ET.Element:
    """Return report.html parsed as XML: it fails unless the page is well-formed."""
    text = (folder / "report.html").read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>\n")
    return ET.fromstring(text.removeprefix("<!DOCTYPE html>\n"))


def numbers(data: Any, under: str = "") -> Iterator[tuple[str, str]]:
    """Yield every figure of a report's JSON data with where it is: numbers, histogram
    values (keys) and exact fractions, each as the JSON writes it."""
    if isinstance(data, dict):
        for key, value in data.items():
            if under.endswith("histogram"):
                yield f"{under}.{key}", key
            if key == "fraction":
                yield f"{under}.fraction", value
            yield from numbers(value, f"{under}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from numbers(value, f"{under}[{i}]")
    elif isinstance(data, int | float) and not isinstance(data, bool):
        yield under, json.dumps(data)


def shown(page: ET.Element) -> set[str]:
    """Return every figure the page holds: its <data> values and the numbers of its text."""
    values = {d.get("value", "") for d in page.iter("data")}
    text = " ".join(page.itertext())
    return values | set(re.findall(r"\d+(?:\.\d+)?(?:/\d+)?", text))


@pytest.mark.parametrize("game", sorted(RUNS))
def test_html_report_is_well_formed_with_each_section_of_the_markdown(
        reports: dict[str, Path], game: str) -> None:
    page = parsed(reports[game])
    headings = [h.text for h in page.iter("h2")]
    markdown = (reports[game] / "report.md").read_text(encoding="utf-8")
    wanted = [line[3:] for line in markdown.splitlines() if line.startswith("## ")]
    assert wanted and [h for h in headings if h in wanted] == wanted, (headings, wanted)
    assert [a.get("href") for a in page.iter("a")] == [
        f"#{s.get('id')}" for s in page.iter("section")]
    # the links may wrap: a space between each two (each link itself never breaks)
    assert [a.tail for a in page.iter("a")][:-1] == [" "] * (len(list(page.iter("a"))) - 1)
    assert page.find("head/style") is not None
    # self-contained: nothing is fetched from another file
    assert not [e for e in page.iter() if e.get("src", "data:").split(":")[0] != "data"
                or e.tag == "link"]


@pytest.mark.parametrize("game", sorted(RUNS))
def test_html_report_embeds_each_plot(reports: dict[str, Path], game: str) -> None:
    data = json.loads((reports[game] / "report.json").read_text(encoding="utf-8"))
    page = parsed(reports[game])
    embedded = {f.get("id", ""): f.find("img") for f in page.iter("figure")}
    svgs = [name for name in data["plots"] if name.endswith(".svg")]
    assert svgs and sorted(embedded) == sorted(f"plot-{name}" for name in svgs)
    for name in svgs:
        img = embedded[f"plot-{name}"]
        assert img is not None and img.get("alt")
        head, _, payload = img.get("src", "").partition(",")
        assert head == "data:image/svg+xml;base64"
        assert base64.b64decode(payload) == (reports[game] / name).read_bytes()


@pytest.mark.parametrize("game", sorted(RUNS))
def test_every_number_of_report_json_is_in_the_html(reports: dict[str, Path],
                                                    game: str) -> None:
    data = json.loads((reports[game] / "report.json").read_text(encoding="utf-8"))
    held = shown(parsed(reports[game]))
    missing = [(where, value) for where, value in numbers(data) if value not in held]
    assert not missing
    assert len(list(numbers(data))) > 20


def test_exact_chances_stand_beside_the_simulated_rates_with_disagreements_marked(
        reports: dict[str, Path]) -> None:
    data = json.loads((reports["air-cargo"] / "report.json").read_text(encoding="utf-8"))
    page = parsed(reports["air-cargo"])
    (section,) = [s for s in page.iter("section") if s.get("id") == "exact-chances-hazard-check"]
    rows = section.findall(".//tbody/tr")
    assert len(rows) == len(data["exact"])
    flagged = [i for i, row in enumerate(rows) if row.get("class") == "flagged"]
    assert flagged == [i for i, r in enumerate(data["exact"]) if not r["agrees"]]
    first = data["exact"][0]
    cells = ["".join(td.itertext()) for td in rows[0]]
    assert f"{first['fraction']} = {100 * first['exact']:.2f}%" in cells
    assert str(first["trials"]) in cells


def test_a_figure_no_section_draws_is_listed_not_lost(reports: dict[str, Path]) -> None:
    data = json.loads((reports["air-cargo"] / "report.json").read_text(encoding="utf-8"))
    data["handicaps"] = {"air-cargo.overweight": {"count": 17, "share": 0.113333}}
    page = ET.fromstring(render_html(data).replace("<!DOCTYPE html>", "", 1))
    (more,) = [s for s in page.iter("section") if s.get("id") == "more-figures"]
    text = " ".join(more.itertext())
    assert "handicaps.air-cargo.overweight.count" in text and "0.113333" in text


def test_a_cooperative_report_has_no_winners(reports: dict[str, Path]) -> None:
    page = parsed(reports["now-boarding"])
    assert [s.get("id") for s in page.iter("section")][:2] == ["game-length", "how-games-end"]
    intro = page.find("body/p")
    assert intro is not None and "A cooperative game" in " ".join(intro.itertext())
    assert "First player" not in " ".join(page.itertext())


def test_html_report_renders_in_chromium_with_its_plots(reports: dict[str, Path],
                                                        tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    assert CHROMIUM.exists(), (f"no {CHROMIUM}: install Debian's chromium (apt-get install "
                               "chromium) or set PNP_CHROMIUM to a chromium binary")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             timeout=60_000)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 800})
            page.goto((reports["air-cargo"] / "report.html").as_uri())
            widths = page.eval_on_selector_all("figure img", "els => els.map(e => "
                                               "e.complete ? e.naturalWidth : 0)")
            titles = page.eval_on_selector_all("h2", "els => els.map(e => e.textContent)")
            page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
        finally:
            browser.close()
    assert len(widths) == 2 and all(w > 300 for w in widths)  # both plots decoded and drawn
    assert "Exact chances: hazard check" in titles
    assert (tmp_path / "report.png").read_bytes()[:4] == b"\x89PNG"
