"""``pnp preview`` end to end in a real browser: the system's chromium (Debian's package,
which ``.ci/run`` installs) driven by playwright, on a copy of the sampler.

Every wait has a timeout and the server is always killed, so a broken preview fails these
tests instead of hanging them.
"""

from __future__ import annotations

import io
import json
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.paths import SAMPLER

CHROMIUM = Path(os.environ.get("PNP_CHROMIUM", "/usr/bin/chromium"))
"""The browser; never one playwright downloads."""
START_TIMEOUT = 120.0
"""Seconds for the server's first layout (the machine may be busy with other tests)."""
UPDATE_TIMEOUT_MS = 60_000
"""Milliseconds for a save to reach the page."""
SERVING = re.compile(r"serving (http://127\.0\.0\.1:\d+/)")
DECK = Path("content/sampler/cards/deck.yaml")


@dataclass
class Server:
    """A running ``pnp preview`` and the project it watches."""

    process: subprocess.Popen[str]
    url: str
    root: Path
    lines: queue.Queue[str]

    def state(self) -> dict[str, Any]:
        """Return the page's state as the server gives it."""
        with urllib.request.urlopen(self.url + "state", timeout=10) as answer:
            data: dict[str, Any] = json.load(answer)
        return data


def start_preview(root: Path) -> Server:
    """Start ``pnp preview`` on a free port in ``root``; return once it serves."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from pnpcompiler.app.cli import run; run()",
         "preview", "--port", "0"],
        cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True)
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    said = []
    try:
        while True:
            line = lines.get(timeout=START_TIMEOUT)
            said.append(line)
            found = SERVING.search(line)
            if found:
                return Server(process, found.group(1), root, lines)
    except queue.Empty:
        stop(process)
        raise AssertionError(f"pnp preview did not start: {''.join(said)}") from None


def stop(process: subprocess.Popen[str]) -> None:
    """Kill the server and whatever it started."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


@pytest.fixture
def preview(tmp_path: Path) -> Iterator[Server]:
    """A preview of a copy of the sampler, killed whatever happens."""
    shutil.copytree(SAMPLER, tmp_path, dirs_exist_ok=True)
    server = start_preview(tmp_path)
    try:
        yield server
    finally:
        stop(server.process)


@pytest.fixture
def browser() -> Iterator[Any]:
    """Headless chromium (the system's), closed whatever happens."""
    from playwright.sync_api import sync_playwright

    assert CHROMIUM.exists(), (f"no {CHROMIUM}: install Debian's chromium (apt-get install "
                               "chromium) or set PNP_CHROMIUM to a chromium binary")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              timeout=60_000)
        try:
            yield launched
        finally:
            launched.close()


