/*
 * Is a polygon ring convex? Compiled: included by _engine.c, after _merge.c (whose
 * dm_orientation decides turns exactly).
 *
 * gjkcli/shapes/rings.py (convexity_problem) is the reference; this is its steps in its
 * order, with the same IEEE operations: the ring less a closing point, the distinct
 * consecutive vertices (and the last dropped when it is the first), each vertex's turn
 * (its exact direction; the size of the cross product and the dot product of the edges
 * meeting there), twice the signed area about the first vertex, and the walk that meets
 * a spike, a reflex vertex, or a total turn of more than one and a half times round.
 *
 * What the reference decides in rationals (a turn dm_orientation cannot decide, a
 * signed area that comes out 0.0 in floats) is left to it, and so is every ring with a
 * point that is not a pair of floats, or a coordinate beyond RC_REACH: there every
 * product and sum here is finite, so the atan2 of the total turn is the C library's
 * own, as Python's math.atan2 is for finite numbers.
 */

#define RC_REACH 1e150 /* coordinates within: every product and sum below stays finite */

/* The ring's points, read from a list or tuple of pairs of floats (exactly floats), the
   pairs all tuples or all lists (the reference compares points as Python does, where a
   tuple never equals a list); 0 where any is not (or beyond RC_REACH), with no error
   set. `xy` holds 2 * count. */
static int rc_read(PyObject *points, double *xy, Py_ssize_t count)
{
    Py_ssize_t i;
    for (i = 0; i < count; i++) {
        PyObject *point = PySequence_Fast_GET_ITEM(points, i), *x, *y;
        if (Py_TYPE(point) != Py_TYPE(PySequence_Fast_GET_ITEM(points, 0))) return 0;
        if (PyTuple_CheckExact(point) && PyTuple_GET_SIZE(point) == 2) {
            x = PyTuple_GET_ITEM(point, 0), y = PyTuple_GET_ITEM(point, 1);
        } else if (PyList_CheckExact(point) && PyList_GET_SIZE(point) == 2) {
            x = PyList_GET_ITEM(point, 0), y = PyList_GET_ITEM(point, 1);
        } else {
            return 0;
        }
        if (!PyFloat_CheckExact(x) || !PyFloat_CheckExact(y)) return 0;
        xy[2 * i] = PyFloat_AS_DOUBLE(x);
        xy[2 * i + 1] = PyFloat_AS_DOUBLE(y);
        if (!(fabs(xy[2 * i]) <= RC_REACH && fabs(xy[2 * i + 1]) <= RC_REACH)) return 0;
    }
    return 1;
}

/* ring_convexity(points): rings._checked's answer, (code, index, count): code 0 convex,
   else a key of rings._PROBLEMS (1 too few distinct points, 2 all on one line, 4 a spike
   at input vertex `index`, 5 a reflex vertex there, 6 winding more than once; 3, zero
   signed area, is the reference's to find), index -1 where no vertex is at fault, count
   the distinct vertices; None where the reference must decide. */
static PyObject *engine_ring_convexity(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *points, *answer = NULL;
    double *xy = NULL, *size = NULL, *dot = NULL, twice_area = 0.0, total_turn = 0.0;
    Py_ssize_t n, count, kept = 0, i, *index = NULL;
    int *sign = NULL, winding, all_straight = 1, code = 0;
    Py_ssize_t at = -1;
    if (nargs != 1) {
        PyErr_SetString(PyExc_TypeError, "ring_convexity takes 1 argument");
        return NULL;
    }
    if (!PyList_CheckExact(args[0]) && !PyTuple_CheckExact(args[0])) Py_RETURN_NONE;
    points = args[0];
    n = PySequence_Fast_GET_SIZE(points);
    xy = PyMem_Malloc(sizeof(double) * 2 * (size_t)(n + 1));
    index = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)(n + 1));
    size = PyMem_Malloc(sizeof(double) * (size_t)(n + 1));
    dot = PyMem_Malloc(sizeof(double) * (size_t)(n + 1));
    sign = PyMem_Malloc(sizeof(int) * (size_t)(n + 1));
    if (xy == NULL || index == NULL || size == NULL || dot == NULL || sign == NULL) {
        PyErr_NoMemory();
        goto finish;
    }
    if (!rc_read(points, xy, n)) {
        answer = Py_NewRef(Py_None);
        goto finish;
    }
    count = n; /* open_ring: without a closing point */
    if (count > 1 && xy[0] == xy[2 * (count - 1)] && xy[1] == xy[2 * (count - 1) + 1]) count--;
    for (i = 0; i < count; i++) { /* the distinct consecutive vertices, compacted in place */
        double x = xy[2 * i], y = xy[2 * i + 1];
        if (kept == 0 || xy[2 * (kept - 1)] != x || xy[2 * (kept - 1) + 1] != y) {
            xy[2 * kept] = x, xy[2 * kept + 1] = y;
            index[kept++] = i;
        }
    }
    if (kept > 1 && xy[0] == xy[2 * (kept - 1)] && xy[1] == xy[2 * (kept - 1) + 1]) kept--;
    if (kept < 3) {
        answer = Py_BuildValue("(inn)", 1, (Py_ssize_t)-1, kept);
        goto finish;
    }
    for (i = 0; i < kept; i++) {
        const double *before = xy + 2 * ((i + kept - 1) % kept), *here = xy + 2 * i;
        const double *after = xy + 2 * ((i + 1) % kept);
        double ex = here[0] - before[0], ey = here[1] - before[1];
        double fx = after[0] - here[0], fy = after[1] - here[1];
        sign[i] = dm_orientation(before, here, after);
        if (sign[i] == 2) {
            answer = Py_NewRef(Py_None);
            goto finish;
        }
        size[i] = fabs(ex * fy - ey * fx);
        dot[i] = ex * fx + ey * fy;
        if (sign[i] != 0) all_straight = 0;
    }
    for (i = 1; i < kept - 1; i++) { /* the shoelace formula about the first vertex */
        double x0 = xy[2 * i], y0 = xy[2 * i + 1], x1 = xy[2 * i + 2], y1 = xy[2 * i + 3];
        twice_area += (x0 - xy[0]) * (y1 - xy[1]) - (x1 - xy[0]) * (y0 - xy[1]);
    }
    if (all_straight) {
        code = 2;
    } else if (twice_area == 0.0 || !isfinite(twice_area)) {
        answer = Py_NewRef(Py_None); /* its sign, exactly: the reference's rationals */
        goto finish;
    } else {
        winding = twice_area > 0.0 ? 1 : -1;
        for (i = 0; i < kept && code == 0; i++) {
            if (sign[i] == 0 && dot[i] < 0.0)
                code = 4, at = index[i];
            else if (sign[i] == -winding)
                code = 5, at = index[i];
            else
                total_turn += atan2(size[i], dot[i]);
        }
        if (code == 0 && total_turn > 3.0 * 3.141592653589793) code = 6;
    }
    answer = Py_BuildValue("(inn)", code, at, kept);
finish:
    PyMem_Free(xy);
    PyMem_Free(index);
    PyMem_Free(size);
    PyMem_Free(dot);
    PyMem_Free(sign);
    return answer;
}
