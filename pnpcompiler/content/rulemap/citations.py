"""Find the checks that cite a game's rules by reading its source, never running it.

A check is a call that records a ruling through the referee's core (``rule``, ``claim``,
``incident``, ``ruling``, a ``RolledDie`` checked against a seed) or a content finding
(``error``, ``warning``) that cites a rule in parentheses in its message. Every string among
the call's arguments that is a rule of the catalogue counts as a citation, through both
branches of a conditional, a name assigned in the same function (``rule = "1.21" if ... else
"1.22"``, ``code, rule = ...``, ``for ..., rule in ((...), ...)``), a parameter whose
callers pass the rule (``deal(..., rule="9.02")``), a lookup in a literal dict
(``DICE_KEYS[key]``, ``table.get(key, "12.01")``) and what a function of the same module
returns (``_die_rule(path)``): the citation is placed where the rule's number is written.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

Scope = ast.FunctionDef | ast.AsyncFunctionDef | ast.Module

#: How deep names and parameters are followed before giving up (a cycle stops earlier).
MAX_DEPTH = 8


@dataclass(frozen=True, order=True)
class Citation:
    """A rule cited by a check: the rule, the ruling's code, the call, and where it is."""

    rule: str
    module: str
    line: int
    code: str | None
    """The ruling's code (``move.order``), an incident's kind, or the codes it may be joined
    by ``|``; None when it is not written as a constant."""
    call: str
    """``rule``, ``claim``, ``incident``, ``dice`` (a die checked against the seed) or
    ``finding`` (a content check's finding)."""


@dataclass(frozen=True)
class Sink:
    """A call that records a ruling: where its code and its rule are among its arguments."""

    call: str
    code_arg: int | None = 0
    fixed_code: str | None = None
    rule_arg: int | None = 1
    in_text: bool = False
    """The rule is cited in the message's text, in parentheses (a content finding)."""


SINKS: dict[str, Sink] = {
    "rule": Sink("rule"),
    "ruling": Sink("rule"),
    "claim": Sink("claim", code_arg=None, fixed_code="claim.accepted", rule_arg=0),
    "incident": Sink("incident"),
    "RolledDie": Sink("dice", code_arg=None, fixed_code="dice.seed", rule_arg=2),
    "error": Sink("finding", rule_arg=None, in_text=True),
    "warning": Sink("finding", rule_arg=None, in_text=True),
}

#: The statements that give a name a value or a function its result.
BINDINGS = (ast.Assign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.Return)

_PARENTHESES = re.compile(r"\(([^()]*)\)")


@dataclass(frozen=True)
class Text:
    """A string constant and where it is written."""

    value: str
    module: str
    line: int


@dataclass
class Module:
    """One parsed source file of the game: its dotted name, tree and each node's scope."""

    name: str
    tree: ast.Module
    scopes: dict[ast.AST, Scope] = field(default_factory=dict)
    classes: dict[ast.AST, ast.ClassDef] = field(default_factory=dict)
    functions: list[ast.FunctionDef | ast.AsyncFunctionDef] = field(default_factory=list)
    calls: list[ast.Call] = field(default_factory=list)
    bindings: dict[Scope, list[ast.stmt]] = field(default_factory=dict)
    """Each scope's own assignments, loops and returns, in source order: names are looked up
    in a scope many times, so its statements are not walked again for each."""

    @classmethod
    def parse(cls, name: str, source: str) -> Module:
        """Parse a module and note the function (or module) every node belongs to."""
        tree = ast.parse(source)
        module = cls(name, tree)
        module.index(tree, tree, None)
        return module

    def index(self, node: ast.AST, scope: Scope, owner: ast.ClassDef | None) -> None:
        """Record the scope of ``node``'s children, descending into nested definitions, and
        note the module's functions, calls and each scope's bindings on the way."""
        for child in ast.iter_child_nodes(node):
            self.scopes[child] = scope
            if isinstance(child, BINDINGS):
                self.bindings.setdefault(scope, []).append(child)
            elif isinstance(child, ast.Call):
                self.calls.append(child)
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions.append(child)
                if owner is not None:
                    self.classes[child] = owner
                self.index(child, child, None)
            elif isinstance(child, ast.ClassDef):
                self.index(child, scope, child)
            else:
                self.index(child, scope, owner)


