/*
 * Curved outlines traced, compiled: included by _engine.c.
 *
 * gjkcli/algorithms/outline.py is the reference. This file traces the commonest curved
 * shapes, chains of maps and discs round a polytope (circles, capsules, rounded
 * polygons, ellipses, margins round them: the Transformed and Rounded of a Polytope, in
 * any nesting), shape by shape, through the reference's steps for such structures and
 * with the same IEEE operations in the same order: the centres (the polytope's box
 * centre, a map's image of its inner centre, with the bound on how far each may be
 * off), support points relative to them (the farthest vertex; pushed out by the radius
 * along the direction over its hypot, the C library's as NumPy's; mapped), the rounds of
 * probes (_probe: the chords, their normals, the probes' reach by two products and a sum
 * as einsum adds them, the errors), the noise of each call (each link's, from its rows'
 * largest coordinates and terms), the choice of intervals to refine (a shape's own
 * target, the worst, the near-worst when not all fit), the points moved back and the
 * bound (_finish, _moved). So each outline is the one the NumPy traces, to the bit.
 *
 * Three of the reference's steps are not copied as they are written, and are decided
 * so that no answer depends on them:
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
 * - A map's products, which BLAS fuses (ot_fused_first, ot_fused_second): formed as
 *   this NumPy's BLAS forms them, which the Python checks before it hands over any
 *   mapped shape (outline._compiled_products_agree, through outline_products).
 *
 * A shape whose numbers are beyond 1e150 (or not finite) is left to the NumPy, and so
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

static double ot_largest(OtPoint p);

#define OT_POLYTOPE 0
#define OT_ROUNDED 1
#define OT_MAPPED 2
#define OT_MOST_LINKS 8

/* One link of a shape's chain, outermost first: a map (matrix a, b, c, e by rows, and
   an offset), a disc, and innermost a polytope (its vertices less its centre). */
typedef struct {
    int kind;
    const OtPoint *vertex;
    Py_ssize_t count;
    double noise;         /* a polytope's: rounding of its largest local coordinate */
    double radius;        /* a disc's */
    double m[4], offset[2], norm; /* a map's, and its Frobenius norm */
    double most;          /* in one call for many directions: the largest core coordinate
                             (a disc's) or product term (a map's) of the rows */
    int asked;            /* whether a row reached the link in that call */
} OtLink;

typedef struct {
    OtLink link[OT_MOST_LINKS];
    int depth;
    OtPoint centre;      /* the outermost link's centre, and how far it may be off */
    double centre_error;
    double rounding;     /* tolerances.rounding(1.0): ROUNDING_FACTOR * epsilon */
} OtShape;

/* The two sums of products NumPy's matmul forms through BLAS here, each rounded once
   where they fuse (the engine is compiled with contraction off; fma rounds once):
   a row times a matrix, a0 * b0 + a1 * b1, as ot_fused_second (the second product
   fused) for rows in numbers, and as ot_fused_first for one row times a transposed
   matrix or a matrix times one vector. outline._compiled_products_agree checks them
   against NumPy before any mapped shape is traced here. */
static double ot_fused_second(double a0, double b0, double a1, double b1)
{
    return fma(a1, b1, a0 * b0);
}

static double ot_fused_first(double a0, double b0, double a1, double b1)
{
    return fma(a0, b0, a1 * b1);
}

/* rows @ M^T for a row p: (p . M's first row, p . its second), one row alone or not. */
static OtPoint ot_mapped(const double m[4], OtPoint p, int alone)
{
    OtPoint out;
    if (alone) {
        out.x = ot_fused_first(p.x, m[0], p.y, m[1]);
        out.y = ot_fused_first(p.x, m[2], p.y, m[3]);
    } else {
        out.x = ot_fused_second(p.x, m[0], p.y, m[1]);
        out.y = ot_fused_second(p.x, m[2], p.y, m[3]);
    }
    return out;
}

/* Whether d . v, formed unfused as `value`, is exact (so formed any way). */
static int ot_exact(OtPoint d, OtPoint v, double value)
{
    double first = d.x * v.x, second = d.y * v.y;
    return fma(d.x, v.x, -first) == 0.0 && fma(d.y, v.y, -second) == 0.0 &&
           value - first == second && value - second == first;
}

