"""The commands about games played: ``pnp referee`` (a recorded game, or many) and
``pnp simulate`` (bots playing a game many times).

``cli`` registers them. Heavy imports (pydantic, yaml, the games' referees) happen inside the
commands so ``pnp --help`` is instant.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .options import ContentOpt, ReportFormat, fail_usage


def referee(
    log: Annotated[Path | None, typer.Argument(help="The recorded game (YAML).",
                                               show_default=False)] = None,
    content: ContentOpt = Path("content"),
    output_format: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] = (
        ReportFormat.text),
    board: Annotated[str | None, typer.Option(
        "--board", metavar="TURN|all", help="Also draw the board at the end of a turn (SVG), "
        "or of every turn with an HTML page to step through them.")] = None,
    map_trace: Annotated[bool, typer.Option(
        "--map-trace", help="Also draw the whole game on its map (the route flown, the checks "
        "and their results) as an SVG (games that draw one, e.g. Air Cargo).")] = False,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Where --board or --map-trace writes: FILE.svg for one turn or "
        "a trace, a folder for --board all.")] = None,
    no_cache: Annotated[bool, typer.Option(
        "--no-cache", help="Check the content afresh: the results of its rule checks are "
        "otherwise kept in out/.cache (shared with pnp build) while it does not change.")
        ] = False,
    batch: Annotated[str | None, typer.Option(
        "--batch", metavar="DIR|GLOB", help="Referee every record in a folder (its .yaml files, "
        "sub-folders included) or matching a glob ('logs/**/*.yaml'): a line each (JSON Lines "
        "with --format json), then a summary. Exit 1 when any record is not legal.")] = None,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, help="Processes for --batch (default: every core).")] = None,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="tcp://HOST:PORT", help="Referee --batch on a Dask distributed "
        "cluster (the dask extra) instead of local processes; the same output.")] = None,
) -> None:
    """Replay a recorded game against its content and report every illegal move or scoring
    error with its line, turn and the rulebook's rule number, then the scoreboard.

    The record's header names the game and the kind of record (see docs/referee.md). Exit
    code 0 when the record is legal, 1 when it has findings, 2 when it cannot be read.

    \b
    Example:  pnp referee shift.yaml --format json
              pnp referee --batch logs/ --format json > reports.jsonl
              pnp referee --batch 'logs/**/*.yaml' --scheduler tcp://scheduler.lan:8786
    """
    from ..core.files import folder_problem, write_atomic
    from ..core.store import CACHE_DIR
    from ..referee import (
        board_pages,
        board_stepper,
        referee_file,
        render_report_json,
        render_report_text,
        report_exit_code,
    )
    from ..referee import (
        map_trace as map_trace_svg,
    )

    cache = None if no_cache else Path("out") / CACHE_DIR
    if batch is not None:
        if log is not None or board is not None or map_trace or output is not None:
            raise fail_usage("--batch referees the records it finds: give no RECORD, "
                              "--board, --map-trace or -o with it")
        _check_content(content)
        from ..referee.batch import BatchError
        from ..referee.executor import SchedulerError
        from .batch import referee_many

        try:
            code = referee_many(batch, content, as_json=output_format is ReportFormat.json,
                                jobs=jobs, cache=cache, scheduler=scheduler)
        except (BatchError, SchedulerError) as exc:
            raise fail_usage(str(exc)) from None
        raise typer.Exit(code)
    if log is None:
        raise fail_usage("give the RECORD to referee, or --batch DIR|GLOB")
    if scheduler is not None:
        raise fail_usage("--scheduler is for --batch: one record is refereed here")
    if output is not None and board is None and not map_trace:
        raise fail_usage("-o is for --board or --map-trace; the report goes to standard output")
    if board is not None and map_trace:
        raise fail_usage("use --board or --map-trace, not both")
    _check_content(content)
    drawn_into = (output or Path(f"{log.stem}-boards") if board == "all"
                  else (output or log).parent if board is not None or map_trace else None)
    problem = None if drawn_into is None else folder_problem(drawn_into)
    if problem is not None:  # said before the report, not after it
        raise fail_usage(problem)
    report = referee_file(log, content, log.as_posix(), cache=cache)
    if output_format is ReportFormat.json:
        typer.echo(render_report_json(report))
    else:
        typer.echo(render_report_text(report))
    code = report_exit_code(report)
    if map_trace and code != 2:
        try:
            svg = map_trace_svg(report)
        except ValueError as exc:
            raise fail_usage(str(exc)) from None
        target = output or Path(f"{log.stem}-trace.svg")
        write_atomic(target, svg)
        typer.echo(f"wrote {target}", err=True)
    if board is not None and code != 2:
        try:
            pages = board_pages(report, board)
        except ValueError as exc:
            raise fail_usage(str(exc)) from None
        if board == "all":
            folder = output or Path(f"{log.stem}-boards")
            for turn, svg in pages:
                write_atomic(folder / f"turn-{turn:02d}.svg", svg)
            write_atomic(folder / "index.html", board_stepper(pages, f"{report.game}: {log.name}"))
            typer.echo(f"wrote {len(pages)} boards and {folder / 'index.html'}", err=True)
        else:
            target = output or Path(f"{log.stem}-turn-{int(board):02d}.svg")
            write_atomic(target, pages[0][1])
            typer.echo(f"wrote {target}", err=True)
    raise typer.Exit(code)


def _check_content(content: Path) -> None:
    """Stop with a usage error when the content folder is missing or a file: every record
    would be refereed against no game at all."""
    from ..content.project import content_folder_problem

    problem = content_folder_problem(content)
    if problem is not None:
        raise fail_usage(problem)


def simulate(
    game: Annotated[str, typer.Argument(help="The game (its folder under the content folder).",
                                        show_default=False)],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 1000,
    bots: Annotated[str | None, typer.Option(
        "--bots", metavar="NAME[,NAME...]", help="The bot in each seat, in turn order, "
        "repeated round the table (default: the game's first bot everywhere; one bot only "
        "where it plays for the whole table: magnificent-flying-machines, now-boarding). "
        "sloppy-NAME "
        "breaks the game's rules on purpose, at 5% of its decisions; sloppy-NAME@0.2 at "
        "20%.")] = None,
    seed: Annotated[int, typer.Option("--seed", help="The run's seed; each game's seed is "
                                      "derived from it and the game's number.")] = 1,
    players: Annotated[int | None, typer.Option(
        "--players", "-p", min=1, help="Players a game (default: the fewest it seats).")
        ] = None,
    content: ContentOpt = Path("content"),
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Folder for the report (report.md, report.html, report.json) "
        "and plots [default: out/simulate/GAME].", show_default=False)] = None,
    records: Annotated[Path | None, typer.Option(
        "--records", metavar="DIR", help="Also write every game as a record that "
        "pnp referee reads (GAME-N.yaml, N padded to the run's size); the records an "
        "earlier run of this game left there are removed, other files (another game's "
        "records too) kept.")] = None,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, help="Local processes (default: every core).")] = None,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="tcp://HOST:PORT", help="Play on a Dask distributed cluster "
        "(the dask extra) instead of local processes; the same report, byte for byte.")
        ] = None,
    plots: Annotated[bool, typer.Option(
        "--plots/--no-plots", help="Draw the plots (PNG and SVG; needs the plots extra).")
        ] = True,
    no_cache: Annotated[bool, typer.Option(
        "--no-cache", help="Check the content afresh instead of using out/.cache.")] = False,
) -> None:
    """Let bots play a game many times and write a balance report: winners by seat, game
    length, how games end, scores against the game's thresholds, what else the game counts,
    the commonest rulings of bots that break rules on purpose, exact chances beside the
    simulated ones, each with its 95% interval (see docs/simulate.md).

    Games with bots: air-cargo, two-airport, now-boarding, magnificent-flying-machines,
    rushing-tin. A run reproduces exactly from its seed, with any number of processes or a
    cluster.

    \b
    Example:  pnp simulate air-cargo --games 10000 --seed 1
              pnp simulate two-airport --players 3 --bots racing,random --records games/
              pnp simulate rushing-tin --players 2 --bots careful,busy --games 200
              pnp simulate air-cargo --bots sloppy-careful@0.1 --records sloppy/
    """
    from ..content.project import UsageError, select_games
    from ..core.store import CACHE_DIR
    from ..referee.executor import SchedulerError
    from ..referee.simulation import SimulationError
    from .simulate import SimulateOptions
    from .simulate import simulate as run_simulation

    try:
        select_games(content, [game])
    except UsageError as exc:
        raise fail_usage(str(exc)) from None
    options = SimulateOptions(
        game, games, [b.strip() for b in bots.split(",") if b.strip()] if bots else [], seed,
        players, content, output or Path("out") / "simulate" / game, records, jobs, scheduler,
        plots, None if no_cache else Path("out") / CACHE_DIR)
    try:
        code = run_simulation(options)
    except (SimulationError, SchedulerError) as exc:
        raise fail_usage(str(exc)) from None
    raise typer.Exit(code)
