"""The end of a round (8.5): the weather change card the first player turns over and the weather
tiles it replaces or moves, by the recorded readings of contradictions weather-moves-not-terrain
and westerly-starting-airfield (game.yaml)."""

from __future__ import annotations

from ..model import WeatherChange, WeatherTile
from .log import RaceLog, Turn, WeatherTurn
from .state import Race


def check_deal(race: Race, log: RaceLog) -> None:
    """Report the weather dealt against 6.4 and 5.1: a tile on every terrain tile but the
    starting airfield, which never holds one."""
    numbers = [tile.number for tile in race.course]
    missing = [n for n in numbers[1:] if n not in log.weather]
    if missing:
        race.rulings.rule("weather.deal", "6.4", "a weather tile is dealt onto every terrain "
                          f"tile but the starting airfield; none on tile "
                          f"{', '.join(str(n) for n in missing)}", log.where("weather"))
    stray = [n for n in log.weather if n not in numbers[1:]]
    if stray:
        race.rulings.rule("weather.deal", "5.1", "no weather tile is placed on the starting "
                          "airfield or off the course; found one on tile "
                          f"{', '.join(str(n) for n in stray)}", log.where("weather"))


def face_up(race: Race) -> set[int]:
    """Return the course positions whose weather is face up: the tile next to the starting
    airfield, and the tile after each one a machine has entered (8.1)."""
    reached = max((flyer.at for flyer in race.flyers.values()), default=0)
    return set(range(1, min(reached + 2, len(race.course))))


def changed(race: Race, card: WeatherChange) -> list[int]:
    """Return the course positions a card deals new weather onto."""
    if card.change == "terrain":
        return sorted(at for at in face_up(race)
                      if race.course[at].terrain == card.terrain
                      and race.course[at].number in race.weather)
    if card.change == "easterly":
        return [len(race.course) - 1]
    if card.change == "westerly":
        return [1]
    return []


def move(race: Race, card: WeatherChange) -> None:
    """Move every weather tile one space for a wind; the starting airfield never holds one."""
    numbers = [tile.number for tile in race.course]
    step = -1 if card.change == "easterly" else 1
    moved: dict[int, WeatherTile] = {}
    for at in range(1, len(numbers)):
        to = at + step
        if 1 <= to < len(numbers) and numbers[at] in race.weather:
            moved[numbers[to]] = race.weather[numbers[at]]
    race.weather = moved


def end_of_round(race: Race, turn: Turn) -> None:
    """Check the weather change a turn writes against the end of the round (8.5) and apply it;
    call once the turn is counted."""
    ends_round = race.turns % len(race.order) == 0 and not race.over
    change = turn.weather_change
    if change is None:
        if ends_round and race.weather_changes:
            race.rulings.rule("weather.card", "8.5", "when each machine has taken a turn the "
                              "first player turns over a weather change card; none is written",
                              turn.where("machine"), piece=turn.machine)
        return
    where = change.where("card")
    if not ends_round:
        race.rulings.rule("weather.card", "8.5", "a weather change card is turned over only "
                          "when each machine has taken a turn in the round", where,
                          piece=turn.machine)
        return
    card = race.tables.changes.get(change.card)
    if card is None:
        race.rulings.rule("weather.card", "8.5", f"no weather change card {change.card!r}",
                          where, piece=turn.machine)
        return
    draw(race, change)
    apply_card(race, card, change)


def draw(race: Race, change: WeatherTurn) -> None:
    """Turn over a card from the deck, shuffling the discards back once it runs out."""
    if len(race.weather_drawn) == len(race.tables.changes):
        race.weather_drawn.clear()
    if change.card in race.weather_drawn:
        race.rulings.rule("weather.deck", "8.5", f"{change.card} was turned over already; the "
                          f"deck of {len(race.tables.changes)} is shuffled again only once it "
                          "runs out", change.where("card"))
    race.weather_drawn.add(change.card)


def apply_card(race: Race, card: WeatherChange, change: WeatherTurn) -> None:
    """Replace or move the weather a card says, with the tiles the record deals."""
    expected = [race.course[at].number for at in changed(race, card)]
    if sorted(change.dealt) != sorted(expected):
        listed = (f"tiles {', '.join(str(n) for n in expected)}" if expected else
                  "no tile (no face-up weather of its kind)")
        race.rulings.rule("weather.dealt", "8.5", f"{card.id} deals new weather onto "
                          f"{listed}; found {', '.join(str(n) for n in change.dealt) or 'none'}",
                          change.where("dealt"))
    if card.change in ("easterly", "westerly"):
        move(race, card)
    for number, tile_id in change.dealt.items():
        tile = race.tables.weather.get(tile_id)
        if tile is None:
            race.rulings.rule("weather.dealt", "8.5", f"no weather tile {tile_id!r}",
                              change.where("dealt", number))
        elif number in expected:
            race.weather[number] = tile