/* The support point along d of the chain from link k inwards, relative to its centre,
   and the links' largest terms updated; 0 where a farthest vertex is in doubt. `alone`:
   the call asks for one direction (BLAS then forms the map's products otherwise). */
static int ot_point(OtShape *s, int k, OtPoint d, int alone, OtPoint *out)
{
    OtLink *l = &s->link[k];
    if (l->kind == OT_POLYTOPE) {
        Py_ssize_t best = 0, j;
        double top, size_best;
        if (l->count == 1) {
            *out = l->vertex[0];
            return 1;
        }
        top = d.x * l->vertex[0].x + d.y * l->vertex[0].y;
        for (j = 1; j < l->count; j++) {
            double value = d.x * l->vertex[j].x + d.y * l->vertex[j].y;
            if (value > top) best = j, top = value;
        }
        size_best = fabs(d.x * l->vertex[best].x) + fabs(d.y * l->vertex[best].y);
        for (j = 0; j < l->count; j++) { /* any other as far, up to either way's rounding? */
            double value = d.x * l->vertex[j].x + d.y * l->vertex[j].y;
            double size = fabs(d.x * l->vertex[j].x) + fabs(d.y * l->vertex[j].y);
            if (j == best || fabs(value - top) > 4.0 * DBL_EPSILON * (size + size_best)) continue;
            if (!ot_exact(d, l->vertex[j], value) || !ot_exact(d, l->vertex[best], top)) return 0;
            if (value != top || j > best) continue; /* apart or tied exactly: the first wins */
            return 0;
        }
        *out = l->vertex[best];
        return 1;
    }
    if (l->kind == OT_ROUNDED) {
        OtPoint core;
        double length;
        if (!ot_point(s, k + 1, d, alone, &core)) return 0;
        l->most = l->asked ? ot_max(l->most, ot_largest(core)) : ot_largest(core);
        l->asked = 1;
        length = hypot(d.x, d.y);
        if (length > 0.0) {
            out->x = core.x + d.x / length * l->radius;
            out->y = core.y + d.y / length * l->radius;
        } else {
            out->x = core.x + 0.0;
            out->y = core.y + 0.0;
        }
        return 1;
    }
    {
        OtPoint inner, along, size, terms;
        double m[4];
        int i;
        along.x = ot_fused_second(d.x, l->m[0], d.y, l->m[2]); /* d @ M */
        along.y = ot_fused_second(d.x, l->m[1], d.y, l->m[3]);
        if (!ot_point(s, k + 1, along, alone, &inner)) return 0;
        for (i = 0; i < 4; i++) m[i] = fabs(l->m[i]);
        size.x = fabs(inner.x), size.y = fabs(inner.y);
        terms = ot_mapped(m, size, alone);
        l->most = l->asked ? ot_max(l->most, ot_max(terms.x, terms.y)) : ot_max(terms.x, terms.y);
        l->asked = 1;
        *out = ot_mapped(l->m, inner, alone);
        return 1;
    }
}

/* Before a call for many directions: no row has reached a link. */
static void ot_ask(OtShape *s)
{
    int k;
    for (k = 0; k < s->depth; k++) s->link[k].asked = 0;
}

