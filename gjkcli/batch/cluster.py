"""A Dask cluster to run a batch on (``gjk batch --scheduler``): one already running, or a
local one started for the run.

Dask (``dask.distributed``) is optional: ``pip install 'gjkcli[dask]'``. The
cluster is used through its :class:`concurrent.futures.Executor`
(:meth:`distributed.Client.get_executor`), as any other executor is
(:mod:`gjkcli.batch.executor`): a chunk of pairs is one task. Dask starts a
worker again when one dies, and gives up on a task whose workers keep dying
(``KilledWorker``, after ``distributed.scheduler.allowed-failures`` tries),
which the batch then checks one pair at a time.

Every worker must be able to import gjkcli (the same version), and to open
the pair files the batch names (a file found in a folder is opened by the
worker that checks it, at the path the batch names: on a cluster of several
machines, give absolute paths on a file system they share). JSON Lines
streams are read by the ``gjk`` process and sent to the workers.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from concurrent.futures import Executor

__all__ = ["LOCAL", "WORKERS_WAIT", "ClusterError", "dask_executor"]

LOCAL = "local"
"""The scheduler "address" that starts a local cluster for the run."""

WORKERS_WAIT = 60.0
"""Seconds to wait for a cluster that has no workers yet to get one."""


class ClusterError(Exception):
    """The cluster cannot be used: Dask is missing, or the scheduler cannot be reached."""


CONNECT_TIMEOUT = 10.0
"""Seconds to reach a scheduler before giving up (Dask's own default is 30)."""


def _check_address(scheduler: str) -> None:
    """Refuse an address Dask cannot parse before a client is made of it (a half-made
    client waits a minute to close, and then prints a traceback).

    >>> _check_address("bogus")
    Traceback (most recent call last):
    ...
    ValueError: missing port number in address 'bogus'
    """
    from distributed.comm.addressing import parse_address, parse_host_port

    _, location = parse_address(scheduler)
    parse_host_port(location)


@contextlib.contextmanager
def dask_executor(scheduler: str, workers: int) -> Iterator[tuple[Executor, int]]:
    """An executor on the Dask cluster at ``scheduler`` (``tcp://HOST:PORT``), or on a
    local cluster of ``workers`` processes (``scheduler`` :data:`LOCAL`), and how many
    tasks it runs at once (its workers' threads). Leaving the block cancels what is
    left, disconnects, and stops a local cluster.

    Raises :class:`ClusterError` (one line) when Dask is not installed, or the
    scheduler cannot be reached, or has no worker after :data:`WORKERS_WAIT` seconds.

    For example (not run here: a cluster takes seconds to start)::

        with dask_executor("local", 2) as (executor, width):
            run_batch(items, workers=width, fail_fast=False, write=print, executor=executor)
    """
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(
            "--scheduler needs dask.distributed, which is not installed: pip install 'gjkcli[dask]'"
        ) from None
    with contextlib.ExitStack() as stack:
        if scheduler == LOCAL:
            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,  # the checks hold the GIL: one process per core
                processes=True,
                dashboard_address=None,
                silence_logs=logging.CRITICAL,  # a failure reaches the run as its task's error
            )
            stack.callback(cluster.close)
            client = stack.enter_context(Client(cluster, set_as_default=False))
        else:
            try:
                _check_address(scheduler)
                client = stack.enter_context(
                    Client(scheduler, set_as_default=False, timeout=CONNECT_TIMEOUT)
                )
                client.wait_for_workers(1, timeout=WORKERS_WAIT)
            except (OSError, ValueError, TypeError) as error:  # TimeoutError is an OSError
                raise ClusterError(
                    f"cannot use the Dask scheduler at {scheduler}: "
                    + (" ".join(str(error).split()) or type(error).__name__)
                ) from None
        executor = client.get_executor(pure=False)
        stack.callback(executor.shutdown, wait=False)
        yield executor, max(1, sum(client.nthreads().values()))
