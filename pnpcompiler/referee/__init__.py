"""Referee recorded games: rulings, seeded dice, reports, the kinds of record each game reads,
and the engine protocol that replay, bots and simulation share.

A record is a YAML file whose header names the game (``game: rushing-tin``) and the kind of
record (``record: shift`` for a turn-by-turn log, ``record: sector-log`` for a filled-in
sheet). The game's referee package declares each kind with :meth:`Records.kind`; the kind's
function replays the record against the same content the kit is built from and fills a
:class:`Report`. See docs/referee.md.
"""

from __future__ import annotations

from .dice import Dice, RolledDie, check_seeded, first_unseeded, rule_unseeded
from .engine import Engine, play, replay
from .records import RecordKind, Records, records_of, referee_file
from .report import (
    AnyReport,
    RefereeError,
    Report,
    Scores,
    render_report_json,
    render_report_text,
    report_exit_code,
)
from .rulings import Incident, JSONValue, Rulings, render_ruling, ruling, ruling_json
from .views import board_pages, board_stepper, map_trace

__all__ = [
    "AnyReport", "Dice", "Engine", "Incident", "JSONValue", "RecordKind", "Records",
    "RefereeError", "Report", "RolledDie", "Rulings", "Scores", "board_pages", "board_stepper",
    "check_seeded", "first_unseeded", "map_trace", "play", "records_of", "referee_file",
    "render_report_json", "render_report_text", "render_ruling", "replay", "report_exit_code",
    "rule_unseeded", "ruling", "ruling_json",
]
