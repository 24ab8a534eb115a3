"""The package's architecture: the layers of docs/architecture.md, kept by import-linter, and
no import cycle between modules."""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

REPO = Path(__file__).resolve().parent.parent
LAYERS = {"core", "content", "layout", "render", "build", "referee", "app"}
"""The packages of docs/architecture.md, bottom to top; games sit beside the app."""


def test_the_package_is_its_layers_and_its_games() -> None:
    """``ls pnpcompiler/`` reads as the pipeline: each layer, the games, and nothing else
    (a module at the top would belong to no layer, and the contract would not see it)."""
    top = {p.name for p in (REPO / "pnpcompiler").iterdir()
           if p.name != "__pycache__" and (p.is_dir() or p.suffix == ".py")}
    assert top == LAYERS | {"games", "__init__.py", "__main__.py"}


def test_each_layer_imports_only_the_layers_below_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The contract in pyproject.toml, type-checking imports included."""
    monkeypatch.chdir(REPO)
    status = lint_imports(no_cache=True, no_logo=True)
    assert status == 0, capsys.readouterr().out


def _strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the groups of modules that import each other, directly or not (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == module:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return groups


def test_no_module_imports_itself_round_a_cycle() -> None:
    """No import cycle, counting imports inside functions and under ``if TYPE_CHECKING`` (so
    none is placed there to dodge one): a type a module's functions take lives in a module
    below it (``content.game`` holds ``GameContent`` for the plug-in API and the loader)."""
    graph = grimp.build_graph("pnpcompiler", exclude_type_checking_imports=False,
                              cache_dir=None)
    imports = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert _strongly_connected(imports) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The cycle test above can fail: two modules importing each other are found."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _strongly_connected(graph) == [["a", "b", "c"]]
