"""Resource bombs given to the command: as content, ``pnp validate`` stops at them; as a record,
``pnp referee`` calls it unreadable; both quickly, with exit code 1 or 2 and no traceback.

The time bound is CPU time (not wall time) so a busy machine does not fail the test; the
refusals take milliseconds, and 2 seconds is the promise.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pnpcompiler.core.loader import MAX_BYTES
from tests.core.test_bombs import billion_laughs
from tests.paths import CONTENT, CONTENT_BASE


@pytest.mark.parametrize("bomb", ["laughs", "deep", "huge"])
def test_bombs_given_to_the_referee_are_unreadable(tmp_path: Path, bomb: str) -> None:
    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    path = tmp_path / "record.yaml"
    if bomb == "laughs":
        path.write_text("game: rushing-tin\nrecord: shift\n" + billion_laughs())
    elif bomb == "deep":
        path.write_text("game: rushing-tin\nrecord: shift\nturns: " + "[" * 50_000 + "]" * 50_000)
    else:
        with path.open("wb") as handle:
            handle.truncate(MAX_BYTES + 1)
    start = time.process_time()
    result = CliRunner().invoke(app, ["referee", str(path), "--content", str(CONTENT)])
    assert time.process_time() - start < 2.0
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert {"laughs": "yaml.too-large", "deep": "yaml.too-deep", "huge": "io.too-large"}[bomb] in (
        result.output)


@pytest.mark.parametrize("bomb", ["laughs", "deep"])
def test_bombs_in_content_stop_validation(tmp_path: Path, bomb: str) -> None:
    import shutil

    from typer.testing import CliRunner

    from pnpcompiler.app.cli import app

    shutil.copytree(CONTENT_BASE, tmp_path / "content" / "golden")
    target = tmp_path / "content" / "golden" / "cards" / "deck.yaml"
    target.write_text(billion_laughs() if bomb == "laughs" else "[" * 50_000)
    start = time.process_time()
    result = CliRunner().invoke(app, ["validate", "--content", str(tmp_path / "content")])
    assert time.process_time() - start < 2.0
    assert result.exit_code in (1, 2), result.output
    assert target.name in result.output and "Traceback" not in result.output
