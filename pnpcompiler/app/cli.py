"""The ``pnp`` command line. Commands stay thin: each calls one pipeline function.

Heavy imports (pydantic, yaml, reportlab) happen inside the commands so ``pnp --help`` is instant.
"""

from __future__ import annotations

import atexit
import gc
import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from .. import __version__
from .printer import BuildPrinter

if TYPE_CHECKING:
    from ..build.pipeline import Build

app = typer.Typer(
    name="pnp",
    help="Validate tabletop game content written as YAML and build print-and-play kits.\n\n"
    "Works on the project in the current folder: content from ./content, output to ./out.\n\n"
    "Example:  pnp validate rushing-tin",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

ContentOpt = Annotated[Path, typer.Option("--content", help="Folder holding one folder per game.",
                                          show_default=True)]
GamesArg = Annotated[list[str] | None, typer.Argument(
    help="Games to work on (folder names under the content folder); all when omitted.",
    show_default=False)]
StrictOpt = Annotated[bool, typer.Option("--strict", help="Treat warnings as errors.")]
TemplatesOpt = Annotated[Path, typer.Option(
    "--templates", help="Folder of face templates (<game>/<name>.yaml).")]


class ReportFormat(StrEnum):
    text = "text"
    json = "json"


class ExportFormat(StrEnum):
    json = "json"
    yaml = "yaml"
    tts = "tts"


def _fail_usage(message: str) -> typer.Exit:
    typer.echo(f"pnp: error: {message}", err=True)
    return typer.Exit(2)


def _print_findings(findings: list, *, err: bool = False) -> None:  # type: ignore[type-arg]
    from ..core.findings import render_text

    for finding in findings:
        typer.echo(render_text(finding), err=err)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pnp (pnpcompiler) {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Validate tabletop game content and build print-and-play kits."""


@app.command()
def validate(
    games: GamesArg = None,
    content: ContentOpt = Path("content"),
    templates: TemplatesOpt = Path("templates"),
    output: Annotated[Path, typer.Option(
        "-o", "--output", help="Output folder whose .cache/ keeps checked pieces.")] = Path("out"),
    strict: StrictOpt = False,
    output_format: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] = (
        ReportFormat.text),
) -> None:
    """Check games' content against their schemas and rule checks, and resolve every face's
    templates, pictures and text as a build would (writing nothing but the build cache).

    Prints every finding as file:line:col, then a summary. Exit code 0 when there are no
    errors, 1 when the content has errors, 2 when a file cannot be read.

    Example:  pnp validate rushing-tin --strict
    """
    from ..build.options import BuildOptions, Project
    from ..build.pipeline import Build
    from ..build.validate import validate_game
    from ..content.project import UsageError, select_games
    from ..core.findings import apply_strict, exit_code, summary

    results = []
    everything = []
    build = Build(Project(content, (templates,), output), BuildOptions())
    try:
        for slug in select_games(content, games):
            findings = apply_strict(validate_game(build, slug), strict)
            everything += findings
            results.append((slug, findings))
    except UsageError as exc:
        raise _fail_usage(str(exc)) from None
    if output_format is ReportFormat.json:
        import json

        body = {"games": [{"game": slug, "valid": exit_code(f) == 0,
                           "findings": [x.to_json() for x in f]} for slug, f in results]}
        typer.echo(json.dumps(body, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        for slug, findings in results:
            _print_findings(findings)
            typer.echo(f"{slug}: {summary(findings)}")
    raise typer.Exit(exit_code(everything))


@app.command("list")
def list_games(games: GamesArg = None, content: ContentOpt = Path("content")) -> None:
    """List the games (all, or those named), their components, and counts in content against
    the bill of materials.

    Example:  pnp list rushing-tin
    """
    from ..content.project import UsageError, iter_games
    from ..core.findings import exit_code

    code = 0
    try:
        for slug, game, findings in iter_games(content, games):
            code = max(code, exit_code(findings))
            if game is None:
                typer.echo(f"{slug}: cannot read game.yaml (run 'pnp validate {slug}')\n")
                continue
            m = game.manifest
            players = (f"{m.players.min}" if m.players.min == m.players.max
                       else f"{m.players.min}-{m.players.max}")
            noun = "player" if m.players.max == 1 else "players"
            rulebook = f"{m.edition}, " if m.edition else ""
            typer.echo(f"{slug}: {m.title} ({players} {noun}; {rulebook}rulebook text {m.seed})")
            counts = game.counts()
            width = max(len("component"), *(len(e.id) for e in m.bill_of_materials))
            typer.echo(f"  {'component':<{width}}  {'kind':<9} {'rulebook':>8} {'content':>8}"
                       "  status")
            for entry in m.bill_of_materials:
                have = counts.get(entry.id)
                if not entry.printed:
                    status = "not printed"
                elif have is None:
                    status = "no content yet"
                elif entry.count is None or have == entry.count:
                    status = "ok"
                else:
                    status = "count differs"
                shown = "-" if have is None else str(have)
                stated = "-" if entry.count is None else str(entry.count)
                typer.echo(f"  {entry.id:<{width}}  {entry.kind:<9} {stated:>8} "
                           f"{shown:>8}  {status}")
            errors = sum(1 for f in findings if f.severity.value == "error")
            if errors:
                typer.echo(f"  ({errors} errors: run 'pnp validate {slug}')")
            typer.echo("")
    except UsageError as exc:
        raise _fail_usage(str(exc)) from None
    raise typer.Exit(code)


@app.command()
def export(
    game: Annotated[str, typer.Argument(help="The game to export.", show_default=False)],
    output_format: Annotated[ExportFormat, typer.Option(
        "--format", help="json or yaml: the content model; tts: a Tabletop Simulator saved "
        "object and its pictures.")] = ExportFormat.json,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write to this file instead of standard output; with --format "
        "tts, the folder to write into (required).")] = None,
    content: ContentOpt = Path("content"),
    templates: TemplatesOpt = Path("templates"),
    base_url: Annotated[str, typer.Option(
        "--base-url", metavar="URL", help="With --format tts: where you will host the "
        "pictures (OUT/<game>/ uploaded as it is); local file:// paths when omitted.")] = "",
    back_is_hidden: Annotated[bool, typer.Option(
        "--back-is-hidden", help="With --format tts: other players see a card's back in a "
        "hand (every slot of a sheet is a card) instead of the sheet's last slot.")] = False,
) -> None:
    """Print a game's validated content model (stable, sorted keys), or write it for
    Tabletop Simulator.

    The json and yaml exports hold: format, game, manifest (with defaults filled in), counts
    (pieces per bill-of-materials entry) and components (each content file's model by path).

    --format tts builds the game's faces and writes into OUT/<game>/ (OUT given with -o):
    <game>.json, a saved object to copy into Tabletop Simulator's Saved Objects folder (each
    deck with every copy of its cards, counters in a bag per family, boards), and the
    pictures it names: cards/ (sheets of up to 10 x 7 faces, each with its back), tiles/,
    boards/. See docs/tts.md.

    Example:  pnp export rushing-tin --format json -o rushing-tin.json

    Example:  pnp export rushing-tin --format tts -o tts
    """
    if output_format is ExportFormat.tts:
        if output is None:
            raise _fail_usage("--format tts writes a folder: give it with -o DIR")
        _export_tts(game, content, templates, output, base_url, back_is_hidden)
    if base_url or back_is_hidden:
        raise _fail_usage("--base-url and --back-is-hidden are for --format tts")
    from ..content.export import export_game, to_json, to_yaml
    from ..content.project import UsageError, load_game, select_games
    from ..core.files import write_atomic
    from ..core.findings import exit_code

    try:
        select_games(content, [game])
    except UsageError as exc:
        raise _fail_usage(str(exc)) from None
    loaded, findings = load_game(content, game)
    code = exit_code(findings)
    if loaded is None or code:
        _print_findings(findings, err=True)
        typer.echo(f"pnp: not exported: {game} has errors", err=True)
        raise typer.Exit(code or 1)
    data = export_game(loaded)
    text = to_json(data) if output_format is ExportFormat.json else to_yaml(data)
    if output is None:
        typer.echo(text, nl=False)
    else:
        write_atomic(output, text)
        typer.echo(f"wrote {output}", err=True)


def _export_tts(game: str, content: Path, templates: Path, output: Path, base_url: str,
                back_is_hidden: bool) -> None:
    """Build a game's faces and write them as Tabletop Simulator objects; exit."""
    from ..build.options import BuildOptions, Project
    from ..build.outputs.tts import TabletopSimulator
    from ..build.pipeline import Build

    printer = BuildPrinter(quiet=False)
    # The folder may hold a kit as well: an export removes none of its files.
    run = Build(Project(content, (templates,), output), BuildOptions(svg=False),
                games=[game], outputs=[TabletopSimulator(base_url, back_is_hidden)],
                listen=printer, remove_stale=False)
    _run_build(run, printer)


@app.command()
def build(
    games: GamesArg = None,
    content: ContentOpt = Path("content"),
    templates: TemplatesOpt = Path("templates"),
    output: Annotated[Path, typer.Option("-o", "--output", help="Output folder.")] = Path("out"),
    paper: Annotated[list[str] | None, typer.Option(
        help="Paper: a4 (the default), letter or a3; repeat for a PDF of each.")] = None,
    bleed: Annotated[float | None, typer.Option(
        help="Bleed around each item, in mm (3; a --profile sets its own).",
        show_default=False)] = None,
    safe: Annotated[float, typer.Option(
        help="How far inside the cut text keeps, in mm; closer is a warning.")] = 3.0,
    no_crop_marks: Annotated[bool, typer.Option(
        "--no-crop-marks", help="Leave out the crop marks.")] = False,
    duplex: Annotated[str, typer.Option(
        help="long or short: the edge the printer flips the sheet over; fold: fronts and backs "
        "side by side on one page, to fold in half and glue.")] = "long",
    back_offset: Annotated[str, typer.Option(
        help="Shift backs by X,Y mm to correct a printer's misalignment (the back of the "
        "kit's calibration sheet reads it).")] = "0,0",
    ink_saver: Annotated[bool, typer.Option(
        "--ink-saver", help="Grayscale, no full-bleed backgrounds (adds -ink-saver to names).")
    ] = False,
    png: Annotated[int, typer.Option(
        "--png", metavar="DPI", help="Also write a PNG of every face at DPI (e.g. 150) to "
        "OUT/<game>/png/; none when 0.")] = 0,
    only: Annotated[list[str] | None, typer.Option(
        help="Build only this component (bill-of-materials id); repeatable.")] = None,
    strict: StrictOpt = False,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="One line per file written: no progress bar, no per-component "
        "lines, no list of what is not printed; warnings as a one-line count.")] = False,
    svg: Annotated[bool, typer.Option(
        "--svg/--no-svg", help="Write an SVG of every face and board to OUT/<game>/svg/ "
        "(--no-svg: only what prints).")] = True,
    no_cache: Annotated[bool, typer.Option(
        "--no-cache", help="Build everything afresh: no cached piece is read or kept.")
    ] = False,
    profile: Annotated[str | None, typer.Option(
        "--profile", metavar="SHOP", help="Also write the files a print shop takes, into "
        "OUT/<game>/<SHOP>/, after checking every card against it (nothing is written when "
        "a check fails): tgc (The Game Crafter), mpc (MakePlayingCards), dtc "
        "(DriveThruCards), or a profile file (.yaml).", show_default=False)] = None,
    changed_since: Annotated[str | None, typer.Option(
        "--changed-since", metavar="BUILD|REV", help="Also write <game>-<paper>-changed.pdf: "
        "only the items whose front or back changed since BUILD (last: the last build into "
        "OUT; or the build id pnp build printed) or since REV, a git revision of the project "
        "(built from a git archive of it in a temporary folder); each face's version mark, "
        "printed in the bleed beside it, tells which printed card a new one replaces.",
        show_default=False)] = None,
) -> None:
    """Validate games and write their print-and-play kits into the output folder.

    For each game that validates, writes into OUT/<game>/: content.json (the exported
    content model); <game>-<paper>.pdf, the kit: a calibration sheet (rulers, the printer's
    margin, a duplex alignment target) and the contents (what to print how, by page range),
    then every card, counter, note and cube net imposed with bleed and crop marks, each sheet
    of fronts followed by its backs placed for duplex printing, then the one-sided sheets
    (items without backs, the printable forms such as Rushing Tin's Sector Log, the boards
    tiled over several pages with overlap and alignment marks), each followed by a blank back
    so that the whole PDF prints double-sided; with --duplex fold every page is one-sided.
    svg/<component>/<id>.svg
    for every face and board; boards/<board>-a3.pdf (scaled to one A3 page) and
    boards/<board>-poster.pdf (true size); png/ with --png.

    Files are made in OUT/.cache/<game>/ and moved into OUT/<game>/ only when the whole kit is
    made: a game with errors, or a build that is interrupted, leaves the previous kit as it
    was. Rebuilds are incremental: a game whose content, templates and options did not change
    is reported up to date without being loaded, and a changed card lays out only its own
    faces again (OUT/.cache is safe to delete; --no-cache ignores it). Files an earlier build wrote
    that these options no longer make (a Letter PDF, PNGs) are removed, each named; nothing
    else in OUT is touched, and a build with --only removes nothing.

    Every card and counter carries a version mark, a short digest of what its face prints,
    in the bleed under its bottom-left corner (cut away with the bleed); pnp build prints the
    build's id, and --changed-since that id (or last, or a git revision) later writes a PDF
    of only the items that changed, with their backs.

    Example:  pnp build rushing-tin --paper a4 --paper letter --back-offset 0.5,-1 -o out
    Example:  pnp build rushing-tin --changed-since last   (or a build id, or HEAD~3)
    """
    from ..build.options import (
        BuildOptions,
        OptionError,
        Project,
        parse_back_offset,
        parse_duplex,
        parse_papers,
    )
    from ..build.pipeline import Build
    from ..build.profiles import ProfileError, load_profile

    try:
        shop = load_profile(profile) if profile is not None else None
        if bleed is None:
            bleed = shop.bleed if shop is not None else 3.0
        options = BuildOptions(papers=parse_papers(paper or []), bleed=bleed, safe=safe,
                               crop_marks=not no_crop_marks, duplex=parse_duplex(duplex),
                               back_offset=parse_back_offset(back_offset),
                               only=tuple(only or ()), ink_saver=ink_saver, png_dpi=png,
                               svg=svg, strict=strict, cache=not no_cache, profile=shop,
                               changed_since=changed_since or "")
    except (OptionError, ProfileError) as exc:
        raise _fail_usage(str(exc)) from None
    printer = BuildPrinter(quiet=quiet)
    run = Build(Project(content, (templates,), output), options, games=games, listen=printer)
    _leave_without_collecting()
    _run_build(run, printer)