def edit(path: Path, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` in a file, as an editor saving it would."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_saved_card_reaches_the_page_with_its_findings(preview: Server, browser: Any
                                                          ) -> None:
    page = browser.new_page()
    page.set_default_timeout(UPDATE_TIMEOUT_MS)
    page.goto(preview.url)
    ace = page.locator('figure[data-key="sampler/cards/card-ace"]')
    ace.wait_for()
    assert "Move one space." in ace.get_attribute("data-text")
    for component in ("cards", "counters", "markers", "board", "chart", "log"):
        assert page.locator(f'.family[data-component="{component}"] img').count() >= 1
    first_svg = ace.locator("img").get_attribute("src")

    edit(preview.root / DECK, "Move one space.", "Leap over the storm.")
    page.locator('figure[data-key="sampler/cards/card-ace"][data-text*="Leap over the storm."]'
                 ).wait_for()
    assert ace.locator("img").get_attribute("src") != first_svg
    assert "changed" in (ace.get_attribute("class") or "")
    two = page.locator('figure[data-key="sampler/cards/card-two"]')
    assert "changed" not in (two.get_attribute("class") or "")

    edit(preview.root / DECK, "{id: card-two, name: Two,", "{id: card-two, name: Two, copies: -4,")
    finding = two.locator("ul.findings li.error")
    finding.wait_for()
    assert re.search(r"deck\.yaml:15:\d+", finding.inner_text())
    assert "stale" in (two.get_attribute("class") or "")  # the last good drawing stays
    assert two.locator("img").count() == 1
    assert ace.locator("ul.findings li").count() == 0

    edit(preview.root / DECK, "copies: -4,", "")
    page.locator('figure[data-key="sampler/cards/card-two"]:not(.stale)').wait_for()
    assert two.locator("ul.findings li").count() == 0
    assert page.locator("li.error").count() == 0


def test_search_by_id_and_text_hides_the_other_cards(preview: Server, browser: Any) -> None:
    page = browser.new_page()
    page.set_default_timeout(UPDATE_TIMEOUT_MS)
    page.goto(preview.url)
    page.locator('figure[data-key="sampler/cards/card-storm"]').wait_for()
    page.fill("#search", "token stays")
    shown = page.locator("figure.card:not([hidden])")
    assert [shown.nth(i).get_attribute("data-id") for i in range(shown.count())] == ["card-storm"]
    page.fill("#search", "marker-3")
    assert [shown.nth(i).get_attribute("data-id") for i in range(shown.count())] == ["marker-3"]
    assert page.locator('.family[data-component="cards"]').is_hidden()


def test_a_file_that_cannot_be_read_never_stops_the_server(preview: Server) -> None:
    version = preview.state()["version"]
    (preview.root / DECK).write_bytes(b"\xff\xfe: [unclosed")
    for _ in range(600):
        state = preview.state()
        if state["version"] > version:
            break
        threading.Event().wait(0.1)
    else:
        raise AssertionError("the save never reached the server")
    game = state["games"][0]
    assert game["errors"]
    assert any(card["key"] == "cards/card-ace" for f in game["families"] for card in f["cards"])
    assert preview.process.poll() is None


def test_ctrl_c_exits_cleanly_and_frees_the_port(preview: Server) -> None:
    preview.process.send_signal(signal.SIGINT)
    code = preview.process.wait(timeout=30)
    rest = "".join(iter(lambda: _line(preview.lines), ""))
    assert code == 0, rest
    assert "Traceback" not in rest
    port = int(preview.url.rsplit(":", 1)[1].strip("/"))
    with socket.socket() as again:
        again.bind(("127.0.0.1", port))


def _line(lines: queue.Queue[str]) -> str:
    """Return the next line the server printed, or "" once it has printed everything."""
    try:
        return lines.get(timeout=5)
    except queue.Empty:
        return ""


def test_a_face_looks_in_the_browser_as_it_prints(preview: Server, browser: Any) -> None:
    from PIL import Image, ImageChops, ImageFilter, ImageStat

    from pnpcompiler.build.faces import Builder, lay_out
    from pnpcompiler.build.options import BuildOptions
    from pnpcompiler.content.project import load_game
    from pnpcompiler.core.store import Cache
    from pnpcompiler.layout.templates import TemplateSet
    from pnpcompiler.render.png import face_images

    game, _ = load_game(preview.root / "content", "sampler")
    assert game is not None
    templates = TemplateSet([preview.root / "templates"])
    builder = Builder.for_game(game, templates, Cache(None))
    kit, _ = lay_out(game, templates, BuildOptions(), builder, out_dir=preview.root / "out",
                     content_findings=[])
    deck = next(group for group in kit.faces.groups if group.component == "cards")
    face = next(item for item in deck.items if item.id == "card-ace").front
    size = (round((face.width + 2 * face.bleed) * 4), round((face.height + 2 * face.bleed) * 4))
    printed = next(face_images([face], [size])).filter(ImageFilter.GaussianBlur(1.5))

    cards = {card["key"]: card["svg"] for family in preview.state()["games"][0]["families"]
             for card in family["cards"]}
    page = browser.new_page(viewport={"width": 600, "height": 800}, device_scale_factor=1)
    page.set_default_timeout(UPDATE_TIMEOUT_MS)

    def in_browser(key: str) -> Any:
        """Return the browser's drawing of one card's SVG at the printed picture's size."""
        page.set_content(f'<body style="margin:0;background:#fff"><img id="face" '
                         f'src="{preview.url}face/{cards[key]}.svg" style="display:block;'
                         f'width:{size[0]}px;height:{size[1]}px"></body>')
        page.wait_for_function("document.getElementById('face').complete")
        shot = page.locator("#face").screenshot(timeout=30_000)
        picture = Image.open(io.BytesIO(shot)).convert("RGB")
        assert picture.size == size
        return picture.filter(ImageFilter.GaussianBlur(1.5))

    def difference(a: Any, b: Any) -> float:
        """Return the mean difference of two pictures, 0 to 255."""
        return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3

    same = difference(in_browser("cards/card-ace"), printed)
    other = difference(in_browser("cards/card-two"), printed)
    assert same < 1.5, f"the browser's card-ace differs from the printed one by {same:.2f}"
    assert other > same
    assert difference(in_browser("cards/back/plain"), printed) > 4.0


def test_a_taken_port_is_a_usage_error(tmp_path: Path, pnp: Any) -> None:
    shutil.copytree(SAMPLER, tmp_path, dirs_exist_ok=True)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        code, said = pnp("preview", "--port", str(taken.getsockname()[1]))
    assert code == 2
    assert "cannot serve on 127.0.0.1:" in said
