"""The generated corpus: reproducible, every family present, and every expectation true."""

from __future__ import annotations

from collections import Counter

from gjkcli.corpus import DEFAULT_FAMILIES, generate
from gjkcli.io import pair_from_node
from gjkcli.io.node import Node
from gjkcli.verify.check import check_pairs


def test_same_seed_same_pairs_and_a_longer_corpus_extends_a_shorter_one() -> None:
    assert list(generate(50, seed=3)) == list(generate(50, seed=3))
    assert list(generate(60, seed=3))[:50] == list(generate(50, seed=3))
    assert list(generate(50, seed=3)) != list(generate(50, seed=4))


def test_families_cycle_and_can_be_chosen() -> None:
    names = [pair["name"].split("/")[0] for pair in generate(3 * len(DEFAULT_FAMILIES), seed=1)]
    assert Counter(names) == dict.fromkeys(DEFAULT_FAMILIES, 3)
    chosen = [pair["name"] for pair in generate(4, seed=1, families=["tiny", "nested"])]
    assert chosen == ["tiny/0", "nested/1", "tiny/2", "nested/3"]


def test_every_generated_pair_loads_agrees_and_meets_its_expectation() -> None:
    """The hard families are exact by construction: GJK, EPA and Shapely must get them right."""
    corpus = list(generate(40 * len(DEFAULT_FAMILIES), seed=2026))
    pairs = [pair_from_node(Node(record, "corpus"), record["name"]) for record in corpus]
    with_expectations = 0
    for check in check_pairs(pairs):
        assert check.agree, (check.pair.name, check.disagreements)
        if check.expect is not None:
            with_expectations += 1
            assert check.expect.ok, (check.pair.name, check.expect.failures)
    # Every family but the random ones states its answer.
    random_families = ("polygons", "mixed", "nonconvex")
    assert with_expectations >= 40 * (len(DEFAULT_FAMILIES) - len(random_families))
