"""The verdict a user reads first: the best-proven one, and where it came from.

GJK, Shapely and the exact arbiter each say where the origin lies relative to
``A - B``. The ruling is the answer a script can use without knowing which of
them to trust, taken from the strongest evidence there is:

1. ``"exact"``: the exact arbiter (polygonal pairs), which decides in rational
   arithmetic on the input as given;
2. ``"separating-axis"``: GJK's certificate, re-checked independently, is a
   separating axis whose lower bound stays positive after rounding: the shapes
   are apart;
3. ``"enclosing-simplex"``: GJK's certificate, re-checked, is a triangle of
   ``A - B`` that holds the origin strictly inside, decided exactly: the shapes
   overlap;
4. ``"touching-band"``: nothing proves it. GJK's verdict stands as decided in
   floating point: its distance, or its depth, against the touching band
   (which is how every "touching" of curved or compound shapes is decided, and
   a "separated" or "overlapping" whose certificate does not prove it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gjkcli.algorithms.answer import Answer
from gjkcli.algorithms.verdict import Verdict
from gjkcli.verify.certificates import CertificateCheck
from gjkcli.verify.exact import ExactAnswer

__all__ = ["Ruling", "RulingSource", "ruling"]

RulingSource = Literal["exact", "separating-axis", "enclosing-simplex", "touching-band"]


@dataclass(frozen=True)
class Ruling:
    """The best-proven verdict, what proves it (``source``), and that in words."""

    verdict: Verdict
    source: RulingSource
    reason: str


def ruling(answer: Answer, certified: CertificateCheck, exact: ExactAnswer | None) -> Ruling:
    """The verdict from the strongest evidence (see the module notes).

    >>> from gjkcli.algorithms.answer import solve
    >>> from gjkcli.shapes import circle, point
    >>> from gjkcli.verify.certificates import check_certificate
    >>> a, b = circle((0.0, 0.0), 1.0), point((3.0, 0.0))
    >>> answer = solve(a, b)
    >>> certified = check_certificate(a, b, answer.certificate, 2.0, answer.gjk.band)
    >>> ruling(answer, certified, None).source
    'separating-axis'
    """
    if exact is not None:
        return Ruling(exact.verdict, "exact", "proven in exact arithmetic")
    if certified.proves == "separated":
        return Ruling(
            "separated",
            "separating-axis",
            "proven by a separating axis",
        )
    if certified.proves == "overlapping":
        return Ruling(
            "overlapping",
            "enclosing-simplex",
            "proven by a triangle of A - B around the origin",
        )
    why = f"GJK within its touching band {answer.verdict_tolerance:.3g}; not proven"
    if answer.verdict != "touching":
        why = "GJK's answer; its certificate does not prove it"
    return Ruling(answer.verdict, "touching-band", why)
