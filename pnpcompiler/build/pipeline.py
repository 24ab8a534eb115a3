"""The build: each game of a project through the same stages, in order, telling what it does.

For one game (:meth:`Build.build_game`): read the digests of its inputs and, if the last
build read the same, report it up to date; otherwise load and check the content; lay the
kit out (every face resolved, every form on every paper); write each output into a stage;
commit the stage (move the files into ``OUT/<game>/`` and remove what an earlier build wrote
that these options no longer make); keep the build record. Anything that calls it (``pnp
build``, a preview server, an exporter) listens to its events (:mod:`.events`); none of it
prints.
"""

from __future__ import annotations

import gc
import inspect
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.digests import canonical_json, digest
from ..core.files import folder_problem
from ..core.findings import Finding, apply_strict, error, exit_code, summary
from ..core.store import CACHE_DIR, Cache
from .events import (
    Done,
    Event,
    FindingReported,
    Listener,
    Outcome,
    Progress,
    Removed,
    Skipped,
    Started,
    Written,
    ignore,
)
from .inputs import Inputs, templates_digest
from .options import BuildOptions, OptionError, Project
from .record import BuildRecord, build_key, locked, read_build_record, write_build_record
from .stage import Stage, UnsafeOutput
from .versions import LAST, Marks, kept_marks, last_build, remember_build, revision

if TYPE_CHECKING:
    from ..content.project import GameContent
    from ..layout.templates import TemplateSet
    from .faces import Kit
    from .outputs import Output, Report, Writing


