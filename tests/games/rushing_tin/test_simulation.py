"""pnp simulate rushing-tin: shifts played by the controllers of referee/bots.py, refereed legal;
the examples they played; sloppy controllers whose records referee to exactly the rulings the
simulation counted."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from pnpcompiler.content.project import GameContent
from pnpcompiler.games.rushing_tin.referee.bots import Controllers, dump
from pnpcompiler.games.rushing_tin.referee.context import Context
from pnpcompiler.games.rushing_tin.referee.staff import STYLES, Staff
from pnpcompiler.games.rushing_tin.referee.state import Plane
from pnpcompiler.games.rushing_tin.routes import minutes, parse_route
from pnpcompiler.referee import referee_file
from pnpcompiler.referee.batch import referee_batch
from pnpcompiler.referee.simulation import game_seed, prepared
from tests.games.rushing_tin.tables import shift_in_turn_5
from tests.paths import CONTENT, EXAMPLES

Pnp = Callable[..., tuple[int, str]]


def test_the_controllers_still_play_the_solo_example_shift(rushing_tin: GameContent) -> None:
    # examples/rushing-tin/shift-solo.yaml: tools/play_rt_shift.py --atcs 1 --seed 50.
    controllers = Controllers(Staff(rushing_tin), 50, [STYLES["careful"]])
    played = dump(controllers.play(31), "")
    example = (EXAMPLES / "rushing-tin" / "shift-solo.yaml").read_text(encoding="utf-8")
    assert played == example.split("\n", 3)[3]


def test_simulated_shifts_report_money_planes_and_are_legal(
        pnp: Pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = pnp("simulate", "rushing-tin", "--games", "2", "--players", "2", "--bots",
                    "careful,busy", "--seed", "4", "--content", str(CONTENT), "-o", "report",
                    "--records", "games", "--no-plots", "-j", "1")
    assert code == 0, out
    data = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    assert [s["bot"] for s in data["seats"]] == ["careful", "busy"]
    assert data["length"] == {**data["length"], "unit": "turns", "min": 31, "max": 31}
    figures = {f["name"]: f for f in data["figures"]}
    assert list(figures) == ["team money", "planes handed off", "perfect hand-offs",
                             "planes landed", "wrong exits", "planes lost", "collisions",
                             "near misses", "deals", "ATCs fired"]
    assert data["rulings"]["games_with_any"]["count"] == 0
    assert "None: every game the bots played is legal (0 games with a ruling" in out
    records = sorted((tmp_path / "games").glob("*.yaml"))
    refereed = list(referee_batch(records, CONTENT, jobs=1))
    assert [Path(r.path).name for r in refereed] == ["rushing-tin-0.yaml", "rushing-tin-1.yaml"]
    assert [r.path for r in refereed if r.exit_code != 0] == []
    # Seat 1 is the Lead Controller (the referee's scores start at the lead): its money is
    # the first seat's score; the team's is everyone's.
    def tallied(histogram: dict[str, int]) -> list[int]:
        return sorted(int(v) for v, k in histogram.items() for _ in range(k))

    cash = [[s["cash"] for s in r.report["scores"].values()] for r in refereed]
    assert tallied(data["scores"][0]["histogram"]) == sorted(c[0] for c in cash)
    assert tallied(figures["team money"]["histogram"]) == sorted(sum(c) for c in cash)


def test_sloppy_controllers_records_referee_to_exactly_the_rulings_counted(
        tmp_path: Path) -> None:
    simulation, staff = prepared(CONTENT, "rushing-tin")
    assert simulation.play is not None
    seen: Counter[str] = Counter()
    for game in range(2):
        played = simulation.play(staff, ("sloppy-careful@0.2", "careful"), game_seed(6, game),
                                 True)
        assert played.record is not None
        record = tmp_path / f"shift-{game}.yaml"
        record.write_text(played.record, encoding="utf-8")
        report = referee_file(record, CONTENT)
        found = Counter((f.code, str(f.extra.get("rule") or "")) for f in report.findings)
        assert found == Counter(played.rulings)
        seen.update(code for code, _ in played.rulings)
    # The mistakes the game names show as the rulings of their rules.
    assert {"move.level-step", "move.hold", "payment.mismatch"} <= set(seen)


def test_a_shift_is_the_same_whatever_the_process_played_before(rushing_tin: GameContent
                                                                ) -> None:
    # A process keeps the distances and routes it has worked out for every shift after
    # (Staff): they must be the map's alone, or a run would depend on how its games were
    # shared out.
    simulation, _ = prepared(CONTENT, "rushing-tin")
    assert simulation.play is not None
    seats = ("careful", "busy")
    warm = Staff(rushing_tin)
    simulation.play(warm, seats, game_seed(1, 0), False)
    known = len(warm.exits) + len(warm.routes)
    again = simulation.play(warm, seats, game_seed(1, 5), True)
    fresh = simulation.play(Staff(rushing_tin), seats, game_seed(1, 5), True)
    assert known > 0 and again == fresh


def test_a_move_the_controllers_do_not_try_is_ruled_on(rushing_tin: GameContent,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # Choice.best leaves untried a descent to level 2 that sure.low_flying_ruled says
    # the referee must rule on (10.04), and a take-off move that sure.take_off_ruled says
    # breaks 5.02: tried on a fork, each such move of three shifts draws an error, so it could
    # never have been the best; with planes on its way (alone off), an error or a collision.
    from pnpcompiler.games.rushing_tin.referee import choice
    from pnpcompiler.games.rushing_tin.referee.engine import PlaneMove
    from pnpcompiler.games.rushing_tin.referee.sure import low_flying_ruled, take_off_ruled

    checked = []
    best = choice.Choice.best

    def checking(self: choice.Choice, plane: Plane, options: list[PlaneMove]) -> PlaneMove:
        for offered in options:
            for ruled in (low_flying_ruled, take_off_ruled):
                if ruled(self.ctx, plane, offered.move, alone=False):
                    alone = ruled(self.ctx, plane, offered.move)
                    ctx, _ = self.trial(plane, offered)
                    new = ctx.incidents[len(self.ctx.incidents):]
                    assert any(f.severity.value == "error" for f in self.new(ctx)) or (
                        not alone and any(i["kind"] == "collision" for i in new)), offered
                    checked.append((ruled, alone))
        return best(self, plane, options)

    monkeypatch.setattr(choice.Choice, "best", checking)
    # Taking off while a plane comes in to land, as the ATCs do not (choice.LANDING_SOON),
    # puts planes on the way of a departure's move: those moves are checked too.
    monkeypatch.setattr(choice, "LANDING_SOON", -1)
    for seed in (1, 2, 3):
        Controllers(Staff(rushing_tin), seed, [STYLES["careful"], STYLES["busy"]]).play(31)
    kinds = Counter(checked)
    assert kinds[low_flying_ruled, True] > 20 and kinds[take_off_ruled, True] > 20, kinds
    assert kinds[low_flying_ruled, False] > 5 and kinds[take_off_ruled, False] > 5, kinds


def test_with_every_weather_card_drawn_the_controllers_play_on(rushing_tin: GameContent
                                                                ) -> None:
    # The Weather Event deck can run out (its cards stay on the table): a roll of 2 then
    # draws nothing, and the shift goes on, legal.
    controllers = Controllers(Staff(rushing_tin), 3, [STYLES["careful"]])
    controllers.setup()
    deck = controllers.ctx.tables.weather_events
    controllers.ctx.state.events.update({card: deck[card].copies for card in deck})
    turns = [controllers.turn(n) for n in range(1, 32)]
    assert any(t["roll"] == 2 for t in turns)
    assert all("event" not in t for t in turns if t["roll"] == 2)
    assert controllers.ctx.findings == []


def test_a_move_scores_no_better_than_its_bound(rushing_tin: GameContent,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # Choice.best leaves untried a move whose Choice.at_least is worse than the
    # best found so far: tried on a fork, every bounded move of two shifts scores no better
    # than its bound, so leaving it untried never changes the choice.
    from pnpcompiler.games.rushing_tin.referee import choice
    from pnpcompiler.games.rushing_tin.referee.engine import PlaneMove
    from pnpcompiler.games.rushing_tin.referee.sure import fault_ruled

    bounded = []
    best = choice.Choice.best

    def checking(self: choice.Choice, plane: Plane, options: list[PlaneMove]) -> PlaneMove:
        for offered in options:
            bound = self.at_least(plane, offered)
            if bound is not None:
                self.tried.clear()
                assert self.score(plane, offered) >= bound, offered
                bounded.append("deal" if bound in choice.DEALT.values()
                               else "fault" if fault_ruled(self.ctx, plane, offered.move,
                                                           alone=False)
                               else "flying on")
        self.tried.clear()
        return best(self, plane, options)

    monkeypatch.setattr(choice.Choice, "best", checking)
    for seed, styles in ((1, ["careful", "busy"]), (2, ["careful", "busy"]),
                         (3, ["careful", "busy"]), (8, ["careful"])):  # 8: a fault
        Controllers(Staff(rushing_tin), seed, [STYLES[s] for s in styles]).play(31)
    kinds = Counter(bounded)
    assert kinds["flying on"] > 200 and kinds["deal"] > 20 and kinds["fault"] > 10, kinds


def test_a_move_scored_without_a_fork_scores_as_it_does_on_one(
        rushing_tin: GameContent, monkeypatch: pytest.MonkeyPatch) -> None:
    # Choice.quiet_score works out a quiet move's score (flying on, entering, handing off
    # at the edge, taking off, holding on the ground) without trying it: for every move it
    # scores in three shifts, the score is the one the move gets tried on a fork.
    from pnpcompiler.games.rushing_tin.referee import choice
    from pnpcompiler.games.rushing_tin.referee.engine import PlaneMove

    scored: Counter[str] = Counter()
    best = choice.Choice.best

    def checking(self: choice.Choice, plane: Plane, options: list[PlaneMove]) -> PlaneMove:
        for offered in options:
            quick = self.quiet_score(plane, offered, None)
            if quick is not None:
                self.tried.clear()
                assert quick == self.tried_score(plane, offered, None), offered
                scored["taking off" if plane.taking_off else plane.where] += 1
        self.tried.clear()
        return best(self, plane, options)

    monkeypatch.setattr(choice.Choice, "best", checking)
    for seed, styles in ((1, ["careful"]), (2, ["careful", "busy"]), (3, ["busy"] * 3)):
        Controllers(Staff(rushing_tin), seed, [STYLES[s] for s in styles]).play(31)
    assert scored["flying"] > 500 and scored["waiting"] > 20 and scored["taking off"] > 20
    assert scored["ground"] > 5


def test_a_tried_move_settled_as_the_shift_plays_it_as_applied(
        rushing_tin: GameContent, monkeypatch: pytest.MonkeyPatch) -> None:
    # Controllers.choose keeps the fork a chosen move was tried on as the shift after it
    # (ShiftEngine.settle): the shifts, their rulings, incidents and money are those of
    # playing every chosen move on the shift itself.
    from pnpcompiler.games.rushing_tin.referee import bots

    def played(settle: bool, seed: int, styles: list[str]) -> tuple[object, ...]:
        monkeypatch.setattr(bots, "SETTLE_TRIED", settle)
        controllers = Controllers(Staff(rushing_tin), seed, [STYLES[s] for s in styles])
        record = controllers.play(31)
        controllers.end_shift()
        ctx = controllers.ctx
        return (dump(record, ""), ctx.findings, ctx.incidents,
                {a: c.cash for a, c in ctx.state.controllers.items()})

    for seed, styles in ((5, ["careful"]), (6, ["careful", "busy"])):
        assert played(True, seed, styles) == played(False, seed, styles)


def _controller_on_an_empty_map(game: GameContent) -> tuple[Controllers, Context]:
    """Return a solo controller, P, in turn 5 of a shift with nothing on the map."""
    controllers = Controllers(Staff(game), 1, [STYLES["careful"]])
    controllers.ctx = shift_in_turn_5(game, "P")
    controllers.atcs = ["P"]
    return controllers, controllers.ctx


def _fly(ctx: Context, pid: int, flight: str, at: str, facing: int, level: int,
         fault: str | None = None) -> Plane:
    """Put P's plane ``pid`` flying ``flight`` on the map."""
    route = parse_route(flight)
    assert route is not None
    plane = Plane(pid, flight, "P", route.airline, route.entry, route.exit, route.multi,
                  ctx.tables.schedules[flight], minutes("8:45") or 0, active_from=1,
                  where="flying", hex=ctx.names.hex(at), facing=facing, level=level,
                  fault=fault)
    ctx.state.planes[pid] = plane
    return plane


