"""``python -m gjkcli``: the same as the ``gjk`` command."""

from gjkcli.cli import main

main()
