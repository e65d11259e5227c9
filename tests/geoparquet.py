"""Parquet pair tables for the tests, GeoParquet ones laid out exactly as GeoPandas writes
them (checked against GeoPandas 1.2 with pyarrow 26), without needing GeoPandas."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import shapely

WKB_FIELD = {b"ARROW:extension:name": b"geoarrow.wkb", b"ARROW:extension:metadata": b"{}"}
"""The field metadata GeoPandas gives a WKB geometry column (no CRS)."""


def geoparquet(
    path: Path,
    attributes: dict[str, pa.Array | list[Any]],
    geometries: dict[str, list[Any]],
    primary: str,
    row_group_size: int | None = None,
) -> Path:
    """Write a GeoParquet file as ``GeoDataFrame(attributes | geometries,
    geometry=primary).to_parquet(path)`` does: the attribute columns, then the geometry
    columns as WKB (``geoarrow.wkb``), and the ``geo`` metadata naming each geometry
    column with its types and bounding box. A geometry is a Shapely geometry, or None."""
    fields, columns = [], []
    for name, values in attributes.items():
        array = values if isinstance(values, pa.Array) else pa.array(values)
        if pa.types.is_string(array.type):
            array = array.cast(pa.large_string())  # as pandas' strings are written
        fields.append(pa.field(name, array.type))
        columns.append(array)
    described = {}
    for name, shapes in geometries.items():
        fields.append(pa.field(name, pa.binary(), metadata=WKB_FIELD))
        columns.append(
            pa.array([None if s is None else shapely.to_wkb(s) for s in shapes], pa.binary())
        )
        present = [shape for shape in shapes if shape is not None]
        described[name] = {
            "encoding": "WKB",
            "crs": None,
            "geometry_types": sorted({shape.geom_type for shape in present}),
            "bbox": list(shapely.total_bounds(present)),
        }
    geo = {
        "primary_column": primary,
        "columns": described,
        "version": "1.1.0",
        "creator": {"library": "geopandas", "version": "1.2.0"},
    }
    schema = pa.schema(fields, metadata={b"geo": json.dumps(geo).encode()})
    pq.write_table(pa.Table.from_arrays(columns, schema=schema), path, row_group_size)
    return path


def table(path: Path, columns: dict[str, pa.Array | list[Any]], **options: Any) -> Path:
    """Write a plain Parquet table (no GeoParquet metadata)."""
    pq.write_table(pa.table(columns), path, **options)
    return path