/* The rounding bound of a call's support points, from the innermost link out. */
static double ot_noise(const OtShape *s)
{
    double noise = 0.0;
    int k;
    for (k = s->depth - 1; k >= 0; k--) {
        const OtLink *l = &s->link[k];
        double most = l->asked ? l->most : 0.0;
        if (l->kind == OT_POLYTOPE)
            noise = l->noise;
        else if (l->kind == OT_ROUNDED)
            noise = noise + s->rounding * (most + l->radius);
        else
            noise = l->norm * noise + s->rounding * most;
    }
    return noise;
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
    double *angle, *error, *probe_angle, *length;
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
static int ot_trace(OtShape *s, const OtPoint *normals, const double *angles,
                    Py_ssize_t segments, double relative_error, Py_ssize_t max_points,
                    OtWork *w, Py_ssize_t *count, double *bound)
{
    Py_ssize_t n = segments, i, rounds, round_number;
    double noise = 0.0, target, low_x, high_x, low_y, high_y, largest;
    OtPoint centre = s->centre;
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
        OT_GROW(length, double);
        OT_GROW(coarse, unsigned char);
#undef OT_GROW
        w->room = room;
    }
    ot_ask(s);
    for (i = 0; i < n; i++) {
        if (!ot_point(s, 0, normals[i], n == 1, &w->point[i])) return 0;
        w->angle[i] = angles[i];
    }
    noise = ot_noise(s);
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
        /* _probe: the chords of length more than 0 (moving) asked together */
        for (i = 0; i < n; i++) {
            OtPoint p = w->point[i], q = w->point[(i + 1) % n];
            double length = hypot(q.x - p.x, q.y - p.y);
            w->length[i] = length;
            moving += length > 0.0;
        }
        ot_ask(s);
        for (i = 0; i < n; i++) {
            OtPoint p = w->point[i], q = w->point[(i + 1) % n], normal, found;
            double length = w->length[i], reach_p, reach_q;
            w->error[i] = 0.0;
            w->coarse[i] = 0;
            if (!(length > 0.0)) continue;
            normal.x = (q.y - p.y) / length, normal.y = -(q.x - p.x) / length;
            w->normal[i] = normal;
            if (!ot_point(s, 0, normal, moving == 1, &found)) return 0;
            reach_p = 0.0 + normal.x * (found.x - p.x);
            reach_p = reach_p + normal.y * (found.y - p.y);
            reach_q = 0.0 + normal.x * (found.x - q.x);
            reach_q = reach_q + normal.y * (found.y - q.y);
            w->error[i] = ot_min(ot_max(ot_max(reach_p, reach_q), 0.0), length);
            w->probe[i] = found;
        }
        probe_noise = ot_noise(s);
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
            *bound = local_error + s->rounding * largest + s->centre_error;
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

/* The half units in the last place of a point's coordinates, summed (_half_ulps). */
static double ot_half_ulps(OtPoint p)
{
    double x = fabs(p.x), y = fabs(p.y);
    return (nextafter(x, INFINITY) - x) / 2.0 + (nextafter(y, INFINITY) - y) / 2.0;
}

/* A shape read from its chain (kind and numbers of each link, outermost first, as
   outline._chain writes them), its polytope's vertices less their box's centre
   (_box_centre) into `local`, and the centres worked out from the inside (the _Group
   classes' centres): 1, or 0 for a chain that is not one, or numbers beyond OT_REACH. */
static int ot_shape(const double *chain, Py_ssize_t size, double rounding, OtPoint *local,
                    OtShape *s)
{
    Py_ssize_t at = 0, j;
    int k;
    s->depth = 0, s->rounding = rounding;
    for (;;) {
        OtLink *l = &s->link[s->depth];
        if (at >= size || s->depth == OT_MOST_LINKS) return 0;
        l->kind = (int)chain[at];
        if (l->kind == OT_POLYTOPE) {
            const OtPoint *vertices = (const OtPoint *)(chain + at + 2);
            if (at + 1 >= size) return 0;
            l->count = (Py_ssize_t)chain[at + 1];
            if (l->count < 1 || at + 2 + 2 * l->count != size) return 0;
            for (j = 0; j < l->count; j++)
                if (!(fabs(vertices[j].x) <= OT_REACH && fabs(vertices[j].y) <= OT_REACH))
                    return 0;
            l->vertex = local;
            break;
        }
        if (l->kind == OT_ROUNDED && at + 2 <= size) {
            l->radius = chain[at + 1];
            if (!(fabs(l->radius) <= OT_REACH)) return 0;
            at += 2;
        } else if (l->kind == OT_MAPPED && at + 7 <= size) {
            for (j = 0; j < 4; j++) l->m[j] = chain[at + 1 + j];
            l->offset[0] = chain[at + 5], l->offset[1] = chain[at + 6];
            for (j = 0; j < 6; j++)
                if (!(fabs(chain[at + 1 + j]) <= OT_REACH)) return 0;
            /* the Frobenius norm, from the columns' */
            l->norm = hypot(hypot(l->m[0], l->m[2]), hypot(l->m[1], l->m[3]));
            at += 7;
        } else
            return 0;
        s->depth++;
    }
    s->depth++;
    for (k = s->depth - 1; k >= 0; k--) {
        OtLink *l = &s->link[k];
        if (l->kind == OT_POLYTOPE) {
            const OtPoint *vertices = (const OtPoint *)(chain + size - 2 * l->count);
            double low_x = vertices[0].x, high_x = vertices[0].x, low_y = vertices[0].y;
            double high_y = vertices[0].y, middle, largest = 0.0;
            for (j = 1; j < l->count; j++) {
                low_x = ot_min(low_x, vertices[j].x), high_x = ot_max(high_x, vertices[j].x);
                low_y = ot_min(low_y, vertices[j].y), high_y = ot_max(high_y, vertices[j].y);
            }
            middle = low_x / 2.0 + high_x / 2.0;
            s->centre.x = fabs(middle) > high_x - low_x ? middle : 0.0;
            middle = low_y / 2.0 + high_y / 2.0;
            s->centre.y = fabs(middle) > high_y - low_y ? middle : 0.0;
            for (j = 0; j < l->count; j++) {
                local[j].x = vertices[j].x - s->centre.x, local[j].y = vertices[j].y - s->centre.y;
                largest = j == 0 ? ot_max(fabs(local[0].x), fabs(local[0].y))
                                 : ot_max(largest, ot_max(fabs(local[j].x), fabs(local[j].y)));
            }
            l->noise = rounding * largest;
            s->centre_error = 0.0;
        } else if (l->kind == OT_MAPPED) { /* M c + t, as NumPy's matmul forms M c */
            OtPoint inner = s->centre;
            double products;
            s->centre.x = ot_fused_first(l->m[0], inner.x, l->m[1], inner.y) + l->offset[0];
            s->centre.y = ot_fused_first(l->m[2], inner.x, l->m[3], inner.y) + l->offset[1];
            products = ot_fused_first(fabs(l->m[0]), fabs(inner.x), fabs(l->m[1]), fabs(inner.y)) +
                       ot_fused_first(fabs(l->m[2]), fabs(inner.x), fabs(l->m[3]), fabs(inner.y));
            s->centre_error = l->norm * s->centre_error + rounding * products +
                              (products > 0.0 ? ot_half_ulps(s->centre) : 0.0);
        }
    }
    return 1;
}

/* trace_chains(chains, sizes, normals, angles, relative_error, max_points, rounding):
   the outlines of shapes given as chains (sizes[k] float64 numbers each, end to end in
   chains: outline._chain), from the even directions `normals` at `angles`: (points,
   point counts, bounds) as bytes of float64 pairs, int64 and float64; a count of -1 for
   a shape left to the NumPy. */
static PyObject *engine_trace_chains(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer views[4];
    Py_ssize_t shapes = 0, total = 0, segments = 0, k, first = 0, max_points;
    double relative_error, rounding;
    PyObject *points_out = NULL, *counts_out = NULL, *bounds_out = NULL, *result = NULL;
    OtWork work = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    OtPoint *local = NULL;
    int v;
    (void)self;
    for (v = 0; v < 4; v++) views[v].obj = NULL;
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError, "trace_chains takes 7 arguments");
        return NULL;
    }
    relative_error = PyFloat_AsDouble(args[4]);
    max_points = PyLong_AsSsize_t(args[5]);
    rounding = PyFloat_AsDouble(args[6]);
    if (PyErr_Occurred()) return NULL;
    if (typed_buffer(args[0], &views[0], "outline", "d", 8, -1, 0) < 0 ||
        typed_buffer(args[1], &views[1], "outline", "lq", 8, -1, 0) < 0 ||
        typed_buffer(args[2], &views[2], "outline", "d", 8, -1, 0) < 0 ||
        typed_buffer(args[3], &views[3], "outline", "d", 8, -1, 0) < 0)
        goto done;
    shapes = views[1].len / 8, segments = views[3].len / 8;
    for (k = 0; k < shapes; k++) {
        int64_t size = ((const int64_t *)views[1].buf)[k];
        if (size < 1) break;
        total += size;
    }
    if (k < shapes || 8 * total != views[0].len || views[2].len != 16 * segments ||
        segments < 4 || max_points < 1) {
        PyErr_SetString(PyExc_ValueError, "trace_chains: the arrays do not match");
        goto done;
    }
    points_out = PyByteArray_FromStringAndSize(NULL, 0);
    counts_out = PyBytes_FromStringAndSize(NULL, 8 * shapes);
    bounds_out = PyBytes_FromStringAndSize(NULL, 8 * shapes);
    local = PyMem_Malloc((size_t)(total / 2 + 1) * sizeof(OtPoint));
    if (points_out == NULL || counts_out == NULL || bounds_out == NULL || local == NULL) {
        if (local == NULL) PyErr_NoMemory();
        goto done;
    }
    for (k = 0; k < shapes; k++) {
        const double *chain = (const double *)views[0].buf + first;
        Py_ssize_t size = (Py_ssize_t)((const int64_t *)views[1].buf)[k], traced_count = 0;
        int64_t *count_slot = (int64_t *)PyBytes_AS_STRING(counts_out) + k;
        double *bound_slot = (double *)PyBytes_AS_STRING(bounds_out) + k, bound = 0.0;
        int traced = 0;
        OtShape shape;
        if (relative_error >= 0.0 && ot_shape(chain, size, rounding, local, &shape)) {
            traced = ot_trace(&shape, (const OtPoint *)views[2].buf,
                              (const double *)views[3].buf, segments, relative_error,
                              max_points, &work, &traced_count, &bound);
            if (traced < 0) {
                PyErr_NoMemory();
                goto done;
            }
        }
        first += size;
        *count_slot = traced ? (int64_t)traced_count : -1;
        *bound_slot = traced ? bound : 0.0;
        if (traced) {
            Py_ssize_t used = PyByteArray_GET_SIZE(points_out);
            if (PyByteArray_Resize(points_out, used + traced_count * 16) < 0) goto done;
            memcpy(PyByteArray_AS_STRING(points_out) + used, work.point,
                   (size_t)traced_count * sizeof(OtPoint));
        }
    }
    result = PyTuple_Pack(3, points_out, counts_out, bounds_out);
