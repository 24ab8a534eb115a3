"""Validate a game as far as a build goes, writing nothing: ``pnp validate``.

Besides the content's schemas and rule checks, every face is resolved from its templates
(names, pictures, fonts, text that must fit), every form laid out and every board drawn and
checked, by the build's own stages (:class:`~pnpcompiler.build.pipeline.Build`: inputs, load
and check, lay out), so ``pnp validate`` reports the findings ``pnp build`` would. Nothing is
written in ``OUT/<game>/``; what was checked is kept in the game's build cache
(``OUT/.cache/<game>/``), which the build shares: the rule checks' findings, the resolved
faces, and the whole validation's findings under the digest of everything it read (the
game's folder, the templates, pnp's code), so validating unchanged content again only reads
those digests.
"""

from __future__ import annotations

from pathlib import Path

from ..content.checked import decode_findings, encode_findings
from ..core.digests import digest
from ..core.findings import Finding, exit_code
from ..core.store import CACHE_DIR, Cache
from .pipeline import Build


def validate_game(build: Build, slug: str) -> list[Finding]:
    """Load and check game ``slug``, then lay its kit out as ``build`` would when the content
    has no errors; return every finding."""
    state = build.project.output / CACHE_DIR / slug
    with Cache(state if build.options.cache else None) as cache:
        inputs, key = build.read_inputs(slug)
        if key:
            # Findings show paths as given and relative to where pnp runs: both are inputs.
            key = digest(key, str(build.project.content), str(build.project.templates),
                         str(Path.cwd()))
        known = cache.get_json("validation", key) if key else None
        if isinstance(known, list):
            try:
                return decode_findings(known)
            except (KeyError, TypeError, ValueError):
                pass  # damaged: validate again
        game, findings, _ = build.load(slug, cache, inputs)
        if game is not None and not exit_code(findings):
            _, kit_findings = build.lay_out(game, findings, cache, inputs)
            findings = findings + kit_findings
        if key:
            cache.put_json("validation", key, encode_findings(findings))
    return findings
