"""The help and the usage errors of ``gjk``, as plain text that reads at 80 columns.

Typer draws help in Rich panels with a type beside every parameter
(``--json <bool>``, ``{A}``, ``<list[str]>``, ``<int range> [x>=1]``), and
its look changes from release to release. The commands of ``gjk``
(:class:`gjkcli.cli_values.Command`, :class:`~gjkcli.cli_values.Group`) write
their help here instead, with the public methods of the help formatter that
Click (or the copy of it inside Typer) hands them, so that it reads the same
under every Typer that ``gjk`` allows:

- a usage line (``gjk check [OPTIONS] A [B]``, ``gjk batch [OPTIONS] PATH...``);
- the description (the command's docstring);
- ``Arguments`` and ``Options``: a flag as a flag, an option that takes a value
  with its metavar (``--plot FILE``; a choice as ``[both|boolean|distance]``),
  its help, and its default when it has one;
- ``Commands``, for the group: each command's first sentence;
- the epilog (see :func:`write_epilog`): ``Examples``, ``Exit status`` and notes.

A usage error (a missing argument, an unknown option, a value that is not one
of the choices) is one line on standard error, as every other error of
``gjk`` is (:func:`usage_error`).
"""

from __future__ import annotations

import difflib
import re
import textwrap
from typing import Any

__all__ = ["format_help", "usage_error", "usage_pieces", "write_epilog", "write_rows"]

TERMS = 24
"""The widest term (``--output-dir DIR``) that its meaning is written beside; a wider
one (``--normal-convention [a-to-b|b-to-a]``) has its meaning on the lines below."""

_ROW = re.compile(r"(\S+)\s{2,}(\S.*)")
"""An epilog line that is a row of two columns: a term, two spaces or more, its meaning."""


def format_help(command: Any, ctx: Any, formatter: Any) -> None:
    """Write the help of ``command`` (a Click command or group) to ``formatter``."""
    formatter.write_usage(ctx.command_path, " ".join(usage_pieces(command, ctx)))
    if command.help:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(command.help)
    params = [param for param in command.get_params(ctx) if not getattr(param, "hidden", False)]
    arguments = [_argument_row(param) for param in params if param.param_type_name == "argument"]
    options = [_option_row(param) for param in params if param.param_type_name == "option"]
    commands = _command_rows(command, ctx, formatter.width)
    for title, rows in (("Arguments", arguments), ("Options", options), ("Commands", commands)):
        if rows:
            with formatter.section(title):
                write_rows(formatter, rows)
    if command.epilog:
        write_epilog(formatter, command.epilog)


def usage_pieces(command: Any, ctx: Any) -> list[str]:
    """What follows the command's name on its usage line.

    >>> from typing import Annotated
    >>> import typer
    >>> app = typer.Typer()
    >>> @app.command()
    ... def check(a: str, b: Annotated[str | None, typer.Argument()] = None) -> None: ...
    >>> @app.command()
    ... def batch(paths: list[str]) -> None: ...
    >>> group = typer.main.get_command(app)
    >>> [usage_pieces(group.commands[name], None) for name in ("check", "batch")]
    [['[OPTIONS]', 'A', '[B]'], ['[OPTIONS]', 'PATHS...']]
    >>> usage_pieces(group, None)
    ['[OPTIONS]', 'COMMAND', '[ARGS]...']
    """
    if hasattr(command, "list_commands"):
        return ["[OPTIONS]", "COMMAND", "[ARGS]..."]
    pieces = ["[OPTIONS]"]
    for param in command.params:
        if param.param_type_name == "argument":
            name = _argument_name(param)
            pieces.append(name if param.required else f"[{name}]")
    return pieces


def write_epilog(formatter: Any, epilog: str) -> None:
    """Write an epilog, which is plain text of this form::

        Examples:
          gjk check samples/seed-example.json
          gjk example | gjk check -

        Exit status:
          0  the answers agree
          2  bad usage or unreadable input

        A paragraph of notes, wrapped to the width of the help.

    A line that ends in a colon and is not indented is the title of a section,
    and the indented lines after it are its body: in ``Examples``, commands to
    type, kept as they are; in any other section, rows of two columns (a term,
    two spaces or more, its meaning, wrapped beside the term). Any other line
    is a paragraph, wrapped.

    >>> import click
    >>> formatter = click.HelpFormatter(width=40)
    >>> write_epilog(formatter, "Exit status:\\n  0  the answers agree with the references "
    ...                         "gjkcli trusts\\n\\nExamples:\\n  gjk check  pair.json")
    >>> print(formatter.getvalue().rstrip())
    <BLANKLINE>
    Exit status:
      0  the answers agree with the
         references gjkcli trusts
    <BLANKLINE>
    Examples:
      gjk check  pair.json
    """
    title: str | None = None
    body: list[str] = []
    for line in [*epilog.splitlines(), ""]:
        if title is not None and line.startswith(" "):
            body.append(line.strip())
            continue
        if title is not None:
            _write_section(formatter, title, body)
            title, body = None, []
        if line.strip().endswith(":") and not line.startswith(" "):
            title = line.strip()[:-1]
        elif line.strip():
            formatter.write_paragraph()
            formatter.write_text(line)


