/*
 * Curved outlines traced, compiled: included by _engine.c.
 *
 * gjkcli/algorithms/outline.py is the reference. This file traces the commonest curved
 * shapes, a polytope grown by a disc (circles, capsules, rounded polygons: the
 * Rounded of a Polytope), shape by shape, through the reference's steps for that
 * structure and with the same IEEE operations in the same order: the centre of the
 * vertices' box (_box_centre), support points relative to it (the farthest vertex,
 * pushed out by the radius along the direction over its hypot, the C library's as
 * NumPy's), the rounds of probes (_probe: the chords, their normals, the probes'
 * reach by two products and a sum as einsum adds them, the errors), the noise
 * (rounding of the largest coordinate plus the radius), the choice of intervals to
 * refine (a shape's own target, the worst, the near-worst when not all fit), the
 * points moved back and the bound (_finish, _moved). So each outline is the one the
 * NumPy traces, to the bit.
 *
 * Two of the reference's steps are not copied, and are decided so that no answer
 * depends on them:
 *
 * - The farthest vertex: NumPy compares products formed by BLAS, fused or not. Here
 *   they are formed unfused; the farthest is taken when it beats every other by more
 *   than the rounding of either way (or ties it with products computed exactly, as in
 *   any way), else the shape is left to the NumPy.
 * - The angles of the probes: NumPy's arctan2 may round otherwise than the C library's
 *   atan2 (a vectorised one), and they only decide whether a probe lies strictly
 *   between its interval's two directions. Here that is decided from the C library's
 *   angles, and only where it matters (the interval is to be refined); a probe within
 *   OT_ANGLE_MARGIN of a side (or of a whole turn) leaves the shape to the NumPy. The
 *   angles kept for later rounds are the C library's: they too are only compared.
 *
 * A shape whose numbers are not finite, or are beyond 1e150, is left to the NumPy, and so
 * is every shape for a relative error that is not a number at least 0.
 */

#define OT_ANGLE_MARGIN 1e-9 /* far beyond the few units in the last place two atan2 part by */
#define OT_REACH 1e150       /* coordinates and radii beyond: the NumPy traces */
#define OT_TURN 6.283185307179586 /* 2 pi, as outline._TURN */

typedef struct {
    double x, y;
} OtPoint;

/* NumPy's maximum and minimum: NaN wins, else the first unless the second is more. */
static double ot_max(double a, double b)
{
    if (isnan(a)) return a;
    if (isnan(b)) return b;
    return a >= b ? a : b;
}

static double ot_min(double a, double b)
{
    if (isnan(a)) return a;
    if (isnan(b)) return b;
    return a <= b ? a : b;
}

typedef struct {
    const OtPoint *vertex; /* local: less the centre */
    Py_ssize_t count;
    double radius, noise; /* the polytope's noise: rounding of its largest local coordinate */
    double rounding;      /* tolerances.rounding(1.0): ROUNDING_FACTOR * epsilon */
} OtShape;

/* Whether d . v, formed unfused as `value`, is exact (so formed any way). */
static int ot_exact(OtPoint d, OtPoint v, double value)
{
    double first = d.x * v.x, second = d.y * v.y;
    return fma(d.x, v.x, -first) == 0.0 && fma(d.y, v.y, -second) == 0.0 &&
           value - first == second && value - second == first;
}

/* The support point of the shape along d, relative to its centre, and the core's
   point (for the noise); 0 where the farthest vertex is in doubt. */
