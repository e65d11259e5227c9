"""The commands of ``gjk``: values without Pydantic, plain help, one-line usage errors.

:class:`Command` and :class:`Group` are Typer's, with three changes. They write
their help with :mod:`gjkcli.cli_help` (plain text, the same under every Typer
``gjk`` allows, rather than Typer's panels); the group, which runs the command
line, reports a usage error in one line on standard error (exit status 2), as
:func:`gjkcli.cli_help.usage_error` words it; and they coerce values as follows.

Typer 0.29 coerces the value of every parameter but a given flag with a
Pydantic ``TypeAdapter``, built as the command line is parsed, even when the
value is missing: importing Pydantic for it takes longer than all the geometry
of ``gjk check``. The commands of ``gjk`` (:class:`Command`, :class:`Group`)
give each parameter a coercion of their own before Typer builds one: a missing
value, a string, a path or a choice is coerced here, with Typer's own
pydantic-free helpers, so that values and error messages stay Typer's (but
without Pydantic's "Value error, " before the reason, and a value that is not
one of the choices is told so plainly: ``'foo' is not one of: both, boolean,
distance``); any
other value (``gjk batch --workers 4``, ``gjk generate --count``) is handed to
the coercion Typer would have used. Typer releases before 0.29 have no
adapters to avoid: their parameters are left alone.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NoReturn, get_args, get_origin

import typer
from typer.core import TyperCommand, TyperGroup

__all__ = ["Command", "Group"]

Convert = Callable[[Any, Any, Any], Any]
"""Coerce a value that is not ``None``: ``(value, parameter, context) -> value``."""


_CLICK_ERRORS = importlib.import_module(typer.BadParameter.__module__)
"""The exceptions of the Click that this Typer runs on (its own copy, from Typer 0.29)."""


class Command(TyperCommand):
    """A Typer command that coerces strings, paths and choices without Pydantic, and
    writes its help as :func:`gjkcli.cli_help.format_help` does."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse the command line, each parameter coerced as :func:`give_coercions` says;
        a usage error knows its command (see :func:`_in_context`)."""
        give_coercions(self.get_params(ctx))
        with _in_context(ctx):
            return super().parse_args(ctx, args)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help, in plain text."""
        from gjkcli.cli_help import format_help

        format_help(self, ctx, formatter)


class Group(TyperGroup):
    """The group of :class:`Command`, which has parameters of its own (``--help``), plain
    help too, and says what is wrong with a command line in one line."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse the command line, each parameter coerced as :func:`give_coercions` says;
        a usage error knows its command (see :func:`_in_context`)."""
        give_coercions(self.get_params(ctx))
        with _in_context(ctx):
            return super().parse_args(ctx, args)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help, in plain text."""
        from gjkcli.cli_help import format_help

        format_help(self, ctx, formatter)

    def every_command(self) -> dict[str, Any]:
        """Every command of the program by name: those of this group (a group that holds
        fewer, as a run of one command's does, gives them all here)."""
        return dict(self.commands)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line. Standalone (as the ``gjk`` script runs it), a usage error
        is one line on standard error rather than Typer's panel, and ends the program
        with its exit status (2); the group's help, asked for by giving no command, goes
        to standard error with exit status 2 as before. Not standalone, as Click's."""
        run = (args, prog_name, complete_var, False, windows_expand_args)
        if not standalone_mode:
            return super().main(*run, **extra)
        try:
            status = super().main(*run, **extra)
        except _CLICK_ERRORS.ClickException as error:
            _usage_failed(error)
        sys.exit(status if isinstance(status, int) else 0)


@contextlib.contextmanager
def _in_context(ctx: Any) -> Iterator[None]:
    """A usage error raised here without a context (Click's parser leaves it out of
    ``Option '--query' requires an argument``) is given ``ctx``, so that its message
    names the command whose help to see."""
    try:
        yield
    except _CLICK_ERRORS.UsageError as error:
        if error.ctx is None:
            error.ctx = ctx
        raise


def _usage_failed(error: Any) -> NoReturn:
    """Say what is wrong with the command line, on standard error, and exit."""
    if type(error).__name__ == "NoArgsIsHelpError":  # Click 8.2 on: no command given
        sys.stderr.write(error.ctx.get_help() + "\n")
    else:
        from gjkcli.cli_help import usage_error

        sys.stderr.write(usage_error(error))
    sys.exit(error.exit_code)


def give_coercions(params: Iterable[Any]) -> None:
    """Give each of Typer 0.29's ``params`` without a coercion yet one of :class:`_Coercion`,
    in the slot where Typer keeps the coercion it builds on first use."""
    for param in params:
        if getattr(param, "_runtime_param", False) is None:
            param._runtime_param = _Coercion(_converter(param))


@dataclass(frozen=True)
class _Coercion:
    """What Typer 0.29 asks of a parameter's coercion, ``coerce(value, param=, ctx=)``."""

    convert: Convert | None
    """For the values that are not ``None``; ``None``: Typer's own coercion."""

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        """A missing value stays ``None`` (an empty tuple for a parameter of many values, as
        in Typer); any other is converted by ``convert``, or else by Typer's own coercion."""
        if value is None:
            return () if param.multiple or param.nargs == -1 else None
        if self.convert is not None:
            try:
                return self.convert(value, param, ctx)
            except ValueError as error:  # a path with a NUL in it: Pydantic's words, less noise
                raise typer.BadParameter(str(error), ctx=ctx, param=param) from None
        from typer._coercion import build_runtime_param

        return build_runtime_param(param.type_descriptor).coerce(value, param=param, ctx=ctx)


def _converter(param: Any) -> Convert | None:
    """The conversion of one parameter's value when it is a string, a path or a choice."""
    descriptor = param.type_descriptor
    if descriptor.parameter_info.parser is not None or param.nargs != 1 or param.multiple:
        return None
    annotation = descriptor.annotation
    if annotation is str:
        return _string
    if annotation is Path and descriptor.parameter_info.path_type is None:
        return _path
    if get_origin(annotation) is Literal:
        return _choice
    return None


def _string(value: Any, param: Any, ctx: Any) -> str:
    """The value as a string (the parser gives strings already)."""
    return str(value)


def _path(value: Any, param: Any, ctx: Any) -> Any:
    """A :class:`~pathlib.Path`, checked as Typer checks paths (an existing file must be
    readable); Typer asks Pydantic only to turn a string into a path, done here first."""
    from typer._param_types import coerce_cli_path

    info = param.type_descriptor.parameter_info
    return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)


def _choice(value: Any, param: Any, ctx: Any) -> Any:
    """One of the values of the parameter's ``Literal``, matched as Typer matches them;
    any other value is an error that lists the choices."""
    from typer._param_types import coerce_cli_choice

    descriptor = param.type_descriptor
    choices = get_args(descriptor.annotation)
    try:
        return coerce_cli_choice(
            value,
            choices=choices,
            case_sensitive=descriptor.parameter_info.case_sensitive,
            ctx=ctx,
        )
    except ValueError:
        listed = ", ".join(map(str, choices))
        raise typer.BadParameter(
            f"{value!r} is not one of: {listed}", ctx=ctx, param=param
        ) from None
