"""Find the tests that cite a game's rules: test names and golden cases' expected reports.

A test module that names the game (``rushing-tin`` or ``rushing_tin``) cites, in each test,
the rules its name starts with (``test_4_10_overshooting`` cites 4.10,
``test_2_06_2_07_...`` both, ``test_hazard_pass_check_...`` the section Hazard pass check).
A golden case (a folder with an ``expected`` file) cites the rules its expected report rules
on (``[rule 3.01, ...`` in text, ``"rule": "3.01"`` in JSON), when it is a case of the game:
one of its files names the game.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

_TEXT_RULE = re.compile(r"\[rule ([^,\]]+)")
_JSON_RULE = re.compile(r'"rule":\s*"([^"]+)"')
#: Larger files in a golden case are not read (records and reports are a few kilobytes).
MAX_CASE_FILE = 1_000_000


def slug(rule: str) -> str:
    """Return how a rule is written in a test's name: ``4.10`` as ``4_10``, ``Hazard pass
    check`` as ``hazard_pass_check``."""
    return re.sub(r"[^a-z0-9]+", "_", rule.lower()).strip("_")


def cited_by_name(name: str, slugs: dict[str, str]) -> list[str]:
    """Return the rules a test's name cites, in order, from its start."""
    rest = name.removeprefix("test_")
    cited: list[str] = []
    while rest:
        match = max((s for s in slugs if rest == s or rest.startswith(s + "_")), key=len,
                    default=None)
        if match is None:
            break
        cited.append(slugs[match])
        rest = rest[len(match) + 1:]
    return cited


def named_tests(tests_dir: Path, game: str) -> Iterator[tuple[Path, str]]:
    """Yield each test function of the folder's test modules that name the game (its folder
    name, or the same with underscores), with its file."""
    names = re.compile(rf"(?<![\w-])(?:{re.escape(game)}|{re.escape(game.replace('-', '_'))})"
                       rf"(?![\w-])")
    for path in sorted(tests_dir.rglob("test_*.py")):
        try:
            source = path.read_text(encoding="utf-8")
            # Only a module that names the game is parsed: most of a suite is other games'.
            if not names.search(source):
                continue
            tree = ast.parse(source)
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            if (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                    and node.name.startswith("test_")):
                yield path, node.name


def golden_cases(tests_dir: Path) -> Iterator[tuple[Path, list[str]]]:
    """Yield each golden case folder with the text of its files."""
    golden = tests_dir / "golden"
    if not golden.is_dir():
        return
    folders = sorted({p.parent for p in golden.rglob("expected*") if p.is_file()})
    for folder in folders:
        texts = []
        for path in sorted(folder.iterdir()):
            try:
                if path.is_file() and path.stat().st_size <= MAX_CASE_FILE:
                    texts.append(path.read_text(encoding="utf-8", errors="replace"))
            except OSError:
                continue
        yield folder, texts


def cited_by_case(texts: list[str]) -> list[str]:
    """Return the rules a golden case's expected report rules on, in order."""
    cited: list[str] = []
    for text in texts:
        cited += [m.strip() for m in _TEXT_RULE.findall(text)]
        cited += _JSON_RULE.findall(text)
    return list(dict.fromkeys(cited))


def cited_in_tests(tests_dir: Path | None, game: str, rules: Iterable[str]
                 ) -> dict[str, list[str]]:
    """Return, per rule, the tests (``file::name``) and golden cases (folder) that cite it."""
    ids = list(rules)
    out: dict[str, list[str]] = {rule: [] for rule in ids}
    if tests_dir is None or not tests_dir.is_dir():
        return out
    slugs = {slug(rule): rule for rule in ids if slug(rule)}
    for path, name in named_tests(tests_dir, game):
        for rule in cited_by_name(name, slugs):
            out[rule].append(f"{path.as_posix()}::{name}")
    pattern = re.compile(rf"(?<![\w-]){re.escape(game)}(?![\w-])")
    for folder, texts in golden_cases(tests_dir):
        if not any(pattern.search(text) for text in texts):
            continue
        for rule in cited_by_case(texts):
            if rule in out:
                out[rule].append(folder.as_posix())
    for rule, found in out.items():
        out[rule] = list(dict.fromkeys(found))
    return out