static int ot_support(const OtShape *s, OtPoint d, OtPoint *point, OtPoint *core)
{
    double length;
    if (s->count == 1)
        *core = s->vertex[0];
    else {
        Py_ssize_t best = 0, j;
        double top = d.x * s->vertex[0].x + d.y * s->vertex[0].y, size_best;
        for (j = 1; j < s->count; j++) {
            double value = d.x * s->vertex[j].x + d.y * s->vertex[j].y;
            if (value > top) best = j, top = value;
        }
        size_best = fabs(d.x * s->vertex[best].x) + fabs(d.y * s->vertex[best].y);
        for (j = 0; j < s->count; j++) { /* any other as far, up to either way's rounding? */
            double value = d.x * s->vertex[j].x + d.y * s->vertex[j].y;
            double size = fabs(d.x * s->vertex[j].x) + fabs(d.y * s->vertex[j].y);
            if (j == best || fabs(value - top) > 4.0 * DBL_EPSILON * (size + size_best)) continue;
            if (!ot_exact(d, s->vertex[j], value) || !ot_exact(d, s->vertex[best], top)) return 0;
            if (value != top || j > best) continue; /* apart or tied exactly: the first wins */
            return 0;
        }
        *core = s->vertex[best];
    }
    length = hypot(d.x, d.y);
    if (length > 0.0) {
        point->x = core->x + d.x / length * s->radius;
        point->y = core->y + d.y / length * s->radius;
    } else {
        point->x = core->x + 0.0;
        point->y = core->y + 0.0;
    }
    return 1;
}

/* hypot(p.x, p.y), which is the size of a coordinate exactly when the other is 0 (most
   points move back from their centre without rounding: both are). */
static double ot_length(OtPoint p)
{
    if (p.y == 0.0 && isfinite(p.x)) return fabs(p.x);
    if (p.x == 0.0 && isfinite(p.y)) return fabs(p.y);
    return hypot(p.x, p.y);
}

static double ot_largest(OtPoint p)
{
    return ot_max(fabs(p.x), fabs(p.y));
}

typedef struct {
    OtPoint *point, *probe, *normal;
    double *angle, *error, *probe_angle;
    unsigned char *coarse;
    Py_ssize_t room;
} OtWork;

/* Whether the probe of the interval from angle `start` to `end` with normal n lies
   strictly between them, as outline._probe decides it: 1 yes, 0 no, -1 in doubt. */
static int ot_between(OtPoint n, double start, double end, double *angle)
{
    double turn = atan2(n.y, n.x), margin = OT_ANGLE_MARGIN;
    if (turn < 0.0) turn += OT_TURN; /* % 2 pi, for an angle within a half turn */
    if (turn == 0.0) turn = 0.0;     /* and -0.0 % 2 pi is 0.0 */
    if (fabs(turn - start) <= margin || fabs(turn - end) <= margin || turn <= margin ||
        OT_TURN - turn <= margin)
        return -1;
    *angle = turn;
    if (turn < start) turn += OT_TURN;
    return start < turn && turn < end;
}

/* Trace one shape. 1: traced (out holds `*count` points and the bound), 0: left to the
   NumPy, -1: out of memory. */
