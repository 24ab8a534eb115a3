"""``pnp new``: a new game folder that validates out of the box."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..content.json_schema import schema_comment
from ..core.files import folder_problem, write_atomic


class ScaffoldError(Exception):
    """The game cannot be created (bad name, it exists, or its folder cannot be made)."""


_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")

GAME_YAML = """\
{comment}
title: {title}
seed: rulebook.txt        # the rulebook this content follows
players: {{min: 1, max: 4}}
bill_of_materials:
  - id: cards
    name: Cards
    kind: deck
    count: 3
contradictions: []
"""

CARDS_YAML = """\
{comment}
kind: deck
component: cards
size: poker
template: {slug}/card-front     # templates/{slug}/card-front.yaml draws each card
backs:
  - id: standard
    template: {slug}/card-back
    fields: {{title: {title}}}
cards:
  - id: card-1
    name: First card
    fields: {{body: Replace this text with the card's rules.}}
  - id: card-2
    name: Second card
    copies: 2
    fields: {{body: Two copies of this card are printed.}}
"""

FRONT_YAML = """\
# A card's front ({slug}, poker size 63.5 x 88.9 mm). Lengths are mm from the top-left of the
# trim; W and H are the card's width and height, BLEED the bleed. Text is jinja2 over the
# card: item (its data) and fields. See docs/templates.md.
background: "#fbf8f1"
elements:
  - box:
      {{x: 3, y: 3, w: "{{{{ W - 6 }}}}", h: "{{{{ H - 6 }}}}", radius: 2.5,
       stroke: "#2b3a55", stroke_width: 0.5}}
  - text:
      {{x: 6, y: 7, w: "{{{{ W - 12 }}}}", h: 9, text: "<b>{{{{ item.name }}}}</b>",
       size: 14, min_size: 9, colour: "#2b3a55"}}
  - text:
      {{x: 6, y: 20, w: "{{{{ W - 12 }}}}", h: "{{{{ H - 30 }}}}", text: "{{{{ fields.body }}}}",
       size: 10, min_size: 7, field: body}}
"""

BACK_YAML = """\
# The cards' shared back ({slug}); ``back`` holds the back's fields.
background: "#2b3a55"
elements:
  - box:
      {{x: 4, y: 4, w: "{{{{ W - 8 }}}}", h: "{{{{ H - 8 }}}}", radius: 3, stroke: "#ffffff",
       stroke_width: 0.6}}
  - text:
      {{x: 6, y: "{{{{ H / 2 - 6 }}}}", w: "{{{{ W - 12 }}}}", h: 12,
       text: "<b>{{{{ back.title }}}}</b>", size: 16, min_size: 9, align: center,
       valign: middle, colour: "#ffffff"}}
"""

RULES_PY = '''\
"""Rule checks for {title}: functions that look at the content and yield findings."""

from __future__ import annotations

from collections.abc import Iterator

from pnpcompiler.content.components import Deck
from pnpcompiler.core.findings import Finding, warning
from pnpcompiler.content.plugin import Rules
from pnpcompiler.content.project import GameContent

rules = Rules()


@rules.check
def cards_have_text(game: GameContent) -> Iterator[Finding]:
    """Warn about a card with no body text."""
    for deck in game.of_type(Deck):
        for card in deck.cards:
            if not card.fields.get("body"):
                yield warning("card.no-text", f"card {{card.id!r}} has no body text",
                              card.where())
'''


def scaffold(content_dir: Path, slug: str, title: str,
             templates_dir: Path | None = None) -> list[Path]:
    """Create ``content_dir/slug`` with a manifest, a sample deck and a rules module, and
    ``templates_dir/slug`` (``templates/`` beside the content folder by default) with the
    deck's front and back templates, so the first ``pnp build`` prints the cards."""
    if not _SLUG.match(slug):
        raise ScaffoldError(f"game name {slug!r} must be lowercase letters, digits and hyphens "
                            "(e.g. 'my-game')")
    game_dir = content_dir / slug
    if game_dir.exists():
        raise ScaffoldError(f"{game_dir} already exists")
    template_dir = (templates_dir or content_dir.parent / "templates") / slug
    if template_dir.exists():
        raise ScaffoldError(f"{template_dir} already exists")
    for folder in (game_dir, template_dir):
        problem = folder_problem(folder.parent)
        if problem:
            raise ScaffoldError(problem)
    schemas = content_dir.parent / "schemas"
    # A JSON string is a YAML double-quoted scalar: backslashes and quotes read back as typed.
    quoted = json.dumps(title, ensure_ascii=False)
    docstring_title = " ".join(title.replace("\\", "/").replace('"', "'").split())
    files = {
        game_dir / "game.yaml": GAME_YAML.format(
            comment=schema_comment(game_dir / "game.yaml", schemas, "game"), title=quoted),
        game_dir / "cards" / "cards.yaml": CARDS_YAML.format(
            comment=schema_comment(game_dir / "cards" / "cards.yaml", schemas, "deck"),
            title=quoted, slug=slug),
        game_dir / "rules.py": RULES_PY.format(title=docstring_title),
        template_dir / "card-front.yaml": FRONT_YAML.format(slug=slug),
        template_dir / "card-back.yaml": BACK_YAML.format(slug=slug),
    }
    for path, text in files.items():
        write_atomic(path, text)
    return list(files)