done:
    for (v = 0; v < 4; v++)
        if (views[v].obj != NULL) PyBuffer_Release(&views[v]);
    Py_XDECREF(points_out), Py_XDECREF(counts_out), Py_XDECREF(bounds_out);
    PyMem_Free(local);
    PyMem_Free(work.point), PyMem_Free(work.probe), PyMem_Free(work.normal);
    PyMem_Free(work.angle), PyMem_Free(work.length);
    PyMem_Free(work.error), PyMem_Free(work.probe_angle), PyMem_Free(work.coarse);
    return result;
}

/* outline_products(kind, rows, matrix): the products ot_point forms, for
   outline._compiled_products_agree to hold against NumPy's: kind 0, each row (x, y)
   times the 2 x 2 matrix (by rows: a, b, c, e); 1, each row times its transpose (the
   rows in numbers, or one alone); 2, the matrix times each row. Bytes of float64 pairs. */
static PyObject *engine_outline_products(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer rows, matrix;
    Py_ssize_t count, i;
    long kind;
    PyObject *out = NULL;
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "outline_products takes 3 arguments");
        return NULL;
    }
    kind = PyLong_AsLong(args[0]);
    if (kind == -1 && PyErr_Occurred()) return NULL;
    if (typed_buffer(args[1], &rows, "outline", "d", 8, -1, 0) < 0) return NULL;
    if (typed_buffer(args[2], &matrix, "outline", "d", 8, 4, 0) < 0) {
        PyBuffer_Release(&rows);
        return NULL;
    }
    count = rows.len / 16;
    out = PyBytes_FromStringAndSize(NULL, 16 * count);
    if (out != NULL) {
        const OtPoint *p = (const OtPoint *)rows.buf;
        const double *m = (const double *)matrix.buf;
        OtPoint *found = (OtPoint *)PyBytes_AS_STRING(out);
        for (i = 0; i < count; i++) {
            if (kind == 0) {
                found[i].x = ot_fused_second(p[i].x, m[0], p[i].y, m[2]);
                found[i].y = ot_fused_second(p[i].x, m[1], p[i].y, m[3]);
            } else if (kind == 1)
                found[i] = ot_mapped(m, p[i], count == 1);
            else {
                found[i].x = ot_fused_first(m[0], p[i].x, m[1], p[i].y);
                found[i].y = ot_fused_first(m[2], p[i].x, m[3], p[i].y);
            }
        }
    }
    PyBuffer_Release(&rows);
    PyBuffer_Release(&matrix);
    return out;
}
