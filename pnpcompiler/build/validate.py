"""Validate a game as far as a build goes, writing nothing: ``pnp validate``.

Besides the content's schemas and rule checks, every face is resolved from its templates
(names, pictures, fonts, text that must fit), every form laid out and every board drawn, by the
build's own stages (:class:`~pnpcompiler.build.pipeline.Build`: inputs, load and check, lay
out), so ``pnp validate`` reports the findings ``pnp build`` would. Both go through the game's
build cache (``OUT/.cache/<game>/``): the rule checks' findings and the resolved faces are kept
there, and a second validation of unchanged content reads them back. Nothing is written in
``OUT/<game>/``.
"""

from __future__ import annotations

from ..core.findings import Finding, exit_code
from ..core.store import CACHE_DIR, Cache
from .pipeline import Build


def validate_game(build: Build, slug: str) -> list[Finding]:
    """Load and check game ``slug``, then lay its kit out as ``build`` would when the content
    has no errors; return every finding."""
    state = build.project.output / CACHE_DIR / slug
    with Cache(state if build.options.cache else None) as cache:
        inputs, _ = build.read_inputs(slug)
        game, findings, _ = build.load(slug, cache, inputs)
        if game is None or exit_code(findings):
            return findings
        _, kit_findings = build.lay_out(game, findings, cache, inputs)
    return findings + kit_findings
