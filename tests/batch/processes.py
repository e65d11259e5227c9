"""Helpers for tests that run ``gjk batch`` as a process: slow pairs, worker pids, waiting.

The processes are found through ``/proc`` (Linux): a worker is a child of
the ``gjk`` process.
"""

from __future__ import annotations

import json
import math
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import pytest

from tests.helpers import gjk_executable

needs_proc = pytest.mark.skipif(
    sys.platform == "win32" or not Path("/proc/self/stat").exists(),
    reason="signals to process groups, and /proc to find the workers",
)

PATIENCE = 60.0
"""Seconds a test waits for something that takes well under one second on an idle machine:
a bound that only a hang exceeds, even on a loaded one."""


def star_pair(vertices: int) -> str:
    """One JSON Lines record: two interlocked star polygons of ``vertices`` vertices each,
    slow to check (each is cut into about ``vertices / 2`` convex parts)."""

    def star(center: float) -> list[list[float]]:
        step = math.tau / vertices
        radius = [1.0, 0.6]
        return [
            [center + radius[k % 2] * math.cos(k * step), radius[k % 2] * math.sin(k * step)]
            for k in range(vertices)
        ]

    a, b = {"type": "polygon", "points": star(0.0)}, {"type": "polygon", "points": star(1.5)}
    return json.dumps({"a": a, "b": b})


def start_gjk(arguments: list[str], **options: Any) -> subprocess.Popen[bytes]:
    """``gjk`` with ``arguments`` in a session of its own (so that the test can signal its
    whole process group), with Ctrl-C handled as at a terminal even if this test runs
    where SIGINT is ignored (a background job).

    A child keeps an ignored signal ignored through ``exec`` but starts with the default
    action for a handled one: so SIGINT is handled here while ``gjk`` starts, rather than
    set in the child between ``fork`` and ``exec`` (``preexec_fn``, which can deadlock
    in a process with threads, as pytest-xdist's workers are)."""
    ignored = signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return subprocess.Popen([gjk_executable(), *arguments], start_new_session=True, **options)
    finally:
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)


Process = tuple[int, int]
"""A process as ``(pid, start time)``: a pid alone may be reused once the process ends."""


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name, or ``None`` if it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def children(pid: int) -> list[Process]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        fields = _stat(int(entry.name)) if entry.name.isdigit() else None
        if fields is not None and int(fields[1]) == pid:
            found.append((int(entry.name), int(fields[19])))
    return found


def workers(pid: int) -> list[Process]:
    """The batch workers of the ``gjk`` process ``pid``: its children but multiprocessing's
    resource tracker (whatever the start method)."""
    found = []
    for child in children(pid):
        try:
            command = Path(f"/proc/{child[0]}/cmdline").read_bytes()
        except OSError:
            continue
        if b"resource_tracker" not in command:
            found.append(child)
    return found


def alive(process: Process) -> bool:
    """Whether ``process`` has not ended (a zombie has ended)."""
    fields = _stat(process[0])
    return fields is not None and int(fields[19]) == process[1] and fields[0] != "Z"


def wait_for(condition: Callable[[], bool], run: subprocess.Popen[bytes]) -> None:
    """Wait until ``condition`` holds; fail if ``run`` ends first or :data:`PATIENCE` passes."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert run.poll() is None, "the run ended before the test could act"
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.05)


def all_gone(processes: list[Process]) -> bool:
    """Whether every one of ``processes`` has ended, waiting up to :data:`PATIENCE`."""
    deadline = time.monotonic() + PATIENCE
    while any(alive(process) for process in processes):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def stop(run: subprocess.Popen[bytes]) -> None:
    """Kill what is left of a run (its whole process group) after a failed test."""
    if run.poll() is None:
        os.killpg(run.pid, signal.SIGKILL)
        run.wait()


def read_all(stream: IO[bytes] | None) -> str:
    assert stream is not None
    return stream.read().decode("utf-8")


def read_terminal(controller: int, run: subprocess.Popen[bytes]) -> str:
    """What ``run`` shows on the terminal whose controlling end is ``controller``, until
    the terminal closes or ``run`` ends (at most :data:`PATIENCE` seconds)."""
    shown = b""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        ready, _, _ = select.select([controller], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # the terminal closed: the run is over
                break
            if not chunk:
                break
            shown += chunk
        elif run.poll() is not None:
            break
    return shown.decode("utf-8", "replace")