def _leave_without_collecting() -> None:
    """Have the process freeze what is still alive when it exits, before Python's exit
    walks it."""
    # Leaving, Python collects cycles over every object left (each module imported, what
    # the build remembers of the kit's elements): a sixth of a 540-card build's time, to
    # free memory the process gives back whole as it ends. Only at exit: a build run in a
    # longer process (the tests, a server) leaves its collector as it was.
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)


def _run_build(run: Build, printer: BuildPrinter) -> NoReturn:
    """Run a build, printing its events; exit with its code (2 for a usage error, 130 when
    interrupted)."""
    from ..build.options import OptionError
    from ..content.project import UsageError

    try:
        code = run.run()
    except (UsageError, OptionError) as exc:
        raise _fail_usage(str(exc)) from None
    except KeyboardInterrupt:
        printer.interrupted()
        raise typer.Exit(130) from None
    finally:
        printer.close()
    raise typer.Exit(code)


@app.command()
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

    Example:  pnp referee shift.yaml --format json
              pnp referee --batch logs/ --format json > reports.jsonl
              pnp referee --batch 'logs/**/*.yaml' --scheduler tcp://scheduler.lan:8786
    """
    from ..core.files import write_atomic
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
            raise _fail_usage("--batch referees the records it finds: give no RECORD, "
                              "--board, --map-trace or -o with it")
        from ..referee.batch import BatchError
        from ..referee.executor import SchedulerError
        from .batch import referee_many

        try:
            code = referee_many(batch, content, as_json=output_format is ReportFormat.json,
                                jobs=jobs, cache=cache, scheduler=scheduler)
        except (BatchError, SchedulerError) as exc:
            raise _fail_usage(str(exc)) from None
        raise typer.Exit(code)
    if log is None:
        raise _fail_usage("give the RECORD to referee, or --batch DIR|GLOB")
    if scheduler is not None:
        raise _fail_usage("--scheduler is for --batch: one record is refereed here")
    if output is not None and board is None and not map_trace:
        raise _fail_usage("-o is for --board or --map-trace; the report goes to standard output")
    if board is not None and map_trace:
        raise _fail_usage("use --board or --map-trace, not both")
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
            raise _fail_usage(str(exc)) from None
        target = output or Path(f"{log.stem}-trace.svg")
        write_atomic(target, svg)
        typer.echo(f"wrote {target}", err=True)
    if board is not None and code != 2:
        try:
            pages = board_pages(report, board)
        except ValueError as exc:
            raise _fail_usage(str(exc)) from None
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


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="The game (its folder under the content folder).",
                                        show_default=False)],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 1000,
    bots: Annotated[str | None, typer.Option(
        "--bots", metavar="NAME[,NAME...]", help="The bot in each seat, in turn order, "
        "repeated round the table (default: the game's first bot everywhere). sloppy-NAME "
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
        "pnp referee reads (GAME-N.yaml, N padded to the run's size).")] = None,
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

    Example:  pnp simulate air-cargo --games 10000 --seed 1

    Example:  pnp simulate two-airport --players 3 --bots racing,random --records games/

    Example:  pnp simulate rushing-tin --players 2 --bots careful,busy --games 200

    Example:  pnp simulate air-cargo --bots sloppy-careful@0.1 --records games/
    """
    from ..core.store import CACHE_DIR
    from ..referee.executor import SchedulerError
    from ..referee.simulation import SimulationError
    from .simulate import SimulateOptions
    from .simulate import simulate as run_simulation

    options = SimulateOptions(
        game, games, [b.strip() for b in bots.split(",") if b.strip()] if bots else [], seed,
        players, content, output or Path("out") / "simulate" / game, records, jobs, scheduler,
        plots, None if no_cache else Path("out") / CACHE_DIR)
    try:
        code = run_simulation(options)
    except (SimulationError, SchedulerError) as exc:
        raise _fail_usage(str(exc)) from None
    raise typer.Exit(code)