@dataclass
class Scanner:
    """Citations of a catalogue's rules in a set of modules (one game's package)."""

    modules: list[Module]
    ids: frozenset[str]
    functions: dict[str, list[tuple[Module, ast.FunctionDef | ast.AsyncFunctionDef]]] = field(
        default_factory=dict)
    calls: dict[str, list[tuple[Module, ast.Call]]] = field(default_factory=dict)
    cited_elsewhere: set[Citation] = field(default_factory=set)

    def __post_init__(self) -> None:
        for module in self.modules:
            for function in module.functions:
                self.functions.setdefault(function.name, []).append((module, function))
            for call in module.calls:
                name = called_name(call.func)
                if name is not None:
                    self.calls.setdefault(name, []).append((module, call))

    def citations(self) -> set[Citation]:
        """Return every citation of a catalogue rule (and note the other rules cited)."""
        found: set[Citation] = set()
        for module in self.modules:
            for call in module.calls:
                found.update(self.of_call(module, call))
        return found

    def of_call(self, module: Module, call: ast.Call) -> Iterator[Citation]:
        """Yield the citations of one call, if it records a ruling."""
        scope = module.scopes.get(call, module.tree)
        found = self.sink(module, call, scope)
        if found is None:
            return
        sink, args = found
        keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
        code = sink.fixed_code or self.code(module, scope, args, sink)
        if sink.in_text:
            for text in self.texts_in(module, scope, [*args, *keywords.values()]):
                for cited in cited_in_text(text.value, self.ids):
                    yield Citation(cited, text.module, text.line, code, sink.call)
            return
        rule_expr = (args[sink.rule_arg] if sink.rule_arg is not None
                     and sink.rule_arg < len(args) else keywords.get("rule"))
        for text in self.texts_in(module, scope, [*args, *keywords.values()]):
            if text.value in self.ids:
                yield Citation(text.value, text.module, text.line, code, sink.call)
        if rule_expr is not None:
            for text in self.strings(module, scope, rule_expr, 0, set()):
                if text.value not in self.ids:
                    self.cited_elsewhere.add(
                        Citation(text.value, text.module, text.line, code, sink.call))

    def sink(self, module: Module, call: ast.Call, scope: Scope
             ) -> tuple[Sink, list[ast.expr]] | None:
        """Return the ruling call ``call`` makes and its arguments, or None.

        A method that overrides a sink (a game's ``rule`` that adds a time) is the sink's own
        implementation: its callers are the checks, so the calls inside it are not."""
        if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)) and scope.name in SINKS:
            return None
        args = [a for a in call.args if not isinstance(a, ast.Starred)]
        name = called_name(call.func)
        if name in SINKS:
            return SINKS[name], args
        if isinstance(call.func, ast.Name):
            for value, _, _ in self.assigned(module, scope, call.func.id):
                bound = self.partial_sink(value)
                if bound is not None:
                    return bound[0], [*bound[1], *args]
        return None

    @staticmethod
    def partial_sink(value: ast.expr) -> tuple[Sink, list[ast.expr]] | None:
        """Return the sink behind ``say = ctx.rule`` or ``say = partial(ctx.rule, ...)``."""
        if called_name(value) in SINKS and not isinstance(value, ast.Call):
            return SINKS[called_name(value) or ""], []
        if (isinstance(value, ast.Call) and called_name(value.func) == "partial" and value.args
                and called_name(value.args[0]) in SINKS):
            return SINKS[called_name(value.args[0]) or ""], list(value.args[1:])
        return None

    def code(self, module: Module, scope: Scope, args: list[ast.expr], sink: Sink
             ) -> str | None:
        """Return the ruling's code (or codes, joined by ``|``) as written, if constant."""
        if sink.code_arg is None or sink.code_arg >= len(args):
            return None
        expr = args[sink.code_arg]
        if isinstance(expr, ast.JoinedStr):
            return template(expr)
        values = [t.value for t in self.strings(module, scope, expr, 0, set())]
        return "|".join(dict.fromkeys(values)) or None

    def texts_in(self, module: Module, scope: Scope, exprs: Iterable[ast.expr], depth: int = 0
                 ) -> Iterator[Text]:
        """Yield the strings of several arguments."""
        for expr in exprs:
            yield from self.strings(module, scope, expr, depth, set())

    def strings(self, module: Module, scope: Scope, expr: ast.expr, depth: int,
                seen: set[tuple[str, int]]) -> Iterator[Text]:
        """Yield the string constants an expression may be, following names and callers."""
        if depth > MAX_DEPTH or (module.name, id(expr)) in seen:
            return
        seen.add((module.name, id(expr)))
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            yield Text(expr.value, module.name, expr.lineno)
        elif isinstance(expr, ast.JoinedStr):
            for part in expr.values:
                yield from self.strings(module, scope, part, depth, seen)
        elif isinstance(expr, ast.IfExp):
            yield from self.strings(module, scope, expr.body, depth, seen)
            yield from self.strings(module, scope, expr.orelse, depth, seen)
        elif isinstance(expr, ast.BoolOp):
            for value in expr.values:
                yield from self.strings(module, scope, value, depth, seen)
        elif isinstance(expr, (ast.Tuple, ast.List)):
            for element in expr.elts:
                yield from self.strings(module, scope, element, depth, seen)
        elif isinstance(expr, ast.Name):
            for value, where, at in self.assigned(module, scope, expr.id):
                yield from self.strings(where, at, value, depth + 1, seen)
            yield from self.passed(module, scope, expr.id, depth + 1, seen)
        elif isinstance(expr, ast.Subscript):
            yield from self.table(module, scope, expr.value, depth + 1, seen)
        elif isinstance(expr, (ast.GeneratorExp, ast.ListComp, ast.SetComp)):
            yield from self.strings(module, scope, expr.elt, depth, seen)
        elif isinstance(expr, ast.Call):
            yield from self.returned(module, scope, expr, depth + 1, seen)

    def table(self, module: Module, scope: Scope, expr: ast.expr, depth: int,
              seen: set[tuple[str, int]]) -> Iterator[Text]:
        """Yield the values of a literal table (a dict) that a name holds, in its function or
        its module (``DICE_KEYS[key]``)."""
        if not isinstance(expr, ast.Name):
            return
        for at in dict.fromkeys((scope, module.tree)):
            for value, where, bound in self.assigned(module, at, expr.id, loops=False):
                if isinstance(value, ast.Dict):
                    for element in value.values:
                        yield from self.strings(where, bound, element, depth, seen)

    def returned(self, module: Module, scope: Scope, call: ast.Call, depth: int,
                 seen: set[tuple[str, int]]) -> Iterator[Text]:
        """Yield the strings a call may give: ``next`` of a generator, a table's ``get`` (or
        its default), or what a function of the same module returns."""
        args = [a for a in call.args if not isinstance(a, ast.Starred)]
        if isinstance(call.func, ast.Name) and call.func.id == "next":
            yield from self.texts_in(module, scope, args, depth)
        elif isinstance(call.func, ast.Attribute) and call.func.attr == "get" and args:
            yield from self.table(module, scope, call.func.value, depth, seen)
            yield from self.texts_in(module, scope, args[1:], depth)
        elif isinstance(call.func, ast.Name):
            # Only the same module: a name is not unique across a package (``rule``, ``where``).
            for where, function in self.functions.get(call.func.id, []):
                if where is not module:
                    continue
                for node in scope_statements(module, function):
                    if isinstance(node, ast.Return) and node.value is not None:
                        yield from self.strings(module, function, node.value, depth, seen)

    def assigned(self, module: Module, scope: Scope, name: str, *, loops: bool = True
                 ) -> Iterator[tuple[ast.expr, Module, Scope]]:
        """Yield the values a name is given in its function (or module): assignments,
        tuple unpacking and (with ``loops``) ``for`` loops over literal tuples."""
        for node in scope_statements(module, scope):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    yield from (
                        (v, module, scope) for v in unpack(target, node.value, name))
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                yield from ((v, module, scope) for v in unpack(node.target, node.value, name))
            elif loops and isinstance(node, (ast.For, ast.AsyncFor)):
                for row in self.rows(module, scope, node.iter):
                    yield from ((v, module, scope) for v in unpack(node.target, row, name))

    def rows(self, module: Module, scope: Scope, expr: ast.expr) -> Iterator[ast.expr]:
        """Yield the elements of a literal sequence, or of one a name is assigned."""
        if isinstance(expr, (ast.Tuple, ast.List)):
            yield from expr.elts
        elif isinstance(expr, ast.Name):
            # Only plain assignments: a loop over its own name would never end.
            for value, _, _ in self.assigned(module, scope, expr.id, loops=False):
                if isinstance(value, (ast.Tuple, ast.List)):
                    yield from value.elts

    def passed(self, module: Module, scope: Scope, name: str, depth: int,
               seen: set[tuple[str, int]]) -> Iterator[Text]:
        """Yield what the callers of ``scope`` pass for its parameter ``name``."""
        if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return
        params = [*scope.args.posonlyargs, *scope.args.args]
        index = next((i for i, p in enumerate(params) if p.arg == name), None)
        keyword = name if index is not None or any(
            p.arg == name for p in scope.args.kwonlyargs) else None
        if keyword is None:
            return
        defaults = dict(zip(reversed(params), reversed(scope.args.defaults), strict=False))
        defaults.update((p, d) for p, d in zip(scope.args.kwonlyargs, scope.args.kw_defaults,
                                              strict=True) if d is not None)
        for param, default in defaults.items():
            if param.arg == name:
                yield from self.strings(module, scope, default, depth, seen)
        method = scope in module.classes and bool(params) and params[0].arg in ("self", "cls")
        for caller, call in self.calls.get(scope.name, []):
            shift = 1 if method and isinstance(call.func, ast.Attribute) else 0
            value = argument(call, index - shift if index is not None else None, keyword)
            if value is not None:
                at = caller.scopes.get(call, caller.tree)
                yield from self.strings(caller, at, value, depth, seen)


