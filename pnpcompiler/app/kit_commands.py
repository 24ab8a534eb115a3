"""The commands that write a game out: ``pnp export`` (its content model, or Tabletop
Simulator objects) and ``pnp build`` (its print-and-play kit).

``cli`` registers them. Heavy imports (pydantic, yaml, reportlab) happen inside the commands so
``pnp --help`` is instant.
"""

from __future__ import annotations

import atexit
import gc
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from .options import ContentOpt, GamesArg, StrictOpt, TemplatesOpt, fail_usage, print_findings
from .printer import BuildPrinter

if TYPE_CHECKING:
    from ..build.pipeline import Build


class ExportFormat(StrEnum):
    """What ``pnp export`` writes: the content model as JSON or YAML, or TTS objects."""

    json = "json"
    yaml = "yaml"
    tts = "tts"


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
    (pieces per bill-of-materials entry), components (each content file's model by path) and
    derived (what the game's rules work out from it: Rushing Tin's routes, Air Cargo's legs).

    --format tts builds the game's faces and writes into OUT/<game>/ (OUT given with -o):
    <game>.json, a saved object to copy into Tabletop Simulator's Saved Objects folder (each
    deck with every copy of its cards, counters in a bag per family, boards), and the
    pictures it names: cards/ (sheets of up to 10 x 7 faces, each with its back), tiles/,
    boards/. See docs/tts.md.

    \b
    Example:  pnp export rushing-tin --format json -o rushing-tin.json
              pnp export rushing-tin --format tts -o tts
    """
    if output_format is ExportFormat.tts:
        if output is None:
            raise fail_usage("--format tts writes a folder: give it with -o DIR")
        _export_tts(game, content, templates, output, base_url, back_is_hidden)
    if base_url or back_is_hidden:
        raise fail_usage("--base-url and --back-is-hidden are for --format tts")
    from ..content.export import export_game, to_json, to_yaml
    from ..content.project import UsageError, load_game, select_games
    from ..core.files import write_atomic
    from ..core.findings import exit_code

    try:
        select_games(content, [game])
    except UsageError as exc:
        raise fail_usage(str(exc)) from None
    loaded, findings = load_game(content, game)
    code = exit_code(findings)
    if loaded is None or code:
        print_findings(findings, err=True)
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

    \b
    Example:  pnp build rushing-tin --paper a4 --paper letter --back-offset 0.5,-1 -o out
              pnp build rushing-tin --changed-since last   (or a build id, or HEAD~3)
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
        raise fail_usage(str(exc)) from None
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
        raise fail_usage(str(exc)) from None
    except KeyboardInterrupt:
        printer.interrupted()
        raise typer.Exit(130) from None
    finally:
        printer.close()
    raise typer.Exit(code)
