"""Loading and validating input: shape files, pair files, standard input."""

from gjkcli.io.errors import InputError
from gjkcli.io.pairs import load_pair, load_shape, load_two, pair_from_node

__all__ = ["InputError", "load_pair", "load_shape", "load_two", "pair_from_node"]
