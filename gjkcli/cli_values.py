"""Command-line strings, paths and choices turned into values without Pydantic.

Typer 0.29 coerces the value of every parameter but a given flag with a
Pydantic ``TypeAdapter``, built as the command line is parsed, even when the
value is missing: importing Pydantic for it takes longer than all the geometry
of ``gjk check``. The commands of ``gjk`` (:class:`Command`, :class:`Group`)
give each parameter a coercion of their own before Typer builds one: a missing
value, a string, a path or a choice is coerced here, with Typer's own
pydantic-free helpers, so that values and error messages stay Typer's; any
other value (``gjk batch --workers 4``, ``gjk generate --count``) is handed to
the coercion Typer would have used. Typer releases before 0.29 have no
adapters to avoid: their parameters are left alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import typer
from typer.core import TyperCommand, TyperGroup

__all__ = ["Command", "Group"]

Convert = Callable[[Any, Any, Any], Any]
"""Coerce a value that is not ``None``: ``(value, parameter, context) -> value``."""


class Command(TyperCommand):
    """A Typer command that coerces strings, paths and choices without Pydantic."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse the command line, each parameter coerced as :func:`give_coercions` says."""
        give_coercions(self.get_params(ctx))
        return super().parse_args(ctx, args)


class Group(TyperGroup):
    """The group of :class:`Command`, which has parameters of its own (``--help``)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse the command line, each parameter coerced as :func:`give_coercions` says."""
        give_coercions(self.get_params(ctx))
        return super().parse_args(ctx, args)


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
            except ValueError as error:  # reported as Pydantic reports it from Typer's helpers
                raise typer.BadParameter(f"Value error, {error}", ctx=ctx, param=param) from None
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
    """One of the values of the parameter's ``Literal``, matched as Typer matches them."""
    from typer._param_types import coerce_cli_choice

    descriptor = param.type_descriptor
    return coerce_cli_choice(
        value,
        choices=get_args(descriptor.annotation),
        case_sensitive=descriptor.parameter_info.case_sensitive,
        ctx=ctx,
    )