def template(expr: ast.JoinedStr) -> str:
    """Return an f-string as written, its fields in braces (``money.{name}``)."""
    out = ""
    for part in expr.values:
        if isinstance(part, ast.Constant):
            out += str(part.value)
        elif isinstance(part, ast.FormattedValue):
            out += "{" + ast.unparse(part.value) + "}"
    return out


def argument(call: ast.Call, index: int | None, keyword: str) -> ast.expr | None:
    """Return the argument a call passes at a position or by keyword."""
    for k in call.keywords:
        if k.arg == keyword:
            return k.value
    if index is None or index < 0:
        return None
    positional = call.args[:next((i for i, a in enumerate(call.args)
                                  if isinstance(a, ast.Starred)), len(call.args))]
    return positional[index] if index < len(positional) else None


def unpack(target: ast.expr, value: ast.expr, name: str) -> Iterator[ast.expr]:
    """Yield the part of ``value`` that ``target`` binds to ``name``."""
    if isinstance(target, ast.Name):
        if target.id == name:
            yield value
    elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List)):
        for sub, part in zip(target.elts, value.elts, strict=False):
            yield from unpack(sub, part, name)


def scope_statements(module: Module, scope: Scope) -> list[ast.stmt]:
    """Return the assignments, loops and returns of a function (or module) outside its nested
    functions, in source order."""
    return module.bindings.get(scope, [])


