"""What this ``gjk`` is made of, for ``gjk --version``: its version and engine, the
versions of Python, Shapely, GEOS and NumPy its answers depend on, and (as JSON) the
record schema it writes and its named tolerances."""

from __future__ import annotations

import platform
from typing import Any

__all__ = ["about", "about_lines"]


def about() -> dict[str, Any]:
    """The versions, the record schema and the named constants, as ``gjk --version --json``
    prints them (``docs/FORMATS.md`` section 4).

    >>> from gjkcli import tolerances
    >>> facts = about()
    >>> list(facts)
    ['gjkcli', 'engine', 'python', 'shapely', 'geos', 'numpy', 'schema', 'constants']
    >>> facts["constants"] == tolerances.constants()
    True
    """
    import numpy
    import shapely

    from gjkcli import tolerances
    from gjkcli._version import __version__
    from gjkcli.engine import describe
    from gjkcli.render.json_record import SCHEMA

    return {
        "gjkcli": __version__,
        "engine": describe(),
        "python": f"{platform.python_version()} ({platform.python_implementation()})",
        "shapely": shapely.__version__,
        "geos": shapely.geos_version_string,
        "numpy": numpy.__version__,
        "schema": SCHEMA,
        "constants": tolerances.constants(),
    }


def about_lines() -> list[str]:
    """``gjk --version``: gjk's version, its engine, then what its answers depend on.

    >>> [line.split(" ")[0] for line in about_lines()]
    ['gjk', 'engine:', 'Python', 'Shapely', 'NumPy']
    """
    facts = about()
    return [
        f"gjk {facts['gjkcli']}",
        f"engine: {facts['engine']}",
        f"Python {facts['python']}",
        f"Shapely {facts['shapely']} (GEOS {facts['geos']})",
        f"NumPy {facts['numpy']}",
    ]
