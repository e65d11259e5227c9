"""Cross-checks: the Shapely referee, the tolerance policy, expectations."""