@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="The game (its folder under the content folder).",
                                        show_default=False)],
    content: ContentOpt = Path("content"),
    tests: Annotated[Path | None, typer.Option(
        "--tests", help="Folder of the project's tests whose names and golden cases cite "
        "rules; tests/ beside the content folder when omitted (none if it is absent).",
        show_default=False)] = None,
    output_format: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] = (
        ReportFormat.text),
    uncovered: Annotated[bool, typer.Option(
        "--uncovered", help="List only the rules no check covers: those with neither a check "
        "nor a reason, and those marked not-yet-checked.")] = False,
) -> None:
    """Map each rule of a game's rulebook to the referee's checks and the tests that cite
    it, or the reason a record cannot show it.

    The rulebook is the game's content file of kind 'rulebook'; the checks are found by
    reading the game's rules package. Exit code 0 when every rule has a check or a stated
    reason, 1 when some have neither (or the rulebook has errors), 2 for an unknown game or
    a game without a rulebook.

    Example:  pnp rules rushing-tin --format json
    """
    from ..content.project import UsageError
    from ..content.rulemap import build_map, display_tests, exit_code, render_json
    from ..content.rulemap import render_text as render_map
    from ..core.findings import render_text

    tests_dir = tests if tests is not None else content.parent / "tests"
    try:
        rule_map, findings = build_map(content, game, display_tests(tests_dir))
    except UsageError as exc:
        raise _fail_usage(str(exc)) from None
    if rule_map is None:
        for finding in findings:
            typer.echo(render_text(finding), err=True)
        typer.echo(f"{game}: no map until the errors above are fixed", err=True)
        raise typer.Exit(1)
    if output_format is ReportFormat.json:
        typer.echo(render_json(rule_map, uncovered=uncovered))
    else:
        typer.echo(render_map(rule_map, uncovered=uncovered))
    raise typer.Exit(exit_code(rule_map))