static int ot_trace(const OtShape *s, OtPoint centre, const OtPoint *normals,
                    const double *angles, Py_ssize_t segments, double relative_error,
                    Py_ssize_t max_points, OtWork *w, Py_ssize_t *count, double *bound)
{
    Py_ssize_t n = segments, i, rounds, round_number;
    double noise = 0.0, target, low_x, high_x, low_y, high_y, largest = 0.0;
    OtPoint core;
    if (w->room < max_points + segments + 2) {
        Py_ssize_t room = max_points + segments + 2;
        OtPoint *point = PyMem_Realloc(w->point, (size_t)room * sizeof(OtPoint));
        if (point == NULL) return -1;
        w->point = point;
        point = PyMem_Realloc(w->probe, (size_t)room * sizeof(OtPoint));
        if (point == NULL) return -1;
        w->probe = point;
        point = PyMem_Realloc(w->normal, (size_t)room * sizeof(OtPoint));
        if (point == NULL) return -1;
        w->normal = point;
#define OT_GROW(field, type)                                                     \
    do {                                                                         \
        type *grown = PyMem_Realloc(w->field, (size_t)room * sizeof(type));      \
        if (grown == NULL) return -1;                                            \
        w->field = grown;                                                        \
    } while (0)
        OT_GROW(angle, double);
        OT_GROW(error, double);
        OT_GROW(probe_angle, double);
        OT_GROW(coarse, unsigned char);
#undef OT_GROW
        w->room = room;
    }
    for (i = 0; i < n; i++) {
        if (!ot_support(s, normals[i], &w->point[i], &core)) return 0;
        largest = i == 0 ? ot_largest(core) : ot_max(largest, ot_largest(core));
        w->angle[i] = angles[i];
    }
    noise = s->noise + s->rounding * (largest + s->radius);
    low_x = high_x = w->point[0].x, low_y = high_y = w->point[0].y;
    for (i = 1; i < n; i++) {
        low_x = ot_min(low_x, w->point[i].x), high_x = ot_max(high_x, w->point[i].x);
        low_y = ot_min(low_y, w->point[i].y), high_y = ot_max(high_y, w->point[i].y);
    }
    target = relative_error * ot_max(high_x - low_x, high_y - low_y);
    rounds = (max_points - segments > 0 ? max_points - segments : 0) + 1;
    for (round_number = 0; round_number < rounds; round_number++) {
        double worst = 0.0, probe_noise, threshold;
        Py_ssize_t added = 0, moving = 0, inserted;
        int full, going;
        largest = 0.0;
        /* _probe */
        for (i = 0; i < n; i++) {
            OtPoint p = w->point[i], q = w->point[(i + 1) % n], chord, normal, found;
            double length, reach_p, reach_q;
            chord.x = q.x - p.x, chord.y = q.y - p.y;
            length = hypot(chord.x, chord.y);
            w->error[i] = 0.0;
            w->coarse[i] = 0;
            if (!(length > 0.0)) continue;
            normal.x = chord.y / length, normal.y = -chord.x / length;
            w->normal[i] = normal;
            if (!ot_support(s, normal, &found, &core)) return 0;
            largest = moving == 0 ? ot_largest(core) : ot_max(largest, ot_largest(core));
            moving++;
            reach_p = 0.0 + normal.x * (found.x - p.x);
            reach_p = reach_p + normal.y * (found.y - p.y);
            reach_q = 0.0 + normal.x * (found.x - q.x);
            reach_q = reach_q + normal.y * (found.y - q.y);
            w->error[i] = ot_min(ot_max(ot_max(reach_p, reach_q), 0.0), length);
            w->probe[i] = found;
        }
        probe_noise = s->noise + s->rounding * ((moving ? largest : 0.0) + s->radius);
        noise = probe_noise > noise ? probe_noise : noise;
        for (i = 0; i < n; i++) worst = i == 0 ? w->error[0] : ot_max(worst, w->error[i]);
        /* which intervals to refine: coarse ones that are insertable */
        threshold = target;
        for (full = 0;; full = 1) {
            added = 0;
            for (i = 0; i < n; i++) {
                int between;
                w->coarse[i] = 0;
                if (!(w->error[i] > threshold)) continue; /* (then it has a normal) */
                between = ot_between(w->normal[i], w->angle[i],
                                     i + 1 < n ? w->angle[i + 1] : OT_TURN, &w->probe_angle[i]);
                if (between < 0) return 0;
                w->coarse[i] = (unsigned char)between;
                added += between;
            }
            if (full || n + added <= max_points) break;
            threshold = worst / 2.0; /* not all fit: those near the worst */
        }
        going = worst > target && added > 0 && n + added <= max_points &&
                round_number + 1 < rounds;
        if (!going) {
            double local_error = worst + 2.0 * noise, moved = 0.0;
            largest = ot_largest(w->point[0]);
            for (i = 1; i < n; i++) largest = ot_max(largest, ot_largest(w->point[i]));
            *bound = local_error + s->rounding * largest + 0.0;
            for (i = 0; i < n; i++) { /* _moved: the exact rounding of each moved point */
                OtPoint local = w->point[i], placed, back, lost;
                placed.x = local.x + centre.x, placed.y = local.y + centre.y;
                back.x = placed.x - local.x, back.y = placed.y - local.y;
                lost.x = (local.x - (placed.x - back.x)) + (centre.x - back.x);
                lost.y = (local.y - (placed.y - back.y)) + (centre.y - back.y);
                moved = i == 0 ? ot_length(lost) : ot_max(moved, ot_length(lost));
                w->point[i] = placed;
            }
            *bound = *bound + moved;
            if (!isfinite(*bound)) *bound = INFINITY;
            *count = n;
            return 1;
        }
        /* the probes added right after their intervals' first points, from the end */
        inserted = n + added;
        for (i = n - 1; i >= 0; i--) {
            if (w->coarse[i]) {
                inserted--;
                w->point[inserted] = w->probe[i];
                w->angle[inserted] = w->probe_angle[i];
            }
            inserted--;
            w->point[inserted] = w->point[i];
            w->angle[inserted] = w->angle[i];
        }
        n += added;
    }
    return 0; /* not reached: the last round finishes every shape */
}

