/*
 * GEOS's shortest line between two polygons apart, the replay, compiled: included by
 * _engine.c.
 *
 * gjkcli/verify/nearest_facets.py is the reference and says why its steps give GEOS's
 * own line. Two of them are here:
 *
 * - facets_heights (nearest_facets._heights and _in_range): each segment of A's
 *   greatest height along the unit direction, each of B's least, and the largest
 *   coordinate; or None where the pair goes to GEOS as it is. The heights bound the
 *   pairs' distances, and are formed here unfused, NumPy's product perhaps fused: they
 *   are off by far less than the reference's _SLACK either way, so the candidates they
 *   leave hold every pair that could be kept, as the reference's do (which pairs beyond
 *   those are tried changes nothing: none of them can be kept, nor decide a box test).
 * - facets_kept (nearest_facets._kept): GEOS's loop over the candidates, its box tests
 *   (Envelope::distanceSquared, _squared_gap) operation for operation, with the
 *   distances GEOS computed: the same pair kept.
 */

typedef struct {
    double minx, miny, maxx, maxy;
} NfBox;

/* nearest_facets._box: the box of segment `index` of a ring, as Python's min and max
   give it (the first of equals). */
static NfBox nf_box(const double *ring, Py_ssize_t index)
{
    double x0 = ring[2 * index], y0 = ring[2 * index + 1];
    double x1 = ring[2 * index + 2], y1 = ring[2 * index + 3];
    NfBox box;
    box.minx = x1 < x0 ? x1 : x0, box.miny = y1 < y0 ? y1 : y0;
    box.maxx = x1 > x0 ? x1 : x0, box.maxy = y1 > y0 ? y1 : y0;
    return box;
}

/* nearest_facets._squared_gap: GEOS's Envelope::distanceSquared. */
static double nf_squared_gap(NfBox one, NfBox other)
{
    double most_x = other.maxx > one.maxx ? other.maxx : one.maxx;
    double least_x = other.minx < one.minx ? other.minx : one.minx;
    double most_y = other.maxy > one.maxy ? other.maxy : one.maxy;
    double least_y = other.miny < one.miny ? other.miny : one.miny;
    double dx = most_x - least_x - (one.maxx - one.minx) - (other.maxx - other.minx);
    double dy = most_y - least_y - (one.maxy - one.miny) - (other.maxy - other.miny);
    dx = dx > 0.0 ? dx : 0.0, dy = dy > 0.0 ? dy : 0.0;
    return dx * dx + dy * dy;
}

static int nf_ring(PyObject *obj, Py_buffer *view, Py_ssize_t *points)
{
    view->obj = NULL;
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    if (view->itemsize != 8 || strcmp(view->format, "d") != 0 || view->len % 16 != 0 ||
        view->len < 32) {
        PyBuffer_Release(view);
        view->obj = NULL;
        PyErr_SetString(PyExc_ValueError, "facets: a ring of float64 pairs, two or more");
        return -1;
    }
    *points = view->len / 16;
    return 0;
}

/* Whether a ring's segments all have sides 0 or at least `range` times `scale`
   (_in_range's second test). */
static int nf_sides(const double *ring, Py_ssize_t points, double least)
{
    Py_ssize_t i;
    for (i = 0; i + 1 < points; i++) {
        double dx = fabs(ring[2 * i + 2] - ring[2 * i]);
        double dy = fabs(ring[2 * i + 3] - ring[2 * i + 1]);
        if ((dx > 0.0 && dx < least) || (dy > 0.0 && dy < least)) return 0;
    }
    return 1;
}

/* facets_heights(ring_a, ring_b, dx, dy, limit, range): (top_a, bottom_b, scale), the
   heights as bytes of float64 (a segment each), or None (nearest_facets._heights). */
static PyObject *engine_facets_heights(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer views[2];
    Py_ssize_t count[2], i, side;
    double dx, dy, limit, range, length, scale = 0.0, nx, ny;
    PyObject *heights[2] = {NULL, NULL}, *result = NULL;
    (void)self;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "facets_heights takes 6 arguments");
        return NULL;
    }
    dx = PyFloat_AsDouble(args[2]), dy = PyFloat_AsDouble(args[3]);
    limit = PyFloat_AsDouble(args[4]), range = PyFloat_AsDouble(args[5]);
    if (PyErr_Occurred()) return NULL;
    if (nf_ring(args[0], &views[0], &count[0]) < 0) return NULL;
    if (nf_ring(args[1], &views[1], &count[1]) < 0) {
        PyBuffer_Release(&views[0]);
        return NULL;
    }
    length = gjk_hypot(dx, dy);
    for (side = 0; side < 2; side++) { /* the largest coordinate (NaN, as NumPy's max) */
        const double *ring = (const double *)views[side].buf;
        for (i = 0; i < 2 * count[side]; i++) {
            if (isnan(ring[i]) || isnan(scale))
                scale = NAN;
            else if (fabs(ring[i]) > scale)
                scale = fabs(ring[i]);
        }
    }
    if (!(length > 0.0 && isfinite(length) && range <= scale && scale < limit) ||
        !nf_sides((const double *)views[0].buf, count[0], range * scale) ||
        !nf_sides((const double *)views[1].buf, count[1], range * scale)) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    nx = dx / length, ny = dy / length;
    for (side = 0; side < 2; side++) {
        const double *ring = (const double *)views[side].buf;
        double previous = ring[0] * nx + ring[1] * ny, *out;
        heights[side] = PyBytes_FromStringAndSize(NULL, 8 * (count[side] - 1));
        if (heights[side] == NULL) goto done;
        out = (double *)PyBytes_AS_STRING(heights[side]);
        for (i = 1; i < count[side]; i++) {
            double here = ring[2 * i] * nx + ring[2 * i + 1] * ny;
            /* A's greatest, B's least (np.maximum and np.minimum: NaN wins) */
            if (isnan(previous) || isnan(here))
                out[i - 1] = NAN;
            else
                out[i - 1] = side == 0 ? (here > previous ? here : previous)
                                       : (here < previous ? here : previous);
            previous = here;
        }
    }
    result = Py_BuildValue("(OOd)", heights[0], heights[1], scale);
