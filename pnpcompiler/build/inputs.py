"""What a game's build reads, as digests: the templates, the game's folder, and the game's
files other than YAML (the pictures and fonts faces draw). Each folder is read once a build."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from ..core.digests import digest, tree_digest, tree_digests


@dataclasses.dataclass(frozen=True)
class Inputs:
    """Digests of what a game's build reads."""

    templates: str
    """Every template folder."""
    content: str
    """The game's folder, all of it."""
    files: str
    """The game's folder but its YAML: the pictures and fonts faces draw."""

    @classmethod
    def of(cls, game_dir: Path, template_folders: list[Path], templates: str | None = None
           ) -> Inputs:
        """Read the inputs' digests (``templates`` when the caller has it already)."""
        if templates is None:
            templates = templates_digest(template_folders)
        content, files = tree_digests(game_dir, (".yaml", ".yml"))
        return cls(templates, content, files)


def templates_digest(folders: list[Path]) -> str:
    """Return the digest of every template folder."""
    return digest(*(tree_digest(folder) for folder in folders))
