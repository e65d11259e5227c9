"""The coercion of ``gjk``'s parameters without Pydantic gives what Typer's gives.

Under Typer 0.29, every value a test sends through :mod:`gjkcli.cli_values`
is also sent through the coercion Typer builds itself (with Pydantic): the
same value comes out, or an error for the same values, in the same words but
for Pydantic's "Value error, " (left out) and a choice's (listed plainly).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, get_origin

import pytest
import typer
import typer.main

from gjkcli import cli_values
from gjkcli.cli import app

typer_coercion = pytest.importorskip("typer._coercion", reason="Typer before 0.29: no Pydantic")

VALUES: dict[str, list[Any]] = {
    "string": [None, "a.json", "-", "", "é ü", "--", "\x1b[31m"],
    "path": [None, "pair.svg", "-", "", "samples", "samples/seed-example.json", "x\x00y"],
    "choice": [None, "both", "boolean", "distance", "BOOLEAN", "nope", "", "\x1b[31m"],
    "flag": [None],
}
"""Raw values, as the parser or a default gives them, for each kind of parameter."""


def kind(param: Any) -> str | None:
    """Which of :data:`VALUES` a parameter takes (``None``: one left to Typer)."""
    annotation = param.type_descriptor.annotation
    if get_origin(annotation) is Literal:
        return "choice"
    return {str: "string", Path: "path", bool: "flag"}.get(annotation)


def commands() -> dict[str, Any]:
    """The group ``gjk`` and each of its commands, by name."""
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    return {"gjk": group, **group.commands}


def parameters() -> list[tuple[str, Any]]:
    """``(command name, parameter)`` for every parameter of every command, ``--help`` too."""
    return [
        (name, param)
        for name, command in commands().items()
        for param in command.get_params(typer.Context(command, info_name=name))
    ]


def outcome(coercion: Any, value: Any, param: Any, ctx: Any) -> tuple[str, Any]:
    """What a coercion makes of ``value``: ``("value", result)`` or ``("error", message)``."""
    try:
        return "value", coercion.coerce(value, param=param, ctx=ctx)
    except typer.BadParameter as error:
        return "error", error.format_message()


def test_parsing_gives_every_parameter_a_coercion_of_its_own() -> None:
    for name, command in commands().items():
        args = ["samples/seed-example.json"] if name in ("check", "plot", "minkowski") else []
        with command.make_context(name, args, resilient_parsing=True) as context:
            for param in command.get_params(context):
                coercion = param._runtime_param
                assert isinstance(coercion, cli_values._Coercion), (name, param.name)
                assert (coercion.convert is None) == (kind(param) in (None, "flag"))


CASES = [(name, param) for name, param in parameters() if kind(param) is not None]


def in_our_words(param: Any, value: Any, message: str) -> str:
    """Typer's message for a value it refused, as :mod:`gjkcli.cli_values` words it."""
    if kind(param) == "choice":
        choices = ", ".join(param.type_descriptor.choices)
        return f"Invalid value for '{param.opts[0]}': {value!r} is not one of: {choices}"
    return message.replace("Value error, ", "")


@pytest.mark.parametrize(
    ("name", "param"), CASES, ids=[f"{name}-{param.name}" for name, param in CASES]
)
def test_values_and_errors_are_typers(name: str, param: Any) -> None:
    context = typer.Context(commands()[name], info_name=name)
    typers = typer_coercion.build_runtime_param(param.type_descriptor)
    cli_values.give_coercions([param])
    ours = param._runtime_param
    for value in VALUES[kind(param) or ""]:
        expected = outcome(typers, value, param, context)
        if expected[0] == "error":
            expected = ("error", in_our_words(param, value, expected[1]))
        got = outcome(ours, value, param, context)
        assert got == expected, (name, param.name, value)
        assert type(got[1]) is type(expected[1])


def test_numbers_and_lists_are_left_to_typer() -> None:
    batch = commands()["batch"]
    context = batch.make_context("batch", ["samples", "--workers", "3", "--glob", "*.json"])
    assert context.params["workers"] == 3 and context.params["paths"] == ["samples"]
    assert context.params["glob"] == "*.json" and context.params["output"] is None
    with pytest.raises(typer.BadParameter, match="greater than or equal to 1"):
        batch.make_context("batch", ["samples", "--workers", "0"])