/* The centre of a polytope's box (_box_centre) and its vertices less it, its noise. */
static void ot_shape(const OtPoint *vertices, Py_ssize_t count, double radius, double rounding,
                     OtPoint *local, OtShape *s, OtPoint *centre)
{
    double low_x = vertices[0].x, high_x = vertices[0].x, low_y = vertices[0].y;
    double high_y = vertices[0].y, middle, largest = 0.0;
    Py_ssize_t j;
    for (j = 1; j < count; j++) {
        low_x = ot_min(low_x, vertices[j].x), high_x = ot_max(high_x, vertices[j].x);
        low_y = ot_min(low_y, vertices[j].y), high_y = ot_max(high_y, vertices[j].y);
    }
    middle = low_x / 2.0 + high_x / 2.0;
    centre->x = fabs(middle) > high_x - low_x ? middle : 0.0;
    middle = low_y / 2.0 + high_y / 2.0;
    centre->y = fabs(middle) > high_y - low_y ? middle : 0.0;
    for (j = 0; j < count; j++) {
        local[j].x = vertices[j].x - centre->x, local[j].y = vertices[j].y - centre->y;
        largest = j == 0 ? ot_max(fabs(local[0].x), fabs(local[0].y))
                         : ot_max(largest, ot_max(fabs(local[j].x), fabs(local[j].y)));
    }
    s->vertex = local, s->count = count, s->radius = radius, s->rounding = rounding;
    s->noise = rounding * largest;
}

static int ot_buffer(PyObject *obj, Py_buffer *view, const char *format, Py_ssize_t item,
                     Py_ssize_t items)
{
    view->obj = NULL;
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    if (view->itemsize != item || view->format == NULL || strchr(format, view->format[0]) == NULL ||
        strlen(view->format) != 1 || (items >= 0 && view->len != items * item)) {
        PyBuffer_Release(view);
        view->obj = NULL;
        PyErr_Format(PyExc_ValueError, "trace_rounded: expected a contiguous array of '%s'",
                     format);
        return -1;
    }
    return 0;
}

/* trace_rounded(vertices, counts, radii, normals, angles, relative_error, max_points,
   rounding): the outlines of polytopes (counts[k] vertices each, end to end in
   vertices, float64 pairs) grown by radii[k], from the even directions `normals` at
   `angles`: (points, point counts, bounds) as bytes of float64 pairs, int64 and
   float64; a count of -1 for a shape left to the NumPy. */
