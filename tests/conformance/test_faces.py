"""Every face each game prints keeps its text clear: no text overlaps art or other text, nears
the cut, or overflows its box (layout/overlaps.py), on its cards, counters, notes, nets,
strips, boards and forms on A4 and Letter."""

from __future__ import annotations

import pytest

from pnpcompiler.layout.overlaps import check_face
from tests.conformance.faces import shipped_faces
from tests.conformance.games import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_every_face_keeps_its_text_clear(game: str) -> None:
    faces, findings = shipped_faces(game)
    assert faces, f"{game} prints no face"
    clashes = [f"{kind} {name}: {clash.code}: {clash.message}"
               for kind, named in faces.items() for name, face in named
               for clash in check_face(face)]
    assert clashes == []
    assert findings == []
