/*
 * The broad phase's boxes in a frame, compiled: included by _engine.c.
 *
 * gjkcli/algorithms/extents.py is the reference (box_distances, meeting). A part's
 * extents are a row of six floats: low_u, high_u, low_v, high_v, reach_u, reach_v
 * (Extents.table). The arithmetic is NumPy's element by element, in the same order:
 * np.maximum (the first when it is at least the second or is NaN, else the second),
 * np.abs, np.hypot (the C library's hypot), each operation rounded on its own. So each
 * number is the NumPy's, to the bit.
 */

/* np.maximum of two floats. */
static double bx_maximum(double a, double b)
{
    return (a >= b || isnan(a)) ? a : b;
}

/* extents._lowered_gap: a gap lowered by its rounding bound, and at least 0. */
static double bx_lowered(double gap, double sizes, double rounding)
{
    return bx_maximum(0.0, gap - (rounding * (sizes + fabs(gap)) + DBL_MIN));
}

/* An extents table (float64 rows of six; `row` 6) or a column of int64 part numbers
   (`row` 1): 1 read, 0 not (an error set). */
static int bx_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t row)
{
    if (typed_buffer(obj, view, "extents", row == 1 ? "lq" : "d", 8, -1, 0) < 0) return 0;
    if (view->len % (8 * row) == 0) return 1;
    PyBuffer_Release(view);
    PyErr_SetString(PyExc_ValueError, "extents: a table's rows are six numbers");
    return 0;
}

/* box_distances(table_a, table_b, i, j, rounding): for each k, the distance between the
   boxes of part i[k] of A and part j[k] of B as computed, and its lower bound: two bytes
   of float64 (extents.box_distances); None for a part number out of range (the NumPy
   then indexes as it does, from the end or raising). */
static PyObject *engine_box_distances(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer views[4];
    PyObject *gaps = NULL, *bounds = NULL, *result = NULL;
    Py_ssize_t rows_a, rows_b, count, k;
    double rounding;
    int v, read = 0;
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "box_distances takes 5 arguments");
        return NULL;
    }
    rounding = PyFloat_AsDouble(args[4]);
    if (rounding == -1.0 && PyErr_Occurred()) return NULL;
    while (read < 4 && bx_buffer(args[read], &views[read], read < 2 ? 6 : 1))
        read++;
    if (read < 4) goto done;
    rows_a = views[0].len / 48, rows_b = views[1].len / 48, count = views[2].len / 8;
    if (views[3].len / 8 != count) {
        PyErr_SetString(PyExc_ValueError, "box_distances: i and j differ in length");
        goto done;
    }
    gaps = PyBytes_FromStringAndSize(NULL, 8 * count);
    bounds = PyBytes_FromStringAndSize(NULL, 8 * count);
    if (gaps == NULL || bounds == NULL) goto done;
    for (k = 0; k < count; k++) {
        int64_t i = ((const int64_t *)views[2].buf)[k], j = ((const int64_t *)views[3].buf)[k];
        const double *a, *b;
        double across, up, gap_u, gap_v, apart;
        if (i < 0 || i >= rows_a || j < 0 || j >= rows_b) { /* the NumPy's to index */
            result = new_ref(Py_None);
            goto done;
        }
        a = (const double *)views[0].buf + 6 * i, b = (const double *)views[1].buf + 6 * j;
        gap_u = bx_maximum(b[0] - a[1], a[0] - b[1]);
        gap_v = bx_maximum(b[2] - a[3], a[2] - b[3]);
        across = bx_maximum(0.0, gap_u), up = bx_maximum(0.0, gap_v);
        apart = hypot(bx_lowered(gap_u, a[4] + b[4], rounding),
                      bx_lowered(gap_v, a[5] + b[5], rounding));
        ((double *)PyBytes_AS_STRING(gaps))[k] = hypot(across, up);
        ((double *)PyBytes_AS_STRING(bounds))[k] = bx_maximum(0.0, apart - rounding * apart);
    }
    result = PyTuple_Pack(2, gaps, bounds);
done:
    for (v = 0; v < read; v++) PyBuffer_Release(&views[v]);
    Py_XDECREF(gaps), Py_XDECREF(bounds);
    return result;
}

/* boxes_meeting(table_a, table_b, grow, start, stop): the pairs (i, j), start <= i < stop,
   whose boxes meet once A's is grown by grow on every side, in the order of i then j: two
   bytes of int64 (extents.meeting); None for a start or stop below 0 (the NumPy's slice
   counts those from the end). */
static PyObject *engine_boxes_meeting(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer views[2];
    PyObject *found_a = NULL, *found_b = NULL, *result = NULL;
    Py_ssize_t rows_a, rows_b, start, stop, i, j, found = 0;
    int64_t *out_a = NULL, *out_b = NULL;
    double grow;
    int v, read = 0;
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "boxes_meeting takes 5 arguments");
        return NULL;
    }
    grow = PyFloat_AsDouble(args[2]);
    start = PyLong_AsSsize_t(args[3]);
    stop = PyLong_AsSsize_t(args[4]);
    if (PyErr_Occurred()) return NULL;
    while (read < 2 && bx_buffer(args[read], &views[read], 6)) read++;
    if (read < 2) goto done;
    rows_a = views[0].len / 48, rows_b = views[1].len / 48;
    if (start < 0 || stop < 0) { /* counted from the end: the NumPy's slice */
        result = new_ref(Py_None);
        goto done;
    }
    stop = stop > rows_a ? rows_a : stop;
    if (stop > start && rows_b > 0) {
        out_a = PyMem_Malloc((size_t)((stop - start) * rows_b) * sizeof(int64_t));
        out_b = PyMem_Malloc((size_t)((stop - start) * rows_b) * sizeof(int64_t));
        if (out_a == NULL || out_b == NULL) {
            PyErr_NoMemory();
            goto done;
        }
    }
    for (i = start; i < stop; i++) {
        const double *a = (const double *)views[0].buf + 6 * i;
        double low_u = a[0] - grow, high_u = a[1] + grow, low_v = a[2] - grow, high_v = a[3] + grow;
        for (j = 0; j < rows_b; j++) {
            const double *b = (const double *)views[1].buf + 6 * j;
            if (low_u <= b[1] && b[0] <= high_u && low_v <= b[3] && b[2] <= high_v) {
                out_a[found] = (int64_t)i, out_b[found] = (int64_t)j;
                found++;
            }
        }
    }
    found_a = PyBytes_FromStringAndSize(out_a == NULL ? "" : (const char *)out_a, 8 * found);
    found_b = PyBytes_FromStringAndSize(out_b == NULL ? "" : (const char *)out_b, 8 * found);
    if (found_a != NULL && found_b != NULL) result = PyTuple_Pack(2, found_a, found_b);
done:
    for (v = 0; v < read; v++) PyBuffer_Release(&views[v]);
    PyMem_Free(out_a), PyMem_Free(out_b);
    Py_XDECREF(found_a), Py_XDECREF(found_b);
    return result;
}
