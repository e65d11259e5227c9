"""``python -m gjkcli``: the same as the ``gjk`` command."""

from gjkcli.cli import main

if __name__ == "__main__":  # a batch's worker processes import this module again: not as main
    main()