done:
    PyBuffer_Release(&views[0]);
    PyBuffer_Release(&views[1]);
    Py_XDECREF(heights[0]);
    Py_XDECREF(heights[1]);
    return result;
}

/* facets_kept(ring_a, ring_b, near_a, near_b, distances): the pair (i, j) GEOS's loop
   keeps, replayed over the candidate segments (int64) with GEOS's distances (float64, a
   row for each of near_a), as nearest_facets._kept replays it. */
static PyObject *engine_facets_kept(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer views[5];
    Py_ssize_t count[2], rows, columns, r, c, k;
    const int64_t *near_a, *near_b;
    const double *table, *ring_b;
    double least = INFINITY;
    int64_t kept_i, kept_j;
    NfBox whole_b, *boxes_b = NULL;
    PyObject *result = NULL;
    (void)self;
    for (k = 0; k < 5; k++) views[k].obj = NULL;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "facets_kept takes 5 arguments");
        return NULL;
    }
    if (nf_ring(args[0], &views[0], &count[0]) < 0 || nf_ring(args[1], &views[1], &count[1]) < 0)
        goto done;
    for (k = 2; k < 5; k++)
        if (PyObject_GetBuffer(args[k], &views[k], PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
            goto done;
    rows = views[2].len / 8, columns = views[3].len / 8;
    if (views[2].itemsize != 8 || strchr("lq", views[2].format[0]) == NULL ||
        views[3].itemsize != 8 || strchr("lq", views[3].format[0]) == NULL ||
        views[4].itemsize != 8 || strcmp(views[4].format, "d") != 0 || rows < 1 || columns < 1 ||
        views[4].len != 8 * rows * columns) {
        PyErr_SetString(PyExc_ValueError, "facets_kept: arrays that do not match");
        goto done;
    }
    near_a = (const int64_t *)views[2].buf, near_b = (const int64_t *)views[3].buf;
    table = (const double *)views[4].buf, ring_b = (const double *)views[1].buf;
    for (r = 0; r < rows; r++)
        if (near_a[r] < 0 || near_a[r] + 1 >= count[0]) goto out_of_range;
    for (c = 0; c < columns; c++)
        if (near_b[c] < 0 || near_b[c] + 1 >= count[1]) goto out_of_range;
    boxes_b = PyMem_Malloc((size_t)columns * sizeof(NfBox));
    if (boxes_b == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    whole_b.minx = whole_b.maxx = ring_b[0], whole_b.miny = whole_b.maxy = ring_b[1];
    for (k = 1; k < count[1]; k++) { /* NumPy's min and max of the columns */
        double x = ring_b[2 * k], y = ring_b[2 * k + 1];
        whole_b.minx = x < whole_b.minx ? x : whole_b.minx;
        whole_b.maxx = x > whole_b.maxx ? x : whole_b.maxx;
        whole_b.miny = y < whole_b.miny ? y : whole_b.miny;
        whole_b.maxy = y > whole_b.maxy ? y : whole_b.maxy;
    }
    for (c = 0; c < columns; c++) boxes_b[c] = nf_box(ring_b, (Py_ssize_t)near_b[c]);
    kept_i = near_a[0], kept_j = near_b[0];
    for (r = 0; r < rows; r++) {
        NfBox box_a = nf_box((const double *)views[0].buf, (Py_ssize_t)near_a[r]);
        if (nf_squared_gap(box_a, whole_b) > least * least) continue;
        for (c = 0; c < columns; c++) {
            double distance = table[r * columns + c];
            if (nf_squared_gap(box_a, boxes_b[c]) > least * least) continue;
            if (distance < least) least = distance, kept_i = near_a[r], kept_j = near_b[c];
            if (least <= 0.0) goto found;
        }
    }
found:
    result = Py_BuildValue("(LL)", (long long)kept_i, (long long)kept_j);
    goto done;
out_of_range:
    PyErr_SetString(PyExc_ValueError, "facets_kept: a segment number out of range");
done:
    for (k = 0; k < 5; k++)
        if (views[k].obj != NULL) PyBuffer_Release(&views[k]);
    PyMem_Free(boxes_b);
    return result;
}