class Build:
    """A build of some of a project's games (all when ``games`` is None) with ``options``,
    writing ``outputs`` (``outputs.OUTPUTS`` when None) and telling ``listen`` what it
    does."""

    def __init__(self, project: Project, options: BuildOptions, *,
                 games: Sequence[str] | None = None,
                 outputs: Sequence[Output[Any]] | None = None,
                 listen: Listener = ignore, remove_stale: bool = True) -> None:
        self.project = project
        self.options = options
        self.games = list(games) if games is not None else None
        self.chosen_outputs = list(outputs) if outputs is not None else None
        self.listen = listen
        self.remove_stale = remove_stale
        """Remove the files an earlier build wrote that this one does not make (off for an
        export into a folder a kit may share)."""
        self._templates: TemplateSet | None = None
        self._templates_digest: str | None = None
        """Read once for every game of the build."""

    def run(self) -> int:
        """Build every game asked for; return the exit code (the worst game's). Raises
        ``UsageError`` for a game the project does not have and :class:`OptionError` when
        ``--only`` names no component of any game or the output folder cannot be written."""
        from ..content.project import select_games

        problem = folder_problem(self.project.output)
        if problem:
            raise OptionError(f"-o: {problem}")
        code = 0
        known: set[str] = set()
        with cyclic_gc_paused():
            for slug in select_games(self.project.content, self.games):
                game_code, names = self.build_game(slug)
                code = max(code, game_code)
                known |= names
        unknown = [name for name in self.options.only if name not in known]
        if unknown and known:
            ids = sorted(name for name in known if name.islower() and " " not in name)
            raise OptionError(f"--only {', '.join(map(repr, unknown))} matches no component; "
                              f"bill-of-materials ids and kinds: {', '.join(ids)}")
        return code

    def build_game(self, slug: str) -> tuple[int, set[str]]:
        """Build one game, stage by stage; return its exit code and the names ``--only``
        knows its components by."""
        self.tell(Started(slug, self.out_dir(slug)))
        state = self.project.output / CACHE_DIR / slug
        since = self.marks_since(slug) if self.options.changed_since else None
        with locked(state), Cache(state if self.options.cache else None) as cache:
            inputs, key = self.read_inputs(slug, since)
            record = read_build_record(state, key, self.out_dir(slug)) if key else None
            if record is not None:
                return self.up_to_date(slug, record), set(record.names)
            game, findings, names = self.load(slug, cache, inputs)
            if game is None:
                return self.done(slug, Outcome.NOT_BUILT, findings), names
            if self.options.only and not names & set(self.options.only):
                return self.done(slug, Outcome.NOTHING_TO_BUILD, []), names
            self.tell_findings(slug, findings)
            if exit_code(findings):
                return self.done(slug, Outcome.NOT_BUILT, findings), names
            kit, kit_findings = self.lay_out(game, findings, cache, inputs)
            kit.since = since
            self.tell_findings(slug, kit_findings)
            if exit_code(kit_findings):
                return self.done(slug, Outcome.KIT_NOT_BUILT, kit_findings), names
            checked = self.preflight(kit)
            self.tell_findings(slug, checked)
            kit_findings += checked
            if exit_code(checked):
                return self.done(slug, Outcome.KIT_NOT_BUILT, checked), names
            stage = Stage(kit.out_dir, state)
            try:
                reports, removed = self.write_and_commit(kit, stage)
            except UnsafeOutput as exc:
                unsafe = [error("output.outside-folder", str(exc))]
                self.tell_findings(slug, unsafe)
                return self.done(slug, Outcome.KIT_NOT_BUILT, unsafe), names
            finally:
                stage.discard()
            cache.prune()
            made = sorted(stage.made)
            if key:
                write_build_record(state, key, BuildRecord([*findings, *kit_findings],
                                                           made, sorted(names)))
            ident = remember_build(state, kit.marks)
            self.tell_written(kit, reports, removed)
            return self.done(slug, Outcome.BUILT, findings, len(made), stage.written,
                             ident), names

    def tell(self, event: Event) -> None:
        """Pass an event to whoever listens."""
        self.listen(event)

    def tell_findings(self, slug: str, findings: list[Finding]) -> None:
        """Tell each finding (``--strict`` already applied)."""
        for finding in findings:
            self.tell(FindingReported(slug, finding))

    def out_dir(self, slug: str) -> Path:
        """Return where a game's kit lands."""
        return self.project.output / slug

    def templates(self) -> TemplateSet:
        """Return the project's templates (read once for every game)."""
        from ..layout.templates import TemplateSet

        if self._templates is None:
            self._templates = TemplateSet(list(self.project.templates))
        return self._templates

    def marks_since(self, slug: str) -> Marks:
        """Return the faces' version marks as they were at ``--changed-since``: a kept build,
        or the game built as it was at a git revision (in a folder of its own, by this pnp,
        so only what the project changed counts)."""
        reference = self.options.changed_since
        kept = kept_marks(reference, self.project.output / CACHE_DIR / slug)
        if kept is not None:
            return kept
        with revision(self.project, slug, reference) as old:
            options = replace(self.options, changed_since="", svg=False, png_dpi=0,
                              profile=None, cache=True)
            code = Build(old, options, games=[slug], outputs=[]).run()
            marks = kept_marks(LAST, old.output / CACHE_DIR / slug)
        if code or marks is None:
            raise OptionError(f"--changed-since {reference!r}: {slug} does not build at that "
                              "revision ('pnp validate' on a checkout of it says why)")
        return marks

    def read_inputs(self, slug: str, since: Marks | None = None
                    ) -> tuple[Inputs | None, str | None]:
        """Return the digests of what a game's build reads and the build's key (None for
        both without a cache: everything is made afresh); ``since``, the marks a reprint is
        against, is part of the key."""
        if not self.options.cache:
            return None, None
        folders = list(self.project.templates)
        if self._templates_digest is None:
            self._templates_digest = templates_digest(folders)
        inputs = Inputs.of(self.project.content / slug, folders, self._templates_digest)
        settings = self.settings()
        if since is not None:
            settings = canonical_json([settings, since])
        return inputs, build_key(slug, inputs, settings)

    def settings(self) -> str:
        """Return what shapes a kit besides what it reads: the options and the outputs (the
        usual ones by that name alone: their code is pnp's, which the key covers)."""
        outputs = (["usual"] if self.chosen_outputs is None
                   else [_identity(o) for o in self.chosen_outputs])
        return canonical_json([self.options.key(), outputs])

    def outputs(self) -> list[Output[Any]]:
        """Return the outputs to write (imported only when a kit is written)."""
        if self.chosen_outputs is not None:
            return self.chosen_outputs
        from .outputs import OUTPUTS

        return list(OUTPUTS)

    def up_to_date(self, slug: str, record: BuildRecord) -> int:
        """Tell the last build's findings again: nothing it read has changed."""
        findings = apply_strict(record.findings, self.options.strict)
        self.tell_findings(slug, findings)
        return self.done(slug, Outcome.UP_TO_DATE, findings, len(record.files), 0,
                         last_build(self.project.output / CACHE_DIR / slug))

    def load(self, slug: str, cache: Cache, inputs: Inputs | None
             ) -> tuple[GameContent | None, list[Finding], set[str]]:
        """Load and check the game (its checks' findings from the cache when the content is
        unchanged); return it, its findings and the names of its components."""
        from ..content.checked import load_checked
        from ..layout.collect import selectable

        game, found = load_checked(self.project.content, slug, cache,
                                   inputs.content if inputs else None)
        findings = apply_strict(found, self.options.strict)
        if game is None:
            self.tell_findings(slug, findings)
            return None, findings, set()
        return game, findings, {n for c in game.components.values() for n in selectable(c)}

    def lay_out(self, game: GameContent, findings: list[Finding], cache: Cache,
                inputs: Inputs | None) -> tuple[Kit, list[Finding]]:
        """Lay the kit out: every face resolved (through the cache), every form on every
        paper."""
        from .faces import Builder, lay_out

        slug = game.slug

        def progress(what: str, done: int, total: int) -> None:
            self.tell(Progress(slug, what, done, total))

        builder = Builder.for_game(game, self.templates(), cache, inputs)
        kit, kit_findings = lay_out(game, self.templates(), self.options, builder,
                                    out_dir=self.out_dir(slug), content_findings=findings,
                                    progress=progress)
        return kit, apply_strict(kit_findings, self.options.strict)

    def preflight(self, kit: Kit) -> list[Finding]:
        """Run each wanted output's checks of the kit, before anything is written."""
        found = [f for output in self.outputs() if output.wanted(self.options)
                 for f in output.preflight(kit)]
        return apply_strict(found, self.options.strict)

    def write_and_commit(self, kit: Kit, stage: Stage
                         ) -> tuple[list[tuple[Output[Any], list[Report]]], list[str]]:
        """Write every output into the stage, then move the kit into place; return what each
        output wrote and the files of an earlier build removed."""
        reports = self.write_outputs(kit, stage)
        return reports, stage.commit(remove_stale=self.remove_stale and not self.options.partial)

    def write_outputs(self, kit: Kit, stage: Stage) -> list[tuple[Output[Any], list[Report]]]:
        """Write each output the options want; those that work in the background start
        first, so their work runs beside the others'."""
        plans = [(output, output.pieces(kit)) for output in self.outputs()
                 if output.wanted(self.options)]
        _refuse_clashes(plans)
        order = sorted(range(len(plans)), key=lambda i: not plans[i][0].background)
        writing: dict[int, Writing] = {}
        try:
            for i in order:
                output, pieces = plans[i]
                writing[i] = output.start(kit, stage, pieces)
            return [(plans[i][0], writing[i].finish()) for i in range(len(plans))]
        finally:
            for started in writing.values():
                started.cancel()

    def tell_written(self, kit: Kit, reports: list[tuple[Output[Any], list[Report]]],
                     removed: list[str]) -> None:
        """Tell what each output wrote, what prints nothing, and what was removed."""
        slug = kit.game.slug
        for output, told in reports:
            for report in told:
                self.tell(Written(slug, output.name,
                                  tuple(kit.out_dir / rel for rel in report.files),
                                  report.summary, report.details))
        for what, why in kit.unprinted:
            self.tell(Skipped(slug, what, why))
        for rel in removed:
            self.tell(Removed(slug, kit.out_dir / rel))

    def done(self, slug: str, outcome: Outcome, findings: list[Finding], files: int = 0,
             changed: int = 0, ident: str = "") -> int:
        """Tell how a game's build ended; return its exit code."""
        code = exit_code(findings)
        self.tell(Done(slug, outcome, code, summary(findings), self.out_dir(slug), files,
                       changed, ident))
        return code


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a build runs, and resume it after."""
    # A kit's faces, elements and PDF objects live until the build ends and hold almost no
    # reference cycles: each full collection walked every one of them to free next to
    # nothing (a fifth of a 5,400-card build's time); reference counting frees the rest.
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _refuse_clashes(plans: list[tuple[Output[Any], list[Any]]]) -> None:
    """Refuse two outputs (or one, twice) planning the same file: a bug in an output."""
    owner: dict[str, str] = {}
    for output, pieces in plans:
        for piece in pieces:
            if piece.path in owner:
                raise RuntimeError(f"outputs {owner[piece.path]!r} and {output.name!r} both "
                                   f"write {piece.path}")
            owner[piece.path] = output.name


def _identity(output: Output[Any]) -> str:
    """Return an output's class by name and, for one defined outside pnp (whose code the
    code digest does not cover), the digest of its module's source; then its own settings."""
    cls = type(output)
    name = f"{cls.__module__}.{cls.__qualname__}"
    if output.settings():
        name = f"{name}({output.settings()})"
    if cls.__module__.partition(".")[0] == __name__.partition(".")[0]:
        return name
    try:
        return f"{name}@{digest(Path(inspect.getfile(cls)).read_bytes())}"
    except (TypeError, OSError):
        return name
