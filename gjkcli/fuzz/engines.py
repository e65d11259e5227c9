"""The engine under test: a Python function (``--impl``) or a program (``--impl-cmd``).

Either one is asked one pair at a time (a JSON-ready ``{"a": ..., "b": ..., "name": ...}``)
and gives back what it said: an answer object, or an :class:`EngineFailure` saying how
it failed (``crash``, ``hang``, ``garbage``, ``error`` or ``raised``). A program that
crashes or hangs is started again for the next pair. Problems that stop the run before
it starts (no such module, a program that cannot be started) are :class:`EngineError`.

The line protocol (FORMATS section 4, "gjk fuzz"): the program is started once; each
pair is one line of compact JSON on its standard input; it answers each with one line
holding one JSON object, on its standard output, and flushes.
"""

from __future__ import annotations

import collections
import contextlib
import importlib
import importlib.util
import json
import queue
import shlex
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

__all__ = [
    "CallableEngine",
    "Engine",
    "EngineError",
    "EngineFailure",
    "ProgramEngine",
    "Reply",
    "load_callable",
    "parse_reply",
]

FAILURE_KINDS = ("crash", "hang", "garbage", "error", "raised")
"""How an engine can fail on a pair, besides answering wrongly: its program ended
(``crash``), did not answer within the timeout (``hang``), wrote something that is not
an answer (``garbage``), answered ``{"error": ...}`` (``error``); its function raised
(``raised``)."""


class EngineError(Exception):
    """The engine cannot be used at all (a usage error, exit status 2)."""


@dataclass(frozen=True)
class EngineFailure:
    """How the engine failed on one pair: ``kind`` (one of :data:`FAILURE_KINDS`) and
    a one-line ``message``; ``output`` is what it wrote, if anything."""

    kind: str
    message: str
    output: str | None = None


Reply = dict[str, Any] | EngineFailure
"""What the engine gave for one pair: its answer object, or how it failed."""


class Engine(Protocol):
    """Something that answers pairs; :meth:`close` ends it."""

    description: str

    def ask(self, pair: dict[str, Any]) -> Reply:
        """The engine's reply to one pair."""
        ...  # pragma: no cover

    def close(self) -> None:
        """Release the engine (end its program)."""
        ...  # pragma: no cover


def parse_reply(text: str) -> Reply:
    """One line of a program's output read as a reply.

    >>> parse_reply('{"intersects": true}')
    {'intersects': True}
    >>> parse_reply('[1, 2]')
    EngineFailure(kind='garbage', message='not a JSON object: a list', output='[1, 2]')
    >>> parse_reply('{"error": "unsupported shape"}').message
    "the engine answered with an error: 'unsupported shape'"
    """
    try:
        value = json.loads(text)
    except ValueError as error:
        return EngineFailure("garbage", f"not JSON ({error})", text)
    if not isinstance(value, dict):
        return EngineFailure("garbage", f"not a JSON object: a {_kind(value)}", text)
    return _answer_object(value, text)


def _answer_object(value: dict[str, Any], text: str | None) -> Reply:
    if "error" in value:
        return EngineFailure(
            "error", f"the engine answered with an error: {value['error']!r}"[:300], text
        )
    return value


