"""Projects the build's tests work on, made in a temporary folder from the sampler."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.paths import SAMPLER


def sampler_project(root: Path) -> Path:
    """Copy the sampler project (content/sampler, templates/sampler) into ``root``."""
    shutil.copytree(SAMPLER, root, dirs_exist_ok=True)
    return root


def crowded_project(root: Path, cards: int = 160, long_body_at: int | None = None) -> Path:
    """Make the sampler project with a deck of ``cards`` more cards: a build long enough (an
    SVG and a PNG a card) to be stopped halfway, or shared between two processes. The card
    ``long_body_at`` (none when None) has a body too long for its box."""
    game = sampler_project(root) / "content" / "sampler"
    manifest = game / "game.yaml"
    manifest.write_text(manifest.read_text().replace(
        "bill_of_materials:\n",
        f"bill_of_materials:\n  - {{id: crowd, name: Crowd, kind: deck, count: {cards}}}\n"))
    lines = ["kind: deck", "component: crowd", "size: poker", "template: sampler/card-front",
             "backs: [{id: crowd-back, template: sampler/card-back, fields: {title: Crowd}}]",
             "cards:"]
    for i in range(cards):
        body = f"Card {i}." if i != long_body_at else " ".join(["Move one space."] * 60)
        lines.append(f"  - {{id: crowd-{i}, name: Crowd {i}, fields: {{body: {body}}}}}")
    (game / "cards" / "crowd.yaml").write_text("\n".join(lines) + "\n")
    return root
