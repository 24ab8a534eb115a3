"""The ``pnp`` command line. Commands stay thin: each calls one pipeline function.

The app and the commands on content live here; the commands that write a game out
(``kit_commands``) and those about games played (``play_commands``) in their own modules,
registered below in the order ``--help`` lists them. Heavy imports (pydantic, yaml, reportlab)
happen inside the commands so ``pnp --help`` is instant.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from .. import __version__
from . import kit_commands, play_commands
from .options import (
    ContentOpt,
    GamesArg,
    ReportFormat,
    StrictOpt,
    TemplatesOpt,
    fail_usage,
    print_findings,
)

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
        raise fail_usage(str(exc)) from None
    if output_format is ReportFormat.json:
        import json

        body = {"games": [{"game": slug, "valid": exit_code(f) == 0,
                           "findings": [x.to_json() for x in f]} for slug, f in results]}
        typer.echo(json.dumps(body, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        for slug, findings in results:
            print_findings(findings)
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
        raise fail_usage(str(exc)) from None
    raise typer.Exit(code)


# Registered here, between list and rules, to keep the order --help lists them in.
app.command()(kit_commands.export)
app.command()(kit_commands.build)
app.command()(play_commands.referee)
app.command()(play_commands.simulate)


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
        raise fail_usage(str(exc)) from None
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
    from ..content.project import UsageError, select_games
    from ..core.files import folder_problem
    from ..referee.records import record_models

    try:
        # A mistyped --content would give schemas that list no game's ids.
        select_games(content, None)
    except UsageError as exc:
        raise fail_usage(str(exc)) from None
    if not check:
        problem = folder_problem(output)
        if problem is not None:
            raise fail_usage(problem)
        for path in write_schemas(output, content, [templates], record_models):
            typer.echo(f"wrote {path}")
        return
    stale = []
    for rel, body in sorted(all_schemas(content, [templates], record_models).items()):
        path = output / rel
        try:
            state = "stale" if json.loads(path.read_text("utf-8")) != body else None
        except FileNotFoundError:
            state = "missing"
        except (OSError, ValueError):
            state = "unreadable"
        if state is not None:
            stale.append(rel)
            typer.echo(f"{path}: {state} (pnp schema -o {output} writes it)")
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
        raise fail_usage(str(exc)) from None
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

    \b
    Example:  pnp preview rushing-tin --port 8000
              then open http://127.0.0.1:8000/
    """
    from ..build.options import Project
    from ..content.project import UsageError
    from .preview import PortUnavailable, serve_preview

    try:
        serve_preview(Project(content, (templates,), output), games, port, typer.echo)
    except (UsageError, PortUnavailable) as exc:
        raise fail_usage(str(exc)) from None


def run() -> None:
    """Entry point: run the app; an unexpected error is one line, not a traceback."""
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("pnp: interrupted", err=True)
        sys.exit(130)
    except OSError as exc:  # a file or folder the command was given cannot be read or written
        if os.environ.get("PNP_DEBUG"):
            raise
        where = f"{exc.filename}: " if exc.filename else ""
        typer.echo(f"pnp: error: {where}{exc.strerror or exc}", err=True)
        sys.exit(2)
    except Exception as exc:  # a bug in pnp: say so in one line unless asked for the trace
        if os.environ.get("PNP_DEBUG"):
            raise
        typer.echo(f"pnp: internal error: {type(exc).__name__}: {exc} "
                   "(set PNP_DEBUG=1 to see the traceback)", err=True)
        sys.exit(3)
