"""Presenting results: JSON records and Rich tables."""
