"""The sandbox that runs a template's jinja2: no Python internals, no mutation, and nothing
that eats the machine's memory or time.

jinja2's own sandbox keeps a template away from Python's internals. On top of it, every
operation that can make a huge value from a short text is bounded: ``**`` and ``*``, the
``%`` and ``format`` widths, the string methods and filters that pad (``center``, ``ljust``,
``indent``...), ``replace`` with an empty pattern, the fill of ``batch`` and ``slice``; and
``lipsum``, which writes as much text as asked, is gone. A value that breaks a bound raises
:class:`OverflowError`, which the template engine reports as a finding.

Names a template reads but the item lacks raise :class:`MissingValue`, which knows the value
that lacked the name, so the finding can name the field and the keys it does have. In
``if:`` conditions a missing name is simply false (:func:`condition`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache, partial, wraps
from typing import Any

from jinja2 import ChainableUndefined, StrictUndefined, Undefined, UndefinedError
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import missing

MAX_POWER_BITS = 100_000
"""The largest integer ``**`` may make in a template, in bits."""
MAX_REPEAT = 1_000_000
"""The longest text or list ``*``, a padding width or a fill may make in a template."""

_PADDING_METHODS = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs"})
_WIDE_FORMAT = re.compile(r"\{[^{}]*(?:\d{7,}|\{)")
"""A ``str.format`` field with a width of seven digits or more, or a width given by an
argument (``{:{}}``)."""
_WIDE_PERCENT = re.compile(r"%[-#0 +]*(?:\*|\d{7,})")
"""A ``%`` conversion with a width of seven digits or more, or one given by an argument."""


class MissingValue(UndefinedError):
    """A template read a name that is not there: ``owner`` lacks ``name`` (``owner`` is
    jinja2's ``missing`` for a variable that is not defined at all)."""

    def __init__(self, message: str | None = None, *, owner: Any = missing,
                 name: Any = None) -> None:
        super().__init__(message)
        self.owner = owner
        self.name = name


class Missing(StrictUndefined):
    """jinja2's strict undefined, raising :class:`MissingValue` with what lacked the name."""

    __slots__ = ()

    def __init__(self, hint: str | None = None, obj: Any = missing, name: str | None = None,
                 exc: type[Exception] = UndefinedError) -> None:
        # The sandbox's refusals (SecurityError) keep their own exception.
        raises: Any = partial(MissingValue, owner=obj, name=name) if exc is UndefinedError \
            else exc
        super().__init__(hint, obj, name, raises)


def check_size(operator: str, left: Any, right: Any) -> None:
    """Refuse ``**``, ``*`` and ``%`` that would make a number or a text too big to hold."""
    if operator == "**":
        if (isinstance(left, int) and isinstance(right, int) and abs(left) > 1
                and right * max(left.bit_length(), 1) > MAX_POWER_BITS):
            raise OverflowError(f"{left!r} ** {right!r} is too large")
        return
    if operator == "%":
        if isinstance(left, str) and _WIDE_PERCENT.search(left):
            raise OverflowError("a '%' width must be written in the text, below "
                                f"{MAX_REPEAT:,}")
        return
    for seq, n in ((left, right), (right, left)):
        if (isinstance(seq, str | list | tuple) and isinstance(n, int)
                and len(seq) * n > MAX_REPEAT):
            raise OverflowError(f"repeating {len(seq)} items {n} times is too long "
                                f"(at most {MAX_REPEAT:,})")


def check_call(function: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Refuse a string method call that would pad or grow a text beyond the bound."""
    owner = getattr(function, "__self__", None)
    if not isinstance(owner, str | bytes):
        return
    name = getattr(function, "__name__", "")
    if name in _PADDING_METHODS:
        _check_widths(name, (*args, *kwargs.values()))
    elif name == "replace" and args and isinstance(args[0], str | bytes) and len(args) > 1:
        _check_replace(owner, args[0], args[1])


def _check_widths(name: str, values: tuple[Any, ...]) -> None:
    for value in values:
        if isinstance(value, int) and value > MAX_REPEAT:
            raise OverflowError(f"{name}({value}) is too wide (at most {MAX_REPEAT:,})")


def _check_replace(text: Any, old: Any, new: Any) -> None:
    if isinstance(new, str | bytes) and len(new) > len(old):
        grows = (len(text) + 1 if not old else text.count(old)) * (len(new) - len(old))
        if len(text) + grows > MAX_REPEAT:
            raise OverflowError(f"the replacement would make a text longer than "
                                f"{MAX_REPEAT:,}")


def _bounded_filter(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """Return a filter that refuses the arguments that would make a huge value."""

    @wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        rest = args[1:]
        if name in ("center", "indent", "batch", "slice"):
            _check_widths(name, (*rest, *kwargs.values()))
        elif name == "format" and args and isinstance(args[0], str):
            check_size("%", args[0], None)
        elif name == "replace" and len(rest) >= 3:
            # replace takes the evaluation context first, then the text, old and new.
            _check_replace(str(rest[0]), str(rest[1]), str(rest[2]))
        return function(*args, **kwargs)

    return bounded


_BOUNDED_FILTERS = ("center", "indent", "batch", "slice", "format", "replace")


class Sandbox(ImmutableSandboxedEnvironment):
    """No Python internals, no mutation, and no operation that eats memory."""

    intercepted_binops = frozenset({"**", "*", "%"})

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.globals.pop("lipsum", None)
        for name in _BOUNDED_FILTERS:
            self.filters[name] = _bounded_filter(name, self.filters[name])

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        check_size(operator, left, right)
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        check_call(__obj, args, kwargs)
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        wrapped = super().wrap_str_format(value)
        if wrapped is not None and _WIDE_FORMAT.search(str(value.__self__)):
            raise OverflowError("a format width must be written in the text, below "
                                f"{MAX_REPEAT:,}")
        return wrapped


@lru_cache(maxsize=3)
def environment(autoescape: bool = True, *, lenient: bool = False) -> Sandbox:
    """Return the sandboxed environment: values are escaped for text markup, except in the
    environment for paths (``autoescape`` false); a missing name is an error, except in
    the environment for conditions (``lenient``), where it is false."""
    return Sandbox(autoescape=autoescape, undefined=ChainableUndefined if lenient else Missing,
                   trim_blocks=True, lstrip_blocks=True)


@lru_cache(maxsize=4096)
def compiled(source: str, autoescape: bool = True) -> Any:
    """Return a template string compiled once: a kit renders the same strings for every item."""
    template = environment(autoescape).from_string(source)
    # Its globals as one plain dict (the environment's never change once made): jinja's
    # chain of the template's and the environment's is walked twice at every render.
    template.globals = dict(template.globals)
    return template


@lru_cache(maxsize=4096)
def compiled_expression(source: str) -> Any:
    """Return an ``each`` or ``points`` expression compiled once."""
    return environment().compile_expression(source, undefined_to_none=False)


@lru_cache(maxsize=4096)
def compiled_condition(source: str) -> Any:
    """Return an ``if`` expression compiled once, in the lenient environment."""
    return environment(lenient=True).compile_expression(source, undefined_to_none=False)


def evaluate(source: str, scope: dict[str, Any]) -> Any:
    """Return the value of an ``each`` or ``points`` expression; a name the item lacks raises
    :class:`MissingValue`."""
    value = compiled_expression(source)(scope)
    if isinstance(value, Undefined):
        value._fail_with_undefined_error()
    return value


def condition(source: str, scope: dict[str, Any]) -> bool:
    """Return whether an ``if`` expression holds: a name the item lacks is false, and so is
    a comparison or sum that reads one."""
    try:
        return bool(compiled_condition(source)(scope))
    except UndefinedError:
        return False


@lru_cache(maxsize=4096)
def names_read(source: str, escape: bool) -> tuple[str, ...]:
    """Return the variables a template string reads, sorted."""
    from jinja2 import meta

    return tuple(sorted(meta.find_undeclared_variables(environment(escape).parse(source))))
