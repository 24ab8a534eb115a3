"""The ``pnp`` command line. Commands stay thin: each calls one pipeline function.

Heavy imports (pydantic, yaml, reportlab) happen inside the commands so ``pnp --help`` is instant.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from .. import __version__

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

    from ..build.cache import Inputs
    from ..build.kit import KitOptions
    from ..content.project import GameContent
    from ..core.findings import Finding
    from ..layout.templates import TemplateSet

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


class ReportFormat(StrEnum):
    text = "text"
    json = "json"


class ExportFormat(StrEnum):
    json = "json"
    yaml = "yaml"


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
    strict: StrictOpt = False,
    output_format: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] = (
        ReportFormat.text),
) -> None:
    """Check games' content against their schemas and rule checks.

    Prints every finding as file:line:col, then a summary. Exit code 0 when there are no
    errors, 1 when the content has errors, 2 when a file cannot be read.

    Example:  pnp validate rushing-tin --strict
    """
    from ..content.project import UsageError, iter_games
    from ..core.findings import apply_strict, exit_code, summary

    results = []
    everything = []
    try:
        for slug, _game, findings in iter_games(content, games):
            findings = apply_strict(findings, strict)
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
def list_games(content: ContentOpt = Path("content")) -> None:
    """List the games, their components, and counts in content against the bill of materials.

    Example:  pnp list
    """
    from ..content.project import UsageError, iter_games
    from ..core.findings import exit_code

    code = 0
    try:
        for slug, game, findings in iter_games(content, None):
            code = max(code, exit_code(findings))
            if game is None:
                typer.echo(f"{slug}: cannot read game.yaml (run 'pnp validate {slug}')\n")
                continue
            m = game.manifest
            players = (f"{m.players.min}" if m.players.min == m.players.max
                       else f"{m.players.min}-{m.players.max}")
            noun = "player" if m.players.max == 1 else "players"
            typer.echo(f"{slug}: {m.title} ({players} {noun}, rulebook {m.seed})")
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
                elif have == entry.count:
                    status = "ok"
                else:
                    status = "count differs"
                shown = "-" if have is None else str(have)
                typer.echo(f"  {entry.id:<{width}}  {entry.kind:<9} {entry.count:>8} "
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
    output_format: Annotated[ExportFormat, typer.Option("--format", help="Output format.")] = (
        ExportFormat.json),
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write to this file instead of standard output.")] = None,
    content: ContentOpt = Path("content"),
) -> None:
    """Print a game's validated content model (stable, sorted keys).

    The export holds: format, game, manifest (with defaults filled in), counts (pieces per
    bill-of-materials entry) and components (each content file's model by path).

    Example:  pnp export rushing-tin --format json -o rushing-tin.json
    """
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


@app.command()
def build(
    games: GamesArg = None,
    content: ContentOpt = Path("content"),
    templates: Annotated[Path, typer.Option(
        "--templates", help="Folder of face templates (<game>/<name>.yaml).")] = Path("templates"),
    output: Annotated[Path, typer.Option("-o", "--output", help="Output folder.")] = Path("out"),
    paper: Annotated[list[str] | None, typer.Option(
        help="Paper: a4 (the default), letter or a3; repeat for a PDF of each.")] = None,
    bleed: Annotated[float, typer.Option(help="Bleed around each item, in mm.")] = 3.0,
    safe: Annotated[float, typer.Option(
        help="How far inside the cut text keeps, in mm; closer is a warning.")] = 3.0,
    no_crop_marks: Annotated[bool, typer.Option(
        "--no-crop-marks", help="Leave out the crop marks.")] = False,
    duplex: Annotated[str, typer.Option(
        help="long or short: the edge the printer flips the sheet over; fold: fronts and backs "
        "side by side on one page, to fold in half and glue.")] = "long",
    back_offset: Annotated[str, typer.Option(
        help="Shift backs by X,Y mm to correct a printer's misalignment.")] = "0,0",
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
        "--quiet", "-q", help="No progress bar; warnings as a one-line count.")] = False,
    svg: Annotated[bool, typer.Option(
        "--svg/--no-svg", help="Write an SVG of every face and board to OUT/<game>/svg/ "
        "(--no-svg: only what prints).")] = True,
    no_cache: Annotated[bool, typer.Option(
        "--no-cache", help="Build everything afresh: no cached piece is read or kept.")
    ] = False,
) -> None:
    """Validate games and write their print-and-play kits into the output folder.

    For each game that validates, writes into OUT/<game>/: content.json (the exported
    content model); <game>-<paper>.pdf, the kit: a contents page, then every card, counter,
    note and cube net imposed with bleed and crop marks, each sheet of fronts followed by its
    backs placed for duplex printing, the printable forms (Rushing Tin's Sector Log) and the
    boards tiled over several pages with overlap and alignment marks; svg/<component>/<id>.svg
    for every face and board; boards/<board>-a3.pdf (scaled to one A3 page) and
    boards/<board>-poster.pdf (true size); png/ with --png.

    Files are made in OUT/.cache/<game>/ and moved into OUT/<game>/ only when the whole kit is
    made: a game with errors, or a build that is interrupted, leaves the previous kit as it
    was. Rebuilds are incremental: a game whose content, templates and options did not change
    is reported up to date without being loaded, and a changed card re-renders only its own
    faces (OUT/.cache is safe to delete; --no-cache ignores it).

    Example:  pnp build rushing-tin --paper a4 --paper letter --back-offset 0.5,-1 -o out
    """
    from ..build.kit import KitOptions
    from ..content.project import UsageError, select_games
    from ..layout.impose import PAPERS
    from ..layout.templates import TemplateSet

    papers = tuple(paper or ["a4"])
    for name in papers:
        if name not in PAPERS:
            raise _fail_usage(f"--paper must be one of {', '.join(PAPERS)}, not {name!r}")
    if duplex not in ("long", "short", "fold"):
        raise _fail_usage(f"--duplex must be long, short or fold, not {duplex!r}")
    if not 0 <= bleed <= 10:
        raise _fail_usage(f"--bleed must be between 0 and 10 mm, not {bleed:g}")
    if not 0 <= safe <= 20:
        raise _fail_usage(f"--safe must be between 0 and 20 mm, not {safe:g}")
    if png and not 36 <= png <= 1200:
        raise _fail_usage(f"--png takes a resolution between 36 and 1200 dpi, not {png}")
    try:
        dx, dy = (float(v) for v in back_offset.split(","))
    except ValueError:
        raise _fail_usage(f"--back-offset takes X,Y in mm (e.g. 0.5,-1), not "
                          f"{back_offset!r}") from None
    options = KitOptions(paper=papers[0], bleed=bleed, crop_marks=not no_crop_marks, duplex=duplex,
                         back_offset=(dx, dy), only=tuple(only or ()), ink_saver=ink_saver,
                         png_dpi=png, svg=svg, safe=safe)
    run = _KitBuild(content, output, TemplateSet([templates]), options, papers, strict, quiet,
                    no_cache)
    code = 0
    known: set[str] = set()
    try:
        for slug in select_games(content, games):
            game_code, names = run.game(slug)
            code = max(code, game_code)
            known |= names
    except UsageError as exc:
        raise _fail_usage(str(exc)) from None
    unknown = [name for name in options.only if name not in known]
    if unknown and known:
        ids = sorted(name for name in known if name.islower() and " " not in name)
        raise _fail_usage(f"--only {', '.join(map(repr, unknown))} matches no component; "
                          f"bill-of-materials ids and kinds: {', '.join(ids)}")
    raise typer.Exit(code)


@dataclass
class _KitBuild:
    """One ``pnp build`` command: builds each game it is asked for, through the build cache
    and a stage, and tells what it did."""

    content: Path
    output: Path
    templates: TemplateSet
    options: KitOptions
    papers: tuple[str, ...]
    strict: bool
    quiet: bool
    no_cache: bool
    templates_digest: str | None = None
    """Read once for every game of the command."""

    def game(self, slug: str) -> tuple[int, set[str]]:
        """Build one game; return its exit code and the component names it knows."""
        from ..build.cache import CACHE_DIR, Inputs, build_key, locked, read_build_record

        state = self.output / CACHE_DIR / slug
        with locked(state):
            if self.no_cache:
                return self.load_and_build(slug, state, None, None)
            if self.templates_digest is None:
                from ..build.cache import templates_digest

                self.templates_digest = templates_digest(self.templates.folders)
            inputs = Inputs.of(self.content / slug, self.templates.folders,
                               self.templates_digest)
            key = build_key(slug, inputs, repr((self.options, self.papers, self.strict)))
            record = read_build_record(state, key, self.output / slug)
            if record is None:
                return self.load_and_build(slug, state, inputs, key)
            from ..core.findings import apply_strict, exit_code, summary

            findings = apply_strict(record.findings, self.strict)
            _print_findings(_quiet(findings, self.quiet), err=True)
            typer.echo(f"{slug}: up to date ({len(record.files)} files in "
                       f"{self.output / slug}; nothing changed since the last build; "
                       f"{summary(findings)})")
            return exit_code(findings), set(record.names)

    def load_and_build(self, slug: str, state: Path, inputs: Inputs | None, key: str | None
                       ) -> tuple[int, set[str]]:
        """Load and check the game; build its kit when it has no errors."""
        from ..content.project import load_game
        from ..core.findings import apply_strict, exit_code, summary
        from ..layout.collect import selectable

        if inputs is None:
            game, found = load_game(self.content, slug)
        else:
            from ..build.cache import Cache, cached_checks

            with Cache(state) as cache:
                game, found = load_game(self.content, slug,
                                        check=cached_checks(cache, inputs.content))
        names = ({n for c in game.components.values() for n in selectable(c)}
                 if game is not None else set())
        if game is not None and self.options.only and not names & set(self.options.only):
            typer.echo(f"{slug}: nothing to build (no component matches --only)", err=True)
            return 0, names
        findings = apply_strict(found, self.strict)
        _print_findings(_quiet(findings, self.quiet), err=True)
        code = exit_code(findings)
        if game is None or code:
            typer.echo(f"{slug}: not built ({summary(findings)})", err=True)
            return code, names
        return self.build(game, findings, state, inputs, key, names), names

    def build(self, game: GameContent, findings: list[Finding], state: Path,
              inputs: Inputs | None, key: str | None, names: set[str]) -> int:
        """Build a checked game's kit into a stage and move it into place; return the exit
        code."""
        from ..build.cache import Cache, Stage, UnsafeOutput, write_build_record
        from ..build.kit import build_kit
        from ..content.export import export_game, to_json
        from ..core.findings import Severity, apply_strict, error, exit_code, render_text, summary

        slug, out_dir = game.slug, self.output / game.slug
        cache = Cache(None if self.no_cache else state)
        stage = Stage(out_dir, state)
        try:
            with ProgressBar(slug, enabled=not self.quiet) as progress:
                result = build_kit(game, self.templates, stage, self.options, self.papers,
                                   progress, cache, inputs)
            kit_findings = apply_strict(result.findings, self.strict)
            _print_findings(_quiet(kit_findings, self.quiet), err=True)
            if any(f.severity is Severity.ERROR for f in kit_findings):
                typer.echo(f"{slug}: kit not built ({summary(kit_findings)}; {out_dir} left "
                           "as it was)", err=True)
                return exit_code(kit_findings)
            target = stage.write("content.json", to_json(export_game(game)))
            extra = []
            for write in game.rules.outputs:
                extra += [stage.adopt(p) for p in write(game, stage.dir)]
            stage.commit(forget_under=() if self.options.only else _face_folders())
            cache.prune()
        except KeyboardInterrupt:
            typer.echo(f"\npnp: interrupted; {out_dir} left as it was", err=True)
            raise typer.Exit(130) from None
        except UnsafeOutput as exc:
            typer.echo(render_text(error("output.outside-folder", str(exc))), err=True)
            typer.echo(f"{slug}: kit not built ({out_dir} left as it was)", err=True)
            return 1
        finally:
            stage.discard()
            cache.close()  # what was drawn is kept, even for a kit that failed
        if key is not None:
            files = [p.relative_to(out_dir).as_posix()
                     for p in [target, *result.written, *extra]]
            write_build_record(state, key, [*findings, *result.findings], files,
                               sorted(names))
        pieces = sum(game.counts().values())
        typer.echo(f"{slug}: wrote {target} ({len(game.components)} content files, "
                   f"{pieces} pieces; {summary(findings)})")
        for path in extra:
            typer.echo(f"{slug}: wrote {path}")
        _print_kit(slug, out_dir, result, stage.written)
        return exit_code(findings)


def _quiet(findings: list, quiet: bool) -> list:  # type: ignore[type-arg]
    """Return the errors only when quiet (warnings are then counted in the summary line)."""
    from ..core.findings import Severity

    return [f for f in findings if f.severity is Severity.ERROR] if quiet else findings


def _face_folders() -> tuple[str, ...]:
    """Folders of one file per face: files there that a full build no longer makes belong to
    items that are gone, and are removed."""
    return ("svg/", "png/", "svg-ink-saver/", "png-ink-saver/")


def _print_kit(slug: str, out_dir: Path, result: object, changed: int) -> None:
    """Tell what a kit build wrote."""
    from ..build.kit import KitResult

    assert isinstance(result, KitResult)
    if result.faces:
        typer.echo(f"{slug}: wrote {result.faces} SVG faces and boards to {out_dir / 'svg'}")
    pngs = [p for p in result.written if p.suffix == ".png"]
    if pngs:
        typer.echo(f"{slug}: wrote {len(pngs)} PNG images to {out_dir / 'png'}")
    for report in result.reports:
        typer.echo(f"{slug}: wrote {report.path} ({report.pages} pages)")
        for row in report.rows:
            typer.echo(f"    {row.name}: {row.items} from page {row.first_page}, {row.layout}")
    for path in result.written:
        if path.parent.name == "boards":
            typer.echo(f"{slug}: wrote {path}")
    for name, why in result.unprinted:
        typer.echo(f"{slug}: not printed: {name}: {why}")
    total = len(result.written) + 1
    if changed < total:
        typer.echo(f"{slug}: {changed} of {total} files changed; the others were already up "
                   "to date")


class ProgressBar:
    """A progress bar on a terminal's stderr, cleared when done; silent when stderr is not a
    terminal (or one that cannot redraw a line)."""

    def __init__(self, label: str, *, enabled: bool) -> None:
        self.label = label
        self.enabled = enabled and sys.stderr.isatty()
        self.bar: Progress | None = None
        self.task: TaskID | None = None

    def __enter__(self) -> ProgressBar:
        if self.enabled:
            # Imported here: rich takes longer to load than the rest of `pnp --help`.
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TextColumn

            console = Console(stderr=True)
            if not console.is_interactive:  # a dumb terminal cannot redraw a line
                return self
            self.bar = Progress(TextColumn("{task.fields[label]}:"), BarColumn(bar_width=24),
                                TextColumn("{task.description} {task.fields[count]}"),
                                console=console, transient=True)
            self.task = self.bar.add_task("", total=None, label=self.label, count="")
            self.bar.start()
        return self

    def __call__(self, stage: str, done: int, total: int) -> None:
        if self.bar is None or self.task is None:
            return
        # A stage without a total (the PDF's pages) counts what it has done so far.
        count = f"{done}/{total}" if total else f"{done} pages"
        self.bar.update(self.task, description=stage, completed=done, total=total or None,
                        count=count)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


@app.command()
def referee(
    log: Annotated[Path, typer.Argument(help="The recorded game (YAML).", show_default=False)],
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
) -> None:
    """Replay a recorded game against its content and report every illegal move or scoring
    error with its line, turn and the rulebook's rule number, then the scoreboard.

    The record's header names the game and the kind of record (see docs/referee.md). Exit
    code 0 when the record is legal, 1 when it has findings, 2 when it cannot be read.

    Example:  pnp referee shift.yaml --format json
    """
    from ..core.files import write_atomic
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

    if output is not None and board is None and not map_trace:
        raise _fail_usage("-o is for --board or --map-trace; the report goes to standard output")
    if board is not None and map_trace:
        raise _fail_usage("use --board or --map-trace, not both")
    from ..build.cache import CACHE_DIR

    report = referee_file(log, content, log.as_posix(),
                          cache=None if no_cache else Path("out") / CACHE_DIR)
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
) -> None:
    """Write a JSON Schema for game.yaml and for every component kind.

    Generic kinds go to OUT/<kind>.schema.json, a game's own kinds to
    OUT/<game>/<kind>.schema.json. Point an editor at one with a first line such as
    '# yaml-language-server: $schema=../../schemas/deck.schema.json' to get completion and
    errors as you type.

    Example:  pnp schema -o schemas
    """
    from ..content.json_schema import write_schemas

    for path in write_schemas(output, content):
        typer.echo(f"wrote {path}")


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
