"""``gjk batch --scheduler``: a local Dask cluster gives the very records of the local pool,
a worker that dies mid-chunk costs no record, and a missing Dask is one line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from gjkcli.batch import runner
from tests.batch.test_runner import chunks_of, die_on_deadly_chunks, posix_only
from tests.helpers import assert_input_error, run_gjk
from tests.test_cli import mixed_folder, run_in_process

BAD_LINES = ['{"a": 1,', '{"a": {"type": "point", "at": [NaN, 0]}, "b": "POINT (0 0)"}', "[]"]


def mixed_corpus(folder: Path) -> list[str]:
    """Inputs for a batch: a generated corpus with corrupt lines among its pairs, and a
    folder of good, corrupt and wrong pairs."""
    corpus = folder / "corpus.jsonl"
    assert run_gjk("generate", str(corpus), "--count", "600", "--seed", "15").returncode == 0
    lines = corpus.read_text().splitlines()
    for k, bad in enumerate(BAD_LINES):
        lines.insert(100 + 250 * k, bad)
    corpus.write_text("\n".join(lines) + "\n")
    return [str(corpus), str(mixed_folder(folder))]


def batch(inputs: list[str], out: Path, *options: str) -> tuple[bytes, dict[str, object]]:
    summary = out.with_suffix(".summary.json")
    run = run_gjk(
        "batch", *inputs, "-o", str(out), "--summary-json", str(summary), "--quiet", *options
    )
    assert run.returncode == 2, run.stderr  # the corrupt pairs
    assert "Traceback" not in run.stderr and "warning" not in run.stderr, run.stderr
    record = json.loads(summary.read_text())
    del record["elapsed_seconds"], record["pairs_per_second"]
    return out.read_bytes(), record


@posix_only
def test_a_local_dask_cluster_gives_the_records_of_the_local_pool(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    inputs = mixed_corpus(tmp_path)
    pool = batch(inputs, tmp_path / "pool.jsonl", "--workers", "2")
    dask = batch(inputs, tmp_path / "dask.jsonl", "--scheduler", "local", "--workers", "2")
    assert dask == pool  # byte for byte, and the same summary
    summary = pool[1]
    assert summary["pairs"] == 600 + len(BAD_LINES) + 9
    assert summary["errors"] == len(BAD_LINES) + 3


@pytest.fixture
def cluster() -> Iterator[object]:
    """A local Dask cluster of two worker processes that gives up on a task the first
    time its worker dies (Dask tries it on three more by default)."""
    pytest.importorskip("distributed")
    import dask
    from distributed import Client, LocalCluster

    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as local,
        Client(local, set_as_default=False) as client,
    ):
        yield client


@posix_only
def test_a_dask_worker_that_dies_mid_chunk_costs_no_record(cluster: object) -> None:
    from distributed import Client

    assert isinstance(cluster, Client)
    texts = [f"p{k}" for k in range(12)]
    texts[5] = "deadly"  # kills the worker that checks it among others (not alone)
    warnings: list[str] = []
    with cluster.get_executor(pure=False) as executor:
        rows = runner._in_executor(
            chunks_of(texts, 4), die_on_deadly_chunks, executor, 2, warnings.append
        )
        lines = [line for chunk in rows for line, _ in chunk]
    assert lines == texts  # every pair's own row, in order, once
    assert len(warnings) == 1 and "KilledWorker" in warnings[0]
    assert "stream.jsonl:5 to stream.jsonl:8 (4 pairs)" in warnings[0]


def test_without_dask_the_scheduler_option_says_what_to_install(tmp_path: Path) -> None:
    hide = "sys.modules['distributed'] = None  # as if it were not installed"
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text('{"a": "POINT (0 0)", "b": "POINT (1 0)"}\n')
    result = run_in_process("batch", str(pairs), "--scheduler", "local", prelude=hide)
    message, status = result.stderr.strip().splitlines()
    assert message == (
        "gjk: error: --scheduler needs dask.distributed, which is not installed: "
        "pip install 'gjkcli[dask]'"
    )
    assert status.endswith(" 2")


def test_an_empty_scheduler_address_is_refused(tmp_path: Path) -> None:
    assert_input_error(run_gjk("batch", "samples", "--scheduler", ""), "--scheduler")


def test_an_address_dask_cannot_read_is_refused_at_once() -> None:
    # A client half made of it used to wait a minute to close, then print a traceback.
    assert_input_error(
        run_gjk("batch", "samples", "--scheduler", "bogus", timeout=30),
        "cannot use the Dask scheduler at bogus: missing port number",
    )
