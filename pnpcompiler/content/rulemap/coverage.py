"""The rule-coverage map of a game: each rule of its rulebook with the checks that enforce it,
the tests that cite it, or the reason a record cannot show it."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.files import display_path
from ...core.findings import Finding, Severity
from ..components.rulebook import Rule, Rulebook
from ..project import GameContent, UsageError, load_game, select_games
from .citations import Citation, module_files, scan
from .testcases import cited_in_tests

#: A rule's state in the map, as the summary counts it.
CHECKED, REASON, NOT_YET, NEITHER = "checked", "reason", "not-yet-checked", "neither"


@dataclass(frozen=True)
class RuleCoverage:
    """One rule, its checks, the tests that cite it, and its stated reason if any."""

    rule: Rule
    checks: list[Citation]
    tests: list[str]
    unchecked_by: list[str] = field(default_factory=list)
    """The rules a ``covered-by`` rule names that no check cites (it is then uncovered)."""

    @property
    def status(self) -> str:
        """Return ``checked``, ``reason``, ``not-yet-checked`` or ``neither``."""
        if self.checks:
            return CHECKED
        if self.rule.unchecked is None or self.unchecked_by:
            return NEITHER
        return NOT_YET if self.rule.unchecked.reason == NOT_YET else REASON

    @property
    def stale(self) -> bool:
        """Return whether the rule states a reason although a check enforces it."""
        return bool(self.checks) and self.rule.unchecked is not None


@dataclass
class RuleMap:
    """A game's rule-coverage map, in rulebook order."""

    game: str
    title: str
    rulebooks: list[str]
    package: str | None
    rules: list[RuleCoverage]
    elsewhere: list[Citation] = field(default_factory=list)
    """Checks citing a rule the rulebook does not list (a named section, a typo)."""

    def count(self, status: str) -> int:
        """Return how many rules are in a state."""
        return sum(1 for r in self.rules if r.status == status)

    def summary(self) -> dict[str, int]:
        """Return the counts the summary line gives."""
        return {"rules": len(self.rules), "checked": self.count(CHECKED),
                "reason": self.count(REASON), "not_yet_checked": self.count(NOT_YET),
                "neither": self.count(NEITHER), "stale": sum(r.stale for r in self.rules),
                "sections": self.of_kind("section"), "cards": self.of_kind("card")}

    def of_kind(self, kind: str) -> int:
        """Return how many entries of the catalogue are of a kind (rule, section, card)."""
        return sum(1 for r in self.rules if r.rule.kind == kind)


def build_map(content_dir: Path, game: str, tests_dir: Path | None
              ) -> tuple[RuleMap | None, list[Finding]]:
    """Load a game's rulebook and map every rule to its checks and tests.

    Returns the map, or None with the rulebook's findings when it does not validate. Raises
    :class:`UsageError` for an unknown game or a game without a rulebook."""
    select_games(content_dir, [game])
    content, findings = load_game(content_dir, game, check=rulebook_checks)
    books_files = rulebook_files(content, findings)
    errors = [f for f in findings if f.severity is Severity.ERROR
              and (f.location is None or f.location.file in books_files)]
    if content is None or errors:
        return None, errors
    books = content.of_type(Rulebook)
    if not books:
        raise UsageError(f"{game} has no rulebook (a content file with 'kind: rulebook'), so it "
                         "has no rule-coverage map; see docs/content.md")
    rules = [rule for book in books for rule in book.rules]
    ids = [rule.id for rule in rules]
    package, files = plugin_files(content)
    found, elsewhere = scan(files, ids)
    by_rule: dict[str, list[Citation]] = {rule: [] for rule in ids}
    for citation in sorted(found, key=place):
        by_rule[citation.rule].append(citation)
    tests = cited_in_tests(tests_dir, game, ids)
    cited = {c.rule for c in found} | {c.rule for c in elsewhere}
    entries = [RuleCoverage(rule, by_rule[rule.id], tests[rule.id],
                            [r for r in rule.unchecked.by if r not in cited]
                            if rule.unchecked else []) for rule in rules]
    return RuleMap(game, content.manifest.title, [b.source_file or "" for b in books], package,
                   entries, sorted(elsewhere, key=lambda c: (c.rule, *place(c)))), []


def place(c: Citation) -> tuple[str, int, str, str, str]:
    """Return where a citation stands, then every other field: citations come from a set, and
    the map must read the same on every run."""
    return (c.module, c.line, c.rule, c.code or "", c.call)


def rulebook_checks(game: GameContent) -> list[Finding]:
    """Run only the checks a rule-coverage map needs (the rulebook's own)."""
    from ..checks import rulebook_is_consistent

    return list(rulebook_is_consistent(game))


def rulebook_files(game: GameContent | None, findings: list[Finding]) -> set[str]:
    """Return the files that matter to the map: the manifest and every rulebook file (also
    one that did not validate)."""
    files = {f.location.file for f in findings if f.location is not None
             and f.code == "plugin.load-failed"}
    if game is None:
        return files | {f.location.file for f in findings if f.location is not None}
    for doc in game.documents.values():
        if doc.file.endswith("game.yaml") or (isinstance(doc.data, dict)
                                              and doc.data.get("kind") == "rulebook"):
            files.add(doc.file)
    return files


