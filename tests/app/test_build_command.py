"""``pnp build`` only parses options and prints the build's events."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
Pnp = Callable[..., tuple[int, str]]


def test_a_bleed_out_of_range_is_a_usage_error(pnp: Pnp) -> None:
    code, out = pnp("build", "--bleed", "12")
    assert code == 2 and "pnp: error: --bleed must be between 0 and 10 mm, not 12" in out


def test_build_prints_each_outputs_files_then_what_prints_nothing(pnp: Pnp,
                                                                  tmp_path: Path) -> None:
    code, out = pnp("build", "air-cargo", "--content", str(ROOT / "content"), "--templates",
                    str(ROOT / "templates"), "-o", str(tmp_path), "--png", "40")
    assert code == 0, out
    kit = tmp_path / "air-cargo"
    lines = [line for line in out.splitlines() if line.startswith("air-cargo: ")]
    assert lines == [
        f"air-cargo: wrote {kit / 'content.json'} (7 content files, 5 pieces; 0 errors, "
        "2 warnings)",
        f"air-cargo: wrote 2 SVG faces and boards to {kit / 'svg'}",
        f"air-cargo: wrote 1 PNG images to {kit / 'png'}",
        f"air-cargo: wrote {kit / 'air-cargo-a4.pdf'} (20 pages on 10 sheets)",
        f"air-cargo: wrote {kit / 'boards' / 'map-a3.pdf'}",
        f"air-cargo: wrote {kit / 'boards' / 'map-poster.pdf'}",
        "air-cargo: not printed: Air Cargo rulebook (rulebook): the list of the game's rules, "
        "for the rule-coverage map (`pnp rules`), not printed",
        lines[-3],
        "air-cargo: 2 rulebook contradictions recorded in game.yaml with the reading chosen "
        "('pnp validate air-cargo' shows them)",
        lines[-1],
    ]
    ident = lines[-1].removeprefix("air-cargo: build ")[:8]
    assert lines[-1] == (f"air-cargo: build {ident} (each face's version mark is printed "
                         f"beside it; --changed-since {ident} reprints what changes after it)")
    assert lines[-3].startswith("air-cargo: not printed: Air Cargo rules tables")
    # The contradictions game.yaml records, each with its chosen reading, are one line here;
    # pnp validate shows each.
    assert "rulebook.contradiction" not in out
    assert "    Pilot Log: 1 sheet on pages 9-10, 1 page" in out


def test_an_output_folder_that_cannot_be_made_is_a_usage_error(
        project: Callable[..., Path], pnp: Pnp) -> None:
    """-o naming a file, or a folder under one, says so and exits 2 before any work (it was
    an internal error, exit 3, from deep inside the build)."""
    project()
    Path("afile").write_text("not a folder\n", encoding="utf-8")
    code, out = pnp("build", "-o", "afile")
    assert code == 2 and "pnp: error: -o: afile is a file, not a folder" in out, out
    code, out = pnp("build", "-o", "afile/kits")
    assert code == 2, out
    assert "pnp: error: -o: cannot make the folder afile/kits: Not a directory" in out