def _write_section(formatter: Any, title: str, lines: list[str]) -> None:
    """One section of an epilog: rows of two columns aligned, other lines as they are."""
    as_rows = title.lower() != "examples"
    with formatter.section(title):
        rows: list[tuple[str, str]] = []
        for line in lines:
            row = _ROW.fullmatch(line) if as_rows else None
            if row is not None:
                rows.append((row[1], row[2]))
                continue
            if rows:
                write_rows(formatter, rows)
                rows = []
            formatter.write(f"{'':>{formatter.current_indent}}{line}\n")
        if rows:
            write_rows(formatter, rows)


def write_rows(formatter: Any, rows: list[tuple[str, str]]) -> None:
    """Rows of two columns: each term, and its meaning wrapped beside it (below it, for a
    term wider than :data:`TERMS`). Words are never broken, at a hyphen or elsewhere:
    ``degenerate-segments`` stays whole, to be found and copied.

    >>> import click
    >>> formatter = click.HelpFormatter(width=40)
    >>> write_rows(formatter, [("--family NAME", "only these: touching-vertex-edge, "
    ...                         "degenerate-segments"), ("--a-very-long-option [x|y|z]", "z")])
    >>> print(formatter.getvalue().rstrip())
    --family NAME  only these:
                   touching-vertex-edge,
                   degenerate-segments
    --a-very-long-option [x|y|z]
                   z
    """
    indent = formatter.current_indent
    widest = max((len(term) for term, _ in rows if len(term) <= TERMS), default=0)
    column = indent + widest + 2
    room = max(formatter.width - column, 20)
    for term, meaning in rows:
        lines = textwrap.wrap(meaning, room, break_on_hyphens=False, break_long_words=False)
        if len(term) > widest:
            formatter.write(f"{'':>{indent}}{term}\n")
        else:
            first = lines.pop(0) if lines else ""
            formatter.write(f"{'':>{indent}}{term:<{widest}}  {first}".rstrip() + "\n")
        for line in lines:
            formatter.write(f"{'':>{column}}{line}\n")


def _argument_name(param: Any) -> str:
    """An argument as the usage line names it: its metavar, else its name in capitals,
    with ``...`` when it takes many values."""
    name = str(param.metavar or param.name.upper())
    return name if param.nargs == 1 or name.endswith("...") else f"{name}..."


def _argument_row(param: Any) -> tuple[str, str]:
    name = _argument_name(param)
    return (name if param.required else f"[{name}]"), _meaning(param, False)


def _option_row(param: Any) -> tuple[str, str]:
    """An option's names (the short one first) and metavar, and what it means."""
    names = ", ".join(sorted(param.opts, key=lambda name: name.startswith("--")))
    return f"{names} {_metavar(param)}".rstrip(), _meaning(param, param.is_flag)


def _meaning(param: Any, flag: bool) -> str:
    """A parameter's help, then its default (a value, not a flag's) and whether it is
    required (an option that is)."""
    words = [str(getattr(param, "help", None) or "")]
    default = param.default
    if not flag and isinstance(default, (str, int, float)) and default != "":
        words.append(f"(default: {default})")
    if param.required and param.param_type_name == "option":
        words.append("(required)")
    return " ".join(word for word in words if word)


def _metavar(param: Any) -> str:
    """What an option takes: nothing for a flag; its metavar; its choices, ``[a|b]``;
    else its name in capitals."""
    if param.is_flag or getattr(param, "count", False):
        return ""
    if param.metavar:
        return str(param.metavar)
    choices = _choices(param)
    if choices:
        return "[" + "|".join(map(str, choices)) + "]"
    return str(param.name).upper()


def _choices(param: Any) -> tuple[Any, ...]:
    """The values a parameter may take, as Typer 0.29 (its type descriptor) or an earlier
    Typer (a Click ``Choice``) records them; empty for any other parameter."""
    for owner in ("type_descriptor", "type"):
        choices = getattr(getattr(param, owner, None), "choices", None)
        if choices:
            return tuple(choices)
    return ()