def plugin_files(game: GameContent) -> tuple[str | None, list[tuple[str, Path]]]:
    """Return the game's package (dotted, or None for a ``.py`` in the game folder) and its
    Python files: the package named by ``plugin:``, or the game folder's own files."""
    spec = game.manifest.plugin or ("rules.py" if (game.root / "rules.py").is_file() else None)
    if spec is None:
        return None, []
    if spec.endswith(".py"):
        return None, module_files(game.root, None)
    try:
        found = importlib.util.find_spec(spec)
    except (ImportError, ValueError):
        found = None
    if found is None or found.origin is None:
        return spec, []
    if found.submodule_search_locations:
        return spec, module_files(Path(found.origin).parent, spec)
    return spec, [(spec, Path(found.origin))]


def short_module(module: str, package: str | None) -> str:
    """Return a module's name inside the game's package (``referee.replay``)."""
    if package and module.startswith(package + "."):
        return module[len(package) + 1:]
    return module


def map_json(rule_map: RuleMap) -> dict[str, Any]:
    """Return the map as JSON with stable keys (docs/referee.md)."""
    def check(c: Citation) -> dict[str, Any]:
        return {"code": c.code, "call": c.call, "module": c.module, "line": c.line}

    rules = [{"id": r.rule.id, "kind": r.rule.kind, "title": r.rule.title, "status": r.status,
              "checks": [check(c) for c in r.checks], "tests": r.tests,
              "unchecked": unchecked_json(r)}
             for r in rule_map.rules]
    elsewhere = [{"rule": c.rule, **check(c)} for c in rule_map.elsewhere]
    return {"game": rule_map.game, "title": rule_map.title, "rulebooks": rule_map.rulebooks,
            "rules": rules, "not_in_rulebook": elsewhere, "summary": rule_map.summary()}


def unchecked_json(entry: RuleCoverage) -> dict[str, Any] | None:
    """Return a rule's stated reason as JSON: reason, note, and for covered-by its rules."""
    unchecked = entry.rule.unchecked
    if unchecked is None:
        return None
    out: dict[str, Any] = {"reason": unchecked.reason, "note": unchecked.note}
    if unchecked.reason == "covered-by":
        out["by"] = unchecked.by
        out["by_unchecked"] = entry.unchecked_by
    return out


def render_json(rule_map: RuleMap, *, uncovered: bool = False) -> str:
    """Render the map as JSON (only the rules no check covers with ``uncovered``)."""
    body = map_json(rule_map)
    if uncovered:
        body["rules"] = [r for r in body["rules"] if r["status"] in (NOT_YET, NEITHER)]
    return json.dumps(body, indent=2, ensure_ascii=False)


def summary_line(rule_map: RuleMap) -> str:
    """Return ``game: N rules: X checked by the referee, ...``."""
    s = rule_map.summary()
    kinds = ""
    if s["sections"] or s["cards"]:
        counts = {"numbered": s["rules"] - s["sections"] - s["cards"],
                  "section" + "s" * (s["sections"] != 1): s["sections"],
                  "card" + "s" * (s["cards"] != 1): s["cards"]}
        kinds = " (" + ", ".join(f"{n} {what}" for what, n in counts.items() if n) + ")"
    line = (f"{rule_map.game}: {s['rules']} rules{kinds}: {s['checked']} checked by the referee, "
            f"{s['reason']} with a stated reason, {s['not_yet_checked']} not yet checked, "
            f"{s['neither']} with neither")
    if s["stale"]:
        line += f" ({s['stale']} stating a reason although checked)"
    return line


def render_text(rule_map: RuleMap, *, uncovered: bool = False) -> str:
    """Render the map as text: each rule, its checks and tests or its reason; a summary."""
    books = ", ".join(rule_map.rulebooks)
    lines = [f"{rule_map.title}: rule coverage from {books}"]
    for entry in rule_map.rules:
        if uncovered and entry.status not in (NOT_YET, NEITHER):
            continue
        lines += list(rule_lines(entry, rule_map.package))
    if rule_map.elsewhere and not uncovered:
        cited: dict[str, int] = {}
        for c in rule_map.elsewhere:
            cited[c.rule] = cited.get(c.rule, 0) + 1
        lines.append("cited by checks but not in the rulebook: " + ", ".join(
            f"{rule} ({n})" for rule, n in cited.items()))
    lines.append(summary_line(rule_map))
    return "\n".join(lines)


def rule_lines(entry: RuleCoverage, package: str | None) -> Iterator[str]:
    """Yield the lines of one rule in the text map."""
    kind = "" if entry.rule.kind == "rule" else f"({entry.rule.kind}) "
    yield f"{entry.rule.id}  {kind}{entry.rule.title}"
    for c in entry.checks:
        code = c.code or f"({c.call})"
        yield f"    check {code}  {short_module(c.module, package)}:{c.line}"
    for test in entry.tests:
        yield f"    test  {test}"
    unchecked = entry.rule.unchecked
    if unchecked is not None:
        tag: str = "NOT YET CHECKED" if unchecked.reason == NOT_YET else unchecked.reason
        if unchecked.by:
            tag += " " + ", ".join(unchecked.by)
        stale = " (stated, but a check above enforces it: remove the reason)" * entry.stale
        yield f"    {tag}: {unchecked.note}{stale}"
    if entry.unchecked_by:
        yield (f"    NEITHER: no check cites {', '.join(entry.unchecked_by)}, which this rule "
               "is said to be covered by")
    elif unchecked is None and not entry.checks:
        yield "    NEITHER a check nor a reason"


def display_tests(tests_dir: Path | None) -> Path | None:
    """Return the tests folder as the map shows it (relative to the working folder)."""
    return Path(display_path(tests_dir)) if tests_dir is not None else None


def exit_code(rule_map: RuleMap) -> int:
    """Return 0 when every rule has a check or a reason, 1 when some have neither."""
    return 1 if rule_map.count(NEITHER) else 0