@app.command()
def schema(
    output: Annotated[Path, typer.Option("-o", "--output", help="Folder to write into.")] = Path(
        "schemas"),
    content: ContentOpt = Path("content"),
    templates: TemplatesOpt = Path("templates"),
    check: Annotated[bool, typer.Option(
        "--check", help="Write nothing: name each schema that is missing or differs from what "
        "would be written, and exit 1 if any does (for CI, after content changes).")] = False,
) -> None:
    """Write a JSON Schema for game.yaml, every component kind and every kind of record.

    Generic kinds go to OUT/<kind>.schema.json, a game's own kinds to
    OUT/<game>/<kind>.schema.json, the records its referee reads to
    OUT/<game>/<record>-record.schema.json. Every field that names something defined
    elsewhere (a template, a card back, a game's routes, airports, hexes...) lists the values
    the content defines as an enum, so an editor completes them and flags a dangling one as
    you type. Those values come from the content: run pnp schema again after adding or
    renaming ids (pnp schema --check tells whether the folder is stale).

    Point an editor at a schema with a first line such as
    '# yaml-language-server: $schema=../../schemas/deck.schema.json' (content) or
    '# yaml-language-server: $schema=../../schemas/rushing-tin/shift-record.schema.json'
    (a record) to get completion and errors as you type.

    Example:  pnp schema -o schemas
    """
    import json

    from ..content.json_schema import all_schemas, write_schemas
    from ..referee.records import record_models

    if not check:
        for path in write_schemas(output, content, [templates], record_models):
            typer.echo(f"wrote {path}")
        return
    stale = []
    for rel, body in sorted(all_schemas(content, [templates], record_models).items()):
        try:
            same = json.loads((output / rel).read_text("utf-8")) == body
        except (OSError, ValueError):
            same = False
        if not same:
            stale.append(rel)
            typer.echo(f"{output / rel}: stale (pnp schema -o {output} rewrites it)")
    if stale:
        raise typer.Exit(1)
    typer.echo(f"{output}: every schema is up to date")


