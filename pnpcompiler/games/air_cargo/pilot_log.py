"""The two pilot logs as printable forms (generic sheet sections): the tables side by side,
the rows of tick boxes, the hazard check, the score, and the leg template at the lower right
corner; the first-game version adds the rules' descriptions beside each part."""

from __future__ import annotations

from typing import Any

from ...content.components import FormSheet, Sheet
from ...content.plugin import Rules
from ...content.project import GameContent
from ...layout.hooks import FORM
from .board import airport_id
from .checks import game_map, game_rules
from .model import AirCargoMap, AirCargoRules, Descriptions, PilotLog

rules = Rules()
"""This module's checks and hooks; the game's package includes them."""

RULER_DIVISIONS = 10
DESCRIPTION_PT = 7.5
"""Size of the first-game descriptions, in points."""


def _tick(width: str = "7mm") -> dict[str, Any]:
    return {"title": "", "width": width, "tick": True}


def cargo_table(tables: AirCargoRules, row_height: str) -> dict[str, Any]:
    """Return CARGO WEIGHT: a box to tick, the weight, its class and number."""
    hazard = {c.name: c.hazard for c in tables.cargo_classes}
    return {"kind": "table", "id": "cargo-weight", "title": "CARGO WEIGHT",
            "columns": [_tick(), {"title": "WEIGHT", "width": "15mm"}, "CLASS"],
            "rows": [["", box.weight, f"{box.cargo_class} {hazard.get(box.cargo_class, '')}"]
                     for box in tables.cargo],
            "row_height": row_height}


def weather_table(tables: AirCargoRules, row_height: str) -> dict[str, Any]:
    """Return WEATHER HAZARD: a box per leg on each row, then the weather numbers."""
    weather = tables.weather
    boxes = [_tick("6.5mm") for _ in range(weather.boxes_per_row)]
    return {"kind": "table", "id": "weather-hazard", "title": "WEATHER HAZARD",
            "columns": [*boxes, *({"title": c.title} for c in weather.columns)],
            "rows": [["" for _ in boxes] + list(row) for row in weather.rows],
            "row_height": row_height}


def airports_table(board: AirCargoMap | None, row_height: str) -> dict[str, Any]:
    """Return AIRPORTS: a box to tick when planned and cross out when visited, ID, name; the
    start airport last, already crossed out as the table prints it."""
    airports = board.airports if board else []
    ordered = sorted((a for a in airports if not a.start), key=lambda a: str(a.dice_id))
    rows: list[list[Any]] = [["", airport_id(a), (a.name or a.id).upper()] for a in ordered]
    rows += [["X", airport_id(a), f"{(a.name or a.id).upper()} - START"]
             for a in airports if a.start]
    return {"kind": "table", "id": "airports", "title": "AIRPORTS",
            "columns": [_tick(), {"title": "ID", "width": "15mm"},
                        {"title": "AIRPORT", "align": "left"}],
            "rows": rows, "row_height": row_height}


def hazard_check_text(tables: AirCargoRules) -> str:
    """Return the hazard check summary as the pilot log prints it."""
    check = tables.hazard_check
    return ("+ Hazard, land or mountain<br/>+ Weather<br/>+ Cargo class number<br/>"
            f"+ {check.dice} dice roll<br/><b>= {check.pass_at_most} or less to pass</b>")


def ranks_text(tables: AirCargoRules) -> str:
    """Return the score thresholds, one a line."""
    return "<br/>".join(f"<b>{r.points}</b> points or more: {r.name}"
                        for r in tables.scoring.ranks)


def _boxes(id_: str, title: str, count: int) -> dict[str, Any]:
    return {"kind": "boxes", "id": id_, "title": title, "count": count}