def called_name(func: ast.expr) -> str | None:
    """Return the name a call is made by: ``f`` for ``f(...)`` and ``x.f(...)``."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def cited_in_text(text: str, ids: frozenset[str]) -> Iterator[str]:
    """Yield the rules a message cites in parentheses: ``(rule 3.05)``, ``(10.04)``."""
    for group in _PARENTHESES.findall(text):
        for part in re.split(r"[,;]", group):
            cited = re.sub(r"^rules? ", "", part.strip())
            if cited in ids:
                yield cited


def module_files(root: Path, package: str | None) -> list[tuple[str, Path]]:
    """Return the Python files of a package folder (or a game folder) with dotted names."""
    files = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        parts = [*rel.parent.parts] + ([] if path.stem == "__init__" else [path.stem])
        name = ".".join([*([package] if package else []), *parts]) or (package or path.stem)
        files.append((name, path))
    return files


def scan(files: Iterable[tuple[str, Path]], ids: Iterable[str]
         ) -> tuple[set[Citation], set[Citation]]:
    """Return the citations of catalogue rules in these files, and the checks that cite
    rules the catalogue does not have. A file that cannot be read or parsed is skipped."""
    modules = []
    for name, path in files:
        try:
            modules.append(Module.parse(name, path.read_text(encoding="utf-8")))
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
    scanner = Scanner(modules, frozenset(ids))
    found = scanner.citations()
    return found, scanner.cited_elsewhere