def test_engine_failure_drops_from_the_level_a_vertical_evasive_action_left(
        rushing_tin: GameContent) -> None:
    # ENGINE FAILURE with 7.08: a plane with a failed engine at level 3 passes under one at
    # level 4 on 1107, panics (a 1) and descends to level 2 in evasive action; its engine
    # then drops it to level 1 at the end of the move, which the controller must write (it
    # wrote 2, the drop from where the move began, and the referee ruled event.fault).
    controllers, ctx = _controller_on_an_empty_map(rushing_tin)
    plane = _fly(ctx, 1, "AA306", "0908", 1, 3, fault="engine-1")
    _fly(ctx, 2, "CA201", "1107", 4, 4)
    controllers.roll = lambda: 1  # type: ignore[method-assign]
    move = controllers.choose(plane)
    assert move["near_misses"][0]["evasive"] == {"level": "down"}
    assert move["level"] == 1
    assert [f.code for f in ctx.findings] == []


def test_1_36_the_controllers_accept_a_card_whose_entry_no_plane_is_about_to_block(
        rushing_tin: GameContent) -> None:
    # 1.80 makes the ATC accept a pending card while planes wait in the pool; its plane
    # enters next turn, and 1.36 forbids a move ending in its way. Plane 1, far from entry
    # point 09 (level 4) now, ends its next move straight on at 1408, beside that entry's
    # run at level 4: of AA401 (entering there) and CA201 (at level 2's point), CA201.
    controllers, ctx = _controller_on_an_empty_map(rushing_tin)
    _fly(ctx, 1, "TJ305", "1006", 0, 4)
    assert ctx.movement.path((ctx.names.hex("1006"), 0, 4, False))[-1] == ctx.names.hex("1408")
    ctx.state.controllers["P"].pending = ["AA401", "CA201"]
    ctx.state.pool = {5}
    accepted = controllers.accept_all()
    assert [a["flight"] for a in accepted] == ["CA201"]