def _text(id_: str, text: str, title: str | None = None,
          size: float | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": "text", "id": id_, "text": text}
    if size is not None:
        out["size"] = size
    return {**out, "title": title} if title else out


def _with(section: dict[str, Any], words: Descriptions | None, key: str) -> list[dict[str, Any]]:
    """Return a section, followed by its description on the first-game log."""
    if words is None:
        return [section]
    return [section, _describe(f"{section['id']}-description", getattr(words, key))]


def _describe(id_: str, text: str) -> dict[str, Any]:
    return _text(id_, f"<i>{text}</i>", size=DESCRIPTION_PT)


def leg_ruler(board: AirCargoMap, words: Descriptions | None) -> dict[str, Any]:
    """Return the leg template: the longest leg at map scale, at the lower right corner."""
    step = board.leg_length / RULER_DIVISIONS
    labels = [f"{step * k:g}" if k % 2 == 0 else "" for k in range(RULER_DIVISIONS + 1)]
    ruler: dict[str, Any] = {
        "kind": "ruler", "id": "leg-template", "title": "STEP DISTANCE",
        "length": f"{board.leg_mm:g}mm", "height": "9mm", "divisions": RULER_DIVISIONS,
        "tick_labels": labels, "align": "right", "at_foot": True,
        "label": f"longest leg: {board.leg_length:g} {board.unit_name}s"}
    if words is not None:
        ruler["note"] = words.leg_template
    return ruler


def score_table(row_height: str) -> dict[str, Any]:
    """Return the score tally: delivered points, what is subtracted, the total."""
    return {"kind": "table", "id": "score", "title": "SCORE",
            "columns": [{"title": "", "align": "left"}, {"title": "POINTS", "width": "15mm"}],
            "rows": [["Delivered cargo", ""], ["- Cargo not delivered", ""],
                     ["- Airports not visited", ""], ["SCORE", ""]],
            "row_height": row_height}


def pilot_log_sections(log: PilotLog, tables: AirCargoRules, board: AirCargoMap | None
                       ) -> list[dict[str, Any]]:
    """Return the pilot log's sections, top to bottom."""
    words = log.descriptions
    row_h = "5mm" if words else "7.5mm"
    boxes = tables.boxes
    sections: list[dict[str, Any]] = []
    if words:
        sections.append({"kind": "panels", "id": "phases", "panels": [
            {"sections": [_text("planning", words.planning, "PLANNING", DESCRIPTION_PT)]},
            {"sections": [_text("flight", words.flight, "FLIGHT", DESCRIPTION_PT)]}]})
    sections.append({"kind": "panels", "id": "tables", "gap": "4mm", "panels": [
        {"width": "50mm", "sections": _with(cargo_table(tables, row_h), words, "cargo")},
        {"width": "64mm", "sections": _with(weather_table(tables, row_h), words, "weather")},
        {"sections": _with(airports_table(board, row_h), words, "destination")}]})
    sections.append({"kind": "panels", "id": "boxes-check-score", "gap": "6mm", "panels": [
        {"width": "78mm", "sections": [
            _boxes("plan-reroll", "PLAN REROLL", boxes.plan_reroll.count),
            *_with(_boxes("stamina", "STAMINA", boxes.stamina.count), words, "stamina"),
            *_with(_boxes("prayer-reroll", "PRAYER REROLL", boxes.prayer_reroll.count), words,
                   "prayer")]},
        {"width": "44mm", "sections": _with(_text("hazard-check", hazard_check_text(tables),
                                                  "HAZARD CHECK"), words, "hazard_check")},
        {"sections": [score_table("5.5mm"),
                      *([_describe("score-description", words.score)] if words else []),
                      _text("ranks", ranks_text(tables), size=DESCRIPTION_PT + 0.5)]}]})
    if board is not None:
        sections.append(leg_ruler(board, words))
    return sections


@rules.on(FORM, PilotLog)
def pilot_log(game: GameContent, log: PilotLog) -> Sheet | None:
    """Return a pilot log as a one-page form, from the rules tables and the map."""
    tables = game_rules(game)
    if tables is None:
        return None
    board = game_map(game)
    version = " (FIRST GAME)" if log.version == "first-game" else ""
    edition = f" {log.edition}" if log.edition else ""
    return FormSheet.model_validate({
        "kind": "sheet", "component": log.component, "name": log.name,
        "title": f"AIR CARGO - {log.title}{edition}{version}", "orientation": "portrait",
        "copies": log.copies, "sections": pilot_log_sections(log, tables, board)})
