"""Validate a game as far as a build goes, writing nothing: ``pnp validate``.

Besides the content's schemas and rule checks, every face is resolved from its templates
(names, pictures, fonts, text that must fit), every form laid out and every board drawn, as
``pnp build`` does, so ``pnp validate`` reports the findings a build would. Both go through
the game's build cache (``OUT/.cache/<game>/``): the rule checks' findings and the resolved
faces are kept there, and a second validation of unchanged content reads them back.
"""

from __future__ import annotations

from pathlib import Path

from ..content.checks import run_checks
from ..content.project import GameContent, load_game
from ..core.findings import Finding, Severity
from ..layout.templates import TemplateSet
from .cache import CACHE_DIR, Cache, Inputs, cached_checks
from .kit import Builder, KitOptions, lay_out


def validate_game(content: Path, slug: str, templates: TemplateSet, output: Path | None
                  ) -> tuple[GameContent | None, list[Finding]]:
    """Load and check game ``slug``, then lay its kit out (on the default paper) when the
    content has no errors; return the game and every finding. Pieces are cached under
    ``output`` (none when it is None)."""
    with Cache(output / CACHE_DIR / slug if output is not None else None) as cache:
        inputs = Inputs.of(content / slug, templates.folders) if cache.enabled else None
        check = cached_checks(cache, inputs.content) if inputs is not None else run_checks
        game, findings = load_game(content, slug, check=check)
        if game is None or any(f.severity is Severity.ERROR for f in findings):
            return game, findings
        builder = Builder.for_game(game, templates, cache, inputs)
        *_, kit_findings = lay_out(game, templates, KitOptions(), builder)
    return game, findings + kit_findings
