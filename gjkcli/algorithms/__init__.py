"""Queries on convex shapes: boolean GJK, GJK distance, and the simplex solver."""
