"""Checking many pairs: folders and JSON Lines, in parallel, in order, with a summary."""
