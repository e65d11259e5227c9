"""The package version, in one place (read by ``pyproject.toml`` and ``gjk --version``)."""

__version__ = "0.1.0"