@app.command()
def new(
    game: Annotated[str, typer.Argument(help="Folder name for the game (lowercase, hyphens).",
                                        show_default=False)],
    title: Annotated[str | None, typer.Option(help="The game's title.")] = None,
    content: ContentOpt = Path("content"),
    templates: Annotated[Path | None, typer.Option(
        "--templates", help="Folder of face templates; templates/ beside the content folder "
        "when omitted.", show_default=False)] = None,
) -> None:
    """Create a new game: a content folder with a manifest, a sample deck and a rules module,
    and the deck's front and back templates.

    The new game validates and builds straight away (pnp build prints its cards); edit it
    from there.

    Example:  pnp new my-game --title "My Game"
    """
    from .scaffold import ScaffoldError, scaffold

    try:
        created = scaffold(content, game, title or game.replace("-", " ").title(), templates)
    except ScaffoldError as exc:
        raise _fail_usage(str(exc)) from None
    for path in created:
        typer.echo(f"created {path}")
    typer.echo(f"next: pnp validate {game}, then pnp build {game}")


@app.command()
def preview(
    games: GamesArg = None,
    content: ContentOpt = Path("content"),
    templates: TemplatesOpt = Path("templates"),
    output: Annotated[Path, typer.Option(
        "-o", "--output", help="Output folder whose .cache/ keeps laid-out faces.")] = Path("out"),
    port: Annotated[int, typer.Option(
        "--port", min=0, max=65535, help="Port on 127.0.0.1 (0: any free port).")] = 8000,
) -> None:
    """Serve a live preview page of games on 127.0.0.1: every face as SVG grouped by
    component, boards and forms too, each finding beside the face it concerns, search by id
    and text.

    Saving a content or template file lays out again only what changed (the build cache) and
    updates the open page; changed faces are highlighted. While a file has errors the page
    shows them and keeps the last good drawing. Ctrl-C stops the server. See docs/preview.md.

    Example:  pnp preview rushing-tin --port 8000   (then open http://127.0.0.1:8000/)
    """
    from ..build.options import Project
    from ..content.project import UsageError
    from .preview import PortUnavailable, serve_preview

    try:
        serve_preview(Project(content, (templates,), output), games, port, typer.echo)
    except (UsageError, PortUnavailable) as exc:
        raise _fail_usage(str(exc)) from None


def run() -> None:
    """Entry point: run the app; an unexpected error is one line, not a traceback."""
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("pnp: interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # a bug in pnp: say so in one line unless asked for the trace
        if os.environ.get("PNP_DEBUG"):
            raise
        typer.echo(f"pnp: internal error: {type(exc).__name__}: {exc} "
                   "(set PNP_DEBUG=1 to see the traceback)", err=True)
        sys.exit(3)