def _command_rows(command: Any, ctx: Any, width: int) -> list[tuple[str, str]]:
    """A group's commands, each with the first sentence of its help."""
    if not hasattr(command, "list_commands"):
        return []
    rows = []
    for name in command.list_commands(ctx):
        sub = command.get_command(ctx, name)
        if sub is not None and not sub.hidden:
            rows.append((name, sub.get_short_help_str(limit=width * 4)))
    return rows


def usage_error(error: Any) -> str:
    """The one line (with its newline) that says what is wrong with the command line.

    ``error`` is a Click usage error; the line names the option or argument and
    points to the command's help:
    ``gjk: error: --query: 'foo' is not one of: both, boolean, distance (see 'gjk check -h')``.
    """
    param = getattr(error, "param", None)
    if type(error).__name__ == "NoSuchOption":
        what = _no_such_option(error)
    elif param is not None and type(error).__name__ == "MissingParameter":
        kind = getattr(error, "param_type", None) or param.param_type_name
        what = f"missing {kind} {_label(param)}"
    elif param is not None and hasattr(error, "message"):
        what = f"{_label(param)}: {_sentence(error.message)}"
    else:
        what = _sentence(error.format_message())
    where = error.ctx.command_path if error.ctx is not None else "gjk"
    return f"gjk: error: {what} (see '{where} -h')\n"


def _no_such_option(error: Any) -> str:
    """An unknown option, with the close ones (only those) and the commands that have it.

    ``error`` is Click's ``NoSuchOption``, whose own suggestions are far-fetched
    (``--glob`` for ``--angle``)."""
    from gjkcli.io.node import SUGGEST_CUTOFF

    name = error.option_name
    bare = {option.lstrip("-"): option for option in error.possibilities or ()}
    words = difflib.get_close_matches(name.lstrip("-"), list(bare), n=2, cutoff=SUGGEST_CUTOFF)
    close = [bare[word] for word in words]  # compared without the dashes all options share
    text = f"no such option: {name}"
    if close:
        text += f" (did you mean {' or '.join(close)}?)"
    if error.ctx is not None:
        root = error.ctx.find_root()
        owners = [
            f"{root.info_name} {command_name}"
            for command_name, command in sorted(_every_command(root.command).items())
            if any(name in param.opts for param in command.params)
        ]
        if owners:
            text += f"; {name} is an option of {' and '.join(owners)}"
    return text


def _every_command(group: Any) -> dict[str, Any]:
    """The commands of the program whose root command is ``group``: all of them, where the
    group of a run of one command holds that one alone (``Group.every_command``)."""
    if hasattr(group, "every_command"):
        return dict(group.every_command())
    return dict(getattr(group, "commands", {}))


def _label(param: Any) -> str:
    """An option by its long name, an argument by its name on the usage line."""
    if param.param_type_name == "option":
        return str(max(param.opts, key=len))
    return _argument_name(param)


def _sentence(message: str) -> str:
    """A message as part of a line: on one line, without a final full stop, and with
    a lower-case first word unless it is a name in capitals.

    >>> _sentence("No such option: --jsn\\nDid you mean --json?")
    'no such option: --jsn (did you mean --json?)'
    >>> _sentence("No such option: --trac (Possible options: --trace, --tree)")
    'no such option: --trac (did you mean --trace, --tree?)'
    >>> _sentence("No such command 'chek'. Did you mean 'check'?")
    "no such command 'chek' (did you mean 'check'?)"
    >>> _sentence("'Single' is not one of: double, single.")
    "'Single' is not one of: double, single"
    >>> _sentence("Input should be greater than or equal to 1")
    'must be 1 or more'
    >>> _sentence("Input should be a valid number, unable to parse string as a number")
    'expected a number'
    """
    text = " ".join(message.split()).removesuffix(".")
    text = re.sub(r"\.? Did you mean (.+)\?$", r" (did you mean \1?)", text)  # Typer's
    text = re.sub(r"\(Possible options: (.+)\)$", r"(did you mean \1?)", text)  # Click's
    # Typer 0.29's Pydantic wording of ranges and numbers, said plainly
    text = re.sub(r"^Input should be greater than or equal to (\S+)$", r"must be \1 or more", text)
    text = re.sub(r"^Input should be less than or equal to (\S+)$", r"must be \1 or less", text)
    text = re.sub(r"^Input should be a valid number.*$", "expected a number", text)
    text = re.sub(r"^Input should be a valid integer.*$", "expected a whole number", text)
    if text[:1].isupper() and text[1:2].islower():
        text = text[0].lower() + text[1:]
    return text
