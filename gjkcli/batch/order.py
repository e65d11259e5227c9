"""Chunks of work in flight, their results back in input order, lost work tried again.

:func:`in_order` hands chunks to a :class:`Tasks` (the local
:class:`~gjkcli.batch.pool.WorkerPool`, or any executor through
:class:`~gjkcli.batch.executor.ExecutorTasks`) and yields each chunk's rows
in input order. It is the one place that decides what happens to lost work,
wherever the work runs:

- at most ``ahead`` chunks are read ahead of the one to be yielded next, so
  memory stays flat however long the input is;
- a chunk that is lost (its worker died, or its task failed) is tried again
  one item at a time, before any new chunk; an item that is lost again gets
  the row ``lost_row`` makes of it. Each item is tried at most twice, so the
  run always ends.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from gjkcli.batch.pool import Lost

__all__ = ["Tasks", "in_order"]

I = TypeVar("I")  # noqa: E741 - an item
R = TypeVar("R")  # a row
A_contra = TypeVar("A_contra", contravariant=True)
R_co = TypeVar("R_co", covariant=True)


class Tasks(Protocol[A_contra, R_co]):
    """Somewhere to run one function on one argument at a time, as
    :class:`~gjkcli.batch.pool.WorkerPool` does."""

    @property
    def free(self) -> bool:
        """Whether a task may be submitted now."""

    @property
    def busy(self) -> bool:
        """Whether a task is in flight, or ended and not yet reported by :meth:`finished`."""

    def submit(self, key: int, argument: A_contra) -> None:
        """Start a task; its result comes back from :meth:`finished` under ``key``."""

    def finished(self) -> Sequence[tuple[int, R_co | Lost]]:
        """The tasks ended since the last call (waiting for one if none has), as
        ``(key, result)``; a task that did not finish is :class:`Lost`."""


@dataclass
class _Slot(Generic[I, R]):
    """A chunk on its way: its items, and its rows once they are all known.

    A lost chunk is tried again one item at a time; ``alone`` then holds each
    item's rows as they come.
    """

    items: list[I]
    rows: list[R] | None = None
    alone: list[list[R] | None] = field(default_factory=list)

    def split(self) -> list[int]:
        """Try the items one by one from now on; their indices."""
        self.alone = [None] * len(self.items)
        return list(range(len(self.items)))

    def settle(self, index: int, rows: list[R]) -> None:
        """One item's rows, tried alone; the chunk's rows once every item has them."""
        self.alone[index] = rows
        if all(part is not None for part in self.alone):
            self.rows = [row for part in self.alone if part is not None for row in part]


def in_order(
    chunks: Iterator[list[I]],
    tasks: Tasks[list[I], list[R]],
    ahead: int,
    lost_chunk: Callable[[list[I], Lost], None],
    lost_row: Callable[[I, Lost], R],
) -> Iterator[list[R]]:
    """Each chunk's rows, in input order, computed by ``tasks``.

    At most ``ahead`` chunks are read ahead of the one to be yielded next. A
    lost chunk is reported to ``lost_chunk``, then tried again one item at a
    time; an item lost again gets ``lost_row``'s row. The caller closes
    ``tasks`` (closing this generator early stops nothing by itself).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from gjkcli.batch.executor import ExecutorTasks
    >>> with ThreadPoolExecutor(2) as pool, ExecutorTasks(pool, sorted, 4) as tasks:
    ...     list(in_order(iter([[3, 1], [2], [5, 4]]), tasks, 4, print, print))
    [[1, 3], [2], [4, 5]]
    """
    slots: deque[_Slot[I, R]] = deque()
    retries: deque[tuple[_Slot[I, R], int]] = deque()  # items to try alone, before new chunks
    keys: dict[int, tuple[_Slot[I, R], int | None]] = {}  # index None: the whole chunk
    counter = itertools.count()
    more = True
    while True:
        # hand out work first, so that no worker waits while rows are written
        while tasks.free and (retries or (more and len(slots) < ahead)):
            if retries:
                slot, alone = retries.popleft()
                keys[key := next(counter)] = (slot, alone)
                tasks.submit(key, [slot.items[alone]])
            elif (chunk := next(chunks, None)) is None:
                more = False
            else:
                slots.append(slot := _Slot(chunk))
                keys[key := next(counter)] = (slot, None)
                tasks.submit(key, chunk)
        while slots and (rows := slots[0].rows) is not None:
            slots.popleft()
            yield rows
        if not tasks.busy:
            # Nothing in flight means every chunk read so far has its rows (a chunk
            # without them has a task in flight, or items waiting in retries, which
            # are handed out whenever a task is free): all were yielded above.
            if not more:
                return
            continue
        for key, result in tasks.finished():
            slot, index = keys.pop(key)
            if not isinstance(result, Lost):
                if index is None:
                    slot.rows = result
                else:
                    slot.settle(index, result)
            elif index is None:
                retries.extend((slot, k) for k in slot.split())
                lost_chunk(slot.items, result)
            else:
                slot.settle(index, [lost_row(slot.items[index], result)])