static PyObject *engine_trace_rounded(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer views[5];
    Py_ssize_t shapes = 0, total = 0, segments = 0, k, first = 0, max_points;
    double relative_error, rounding;
    PyObject *points_out = NULL, *counts_out = NULL, *bounds_out = NULL, *result = NULL;
    OtWork work = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    OtPoint *local = NULL;
    int v;
    (void)self;
    for (v = 0; v < 5; v++) views[v].obj = NULL;
    if (nargs != 8) {
        PyErr_SetString(PyExc_TypeError, "trace_rounded takes 8 arguments");
        return NULL;
    }
    relative_error = PyFloat_AsDouble(args[5]);
    max_points = PyLong_AsSsize_t(args[6]);
    rounding = PyFloat_AsDouble(args[7]);
    if (PyErr_Occurred()) return NULL;
    if (ot_buffer(args[0], &views[0], "d", 8, -1) < 0 ||
        ot_buffer(args[1], &views[1], "lq", 8, -1) < 0 ||
        ot_buffer(args[2], &views[2], "d", 8, -1) < 0 ||
        ot_buffer(args[3], &views[3], "d", 8, -1) < 0 ||
        ot_buffer(args[4], &views[4], "d", 8, -1) < 0)
        goto done;
    shapes = views[1].len / 8, segments = views[4].len / 8;
    for (k = 0; k < shapes; k++) {
        int64_t count = ((const int64_t *)views[1].buf)[k];
        if (count < 1) break;
        total += count;
    }
    if (k < shapes || 16 * total != views[0].len || views[2].len != 8 * shapes ||
        views[3].len != 16 * segments || segments < 4 || max_points < 1) {
        PyErr_SetString(PyExc_ValueError, "trace_rounded: the arrays do not match");
        goto done;
    }
    points_out = PyByteArray_FromStringAndSize(NULL, 0);
    counts_out = PyBytes_FromStringAndSize(NULL, 8 * shapes);
    bounds_out = PyBytes_FromStringAndSize(NULL, 8 * shapes);
    local = PyMem_Malloc((size_t)(total > 0 ? total : 1) * sizeof(OtPoint));
    if (points_out == NULL || counts_out == NULL || bounds_out == NULL || local == NULL) {
        if (local == NULL) PyErr_NoMemory();
        goto done;
    }
    for (k = 0; k < shapes; k++) {
        const OtPoint *vertices = (const OtPoint *)views[0].buf + first;
        Py_ssize_t count = (Py_ssize_t)((const int64_t *)views[1].buf)[k], traced_count = 0, j;
        double radius = ((const double *)views[2].buf)[k], bound = 0.0;
        int64_t *count_slot = (int64_t *)PyBytes_AS_STRING(counts_out) + k;
        double *bound_slot = (double *)PyBytes_AS_STRING(bounds_out) + k;
        int usable = isfinite(radius) && fabs(radius) <= OT_REACH && relative_error >= 0.0;
        int traced = 0;
        OtShape shape;
        OtPoint centre;
        for (j = 0; j < count && usable; j++)
            usable = fabs(vertices[j].x) <= OT_REACH && fabs(vertices[j].y) <= OT_REACH;
        if (usable) {
            ot_shape(vertices, count, radius, rounding, local + first, &shape, &centre);
            traced = ot_trace(&shape, centre, (const OtPoint *)views[3].buf,
                              (const double *)views[4].buf, segments, relative_error,
                              max_points, &work, &traced_count, &bound);
            if (traced < 0) {
                PyErr_NoMemory();
                goto done;
            }
        }
        first += count;
        *count_slot = traced ? (int64_t)traced_count : -1;
        *bound_slot = traced ? bound : 0.0;
        if (traced) {
            Py_ssize_t size = PyByteArray_GET_SIZE(points_out);
            if (PyByteArray_Resize(points_out, size + traced_count * 16) < 0) goto done;
            memcpy(PyByteArray_AS_STRING(points_out) + size, work.point,
                   (size_t)traced_count * sizeof(OtPoint));
        }
    }
    result = PyTuple_Pack(3, points_out, counts_out, bounds_out);
done:
    for (v = 0; v < 5; v++)
        if (views[v].obj != NULL) PyBuffer_Release(&views[v]);
    Py_XDECREF(points_out), Py_XDECREF(counts_out), Py_XDECREF(bounds_out);
    PyMem_Free(local);
    PyMem_Free(work.point), PyMem_Free(work.probe), PyMem_Free(work.normal);
    PyMem_Free(work.angle);
    PyMem_Free(work.error), PyMem_Free(work.probe_angle), PyMem_Free(work.coarse);
    return result;
}