def _kind(value: Any) -> str:
    names = {list: "list", str: "string", int: "number", float: "number", bool: "boolean"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


class CallableEngine:
    """A Python function ``answer(pair: dict) -> dict`` called in this process.

    >>> engine = CallableEngine(lambda pair: {"intersects": pair["a"] == pair["b"]}, "same")
    >>> engine.ask({"a": 1, "b": 1})
    {'intersects': True}
    >>> engine.ask({"a": 1})
    EngineFailure(kind='raised', message="KeyError: 'b'", output=None)
    """

    def __init__(self, function: Callable[[dict[str, Any]], Any], description: str) -> None:
        self.function = function
        self.description = description

    def ask(self, pair: dict[str, Any]) -> Reply:
        """Call the function on a fresh copy of the pair (it may change it freely)."""
        try:
            value = self.function(json.loads(json.dumps(pair)))
        except (Exception, SystemExit) as error:  # the engine's sys.exit ends its answer only
            words = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
            return EngineFailure("raised", words[:300])
        if not isinstance(value, dict):
            return EngineFailure("garbage", f"returned a {_kind(value)}, not a dict")
        try:
            text = json.dumps(value, allow_nan=False)
        except (TypeError, ValueError) as error:
            return EngineFailure("garbage", f"returned a dict that is not JSON ({error})")
        return _answer_object(json.loads(text), text)

    def close(self) -> None:
        """Nothing to release."""


def load_callable(spec: str) -> CallableEngine:
    """The function ``--impl`` names: ``package.module:function`` (imported with the
    working directory on ``sys.path``) or ``path/to/file.py:function``.

    >>> load_callable("json:dumps").description
    'json:dumps'
    >>> load_callable("json")
    Traceback (most recent call last):
    ...
    gjkcli.fuzz.engines.EngineError: --impl: expected module:function or file.py:function, \
got 'json'
    """
    where, colon, name = spec.rpartition(":")
    if not colon or not where or not name:
        raise EngineError(f"--impl: expected module:function or file.py:function, got {spec!r}")
    try:
        module = _import_file(where) if where.endswith(".py") else _import_module(where)
    except EngineError:
        raise
    except (Exception, SystemExit) as error:  # importing user code may raise anything
        raise EngineError(
            f"--impl: cannot import {where}: {type(error).__name__}: {error}"
        ) from None
    function = getattr(module, name, None)
    if function is None:
        raise EngineError(f"--impl: {where} has no attribute {name!r}")
    if not callable(function):
        raise EngineError(f"--impl: {where}:{name} is not callable")
    return CallableEngine(function, spec)


def _import_module(name: str) -> Any:
    cwd = str(Path.cwd())
    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    return importlib.import_module(name)


def _import_file(path: str) -> Any:
    file = Path(path)
    if not file.is_file():
        raise EngineError(f"--impl: no such file: {path}")
    name = "gjk_fuzz_engine_" + "".join(c if c.isalnum() else "_" for c in file.stem)
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise EngineError(f"--impl: cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    folder = str(file.resolve().parent)
    sys.path.insert(0, folder)  # so that the file may import its neighbours
    try:
        spec.loader.exec_module(module)
    finally:
        with contextlib.suppress(ValueError):
            sys.path.remove(folder)
    return module


_EOF = object()
_STARTS_WITHOUT_ANSWER = 3
"""A program that ends this many times in a row before it has ever answered cannot run
(a wrong command, a missing script): a usage error rather than findings."""


class ProgramEngine:
    """A program speaking the line protocol, kept running between pairs, started
    again after it crashes or hangs. ``timeout``: seconds allowed per pair."""

    def __init__(self, command: str, timeout: float) -> None:
        self.argv = shlex.split(command)
        if not self.argv:
            raise EngineError("--impl-cmd: empty command")
        self.description = command
        self.timeout = timeout
        self.restarts = 0
        self.answered = False
        self._deaths = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[object] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
        self._stderr_reader: threading.Thread | None = None
        self._start()

    def _start(self) -> None:
        try:
            process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        except OSError as error:
            raise EngineError(
                f"--impl-cmd: cannot start {self.argv[0]}: {error.strerror or error}"
            ) from None
        self._process = process
        self._lines = queue.Queue()
        self._stderr = collections.deque(maxlen=20)
        assert process.stdout is not None and process.stderr is not None
        threading.Thread(target=_pump, args=(process.stdout, self._lines), daemon=True).start()
        self._stderr_reader = threading.Thread(
            target=_tail, args=(process.stderr, self._stderr), daemon=True
        )
        self._stderr_reader.start()

    def ask(self, pair: dict[str, Any]) -> Reply:
        """Send one pair, wait for one line. A program that ends on each of the first
        :data:`_STARTS_WITHOUT_ANSWER` pairs without ever answering cannot run: that is
        an :class:`EngineError`."""
        reply = self._ask_once(pair)
        if isinstance(reply, EngineFailure) and reply.kind == "crash" and not self.answered:
            self._deaths += 1
            if self._deaths >= _STARTS_WITHOUT_ANSWER:
                raise EngineError(f"--impl-cmd: {self.description}: {reply.message}")
        return reply

    def _ask_once(self, pair: dict[str, Any]) -> Reply:
        if self._process is None:
            self._start()
        process = self._process
        assert process is not None and process.stdin is not None
        line = json.dumps(pair, separators=(",", ":")) + "\n"
        try:
            process.stdin.write(line.encode("utf-8"))
            process.stdin.flush()
        except OSError:
            return self._died()
        try:
            got = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            self._stop()
            self.restarts += 1
            return EngineFailure("hang", f"no answer within {self.timeout:g} s (killed)")
        if got is _EOF:
            return self._died()
        assert isinstance(got, bytes)
        self.answered = True
        try:
            text = got.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            return EngineFailure("garbage", "not UTF-8 text", repr(got)[:300])
        return parse_reply(text)

    def _died(self) -> EngineFailure:
        process = self._process
        assert process is not None
        try:
            status = process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self._stop()
            status = process.returncode
        stderr = self._stderr_text()
        self._stop()
        self.restarts += 1
        message = f"the program ended (exit status {status})" + (
            f"; its last words: {stderr}" if stderr else ""
        )
        return EngineFailure("crash", message[:500])

    def _stderr_text(self) -> str:
        if self._stderr_reader is not None:
            self._stderr_reader.join(timeout=1)  # the program has ended: its last lines come
        return " | ".join(line.strip() for line in list(self._stderr)[-3:] if line.strip())

    def _stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def close(self) -> None:
        """End the program: close its input, give it a moment, then kill it."""
        process = self._process
        if process is not None and process.poll() is None and process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=1)
        self._stop()


def _pump(stream: IO[bytes], lines: queue.Queue[object]) -> None:
    """Move a program's output lines to a queue; end with :data:`_EOF`."""
    with contextlib.suppress(OSError, ValueError):
        for line in iter(stream.readline, b""):
            lines.put(line)
    lines.put(_EOF)


def _tail(stream: IO[bytes], kept: collections.deque[str]) -> None:
    """Keep the last lines a program wrote to its standard error."""
    with contextlib.suppress(OSError, ValueError):
        for line in iter(stream.readline, b""):
            kept.append(line.decode("utf-8", "replace"))
