"""Run the batch's signal and dead-worker tests many times in a row beside a loaded machine.

Not a test module (pytest collects ``test_*.py`` only): a script, for the stability the
signal handling must show (issue 13: "the signal and dead-worker tests pass 50 times in
a row with the suite running beside them"). Usage, from the repository root::

    python tests/batch/repeat_under_load.py [--times 50] [--no-load]

Each round runs :data:`TESTS` in one pytest process (``-n 0``, so the tests are not
spread over workers and do their own process handling alone); meanwhile, unless
``--no-load``, the whole default suite runs again and again in another process (with its
usual workers, one per core), so the machine is as busy as it can be. The script stops
at the first round that fails, prints that round's output, and exits 1; after every
round passes it prints how many rounds ran, how long they took, and how many times the
suite ran beside them.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

TESTS = [
    "tests/batch/test_signals.py",
    "tests/batch/test_pool.py",
    "tests/batch/test_runner.py::test_a_chunk_whose_worker_died_is_checked_again_one_pair_at_a_time",
    "tests/batch/test_runner.py::"
    "test_a_pair_that_kills_its_worker_twice_is_an_error_row_and_the_rest_still_run",
    "tests/batch/test_executors.py::"
    "test_a_process_pool_broken_by_a_dead_worker_ends_the_run_with_one_line",
    "tests/batch/test_output_dir.py::test_an_interrupted_run_resumed_gives_every_record_once",
]
"""The tests that send signals to a batch, kill its workers, or break its pool."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--times", type=int, default=50, help="rounds to run (default 50)")
    parser.add_argument("--no-load", action="store_true", help="do not run the suite beside")
    options = parser.parse_args()
    load: subprocess.Popen[bytes] | None = None
    suites = 0
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", *TESTS]
    start = time.monotonic()
    try:
        for round_number in range(1, options.times + 1):
            if not options.no_load and (load is None or load.poll() is not None):
                suites += load is not None
                load = subprocess.Popen(
                    [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                    cwd=ROOT,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                print(done.stdout[-4000:], done.stderr[-2000:], sep="\n")
                print(f"round {round_number} of {options.times} failed")
                sys.exit(1)
            print(f"round {round_number}: passed ({time.monotonic() - start:.0f} s)", flush=True)
    finally:
        if load is not None and load.poll() is None:
            load.terminate()
            load.wait()
    elapsed = time.monotonic() - start
    beside = (
        "alone"
        if options.no_load
        else f"with the suite running beside them throughout ({suites} runs of it finished)"
    )
    print(f"{options.times} rounds passed in a row in {elapsed:.0f} s, {beside}")


if __name__ == "__main__":
    main()
