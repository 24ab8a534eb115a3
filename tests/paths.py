"""Where the tests find the repository's games, examples, templates and golden cases."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CONTENT = REPO / "content"
TEMPLATES = REPO / "templates"
EXAMPLES = REPO / "examples"
GOLDEN = REPO / "tests" / "golden"
CONTENT_BASE = GOLDEN / "content" / "_base"
"""The golden base game: a small game of every generic kind, with a rules module."""
SAMPLER = REPO / "tests" / "sampler"
"""A project folder (content/sampler, templates/sampler): a small game of every generic kind,
with templates and a picture and no rules module, that the build's tests work on."""
