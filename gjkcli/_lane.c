/*
 * The lane of gjk batch's columnar path: plain pairs of two polygons, answered whole.
 *
 * Included by _engine.c, after _exact.c and _recheck.c. gjkcli/batch/lane.py is its
 * caller. For a chunk of pairs of two convex polygons (the vertices laid end to end),
 * with Shapely's answers and the exact arbiter's already worked out for the whole chunk
 * in Python (over arrays), lane_records gives each pair's JSON Lines record, or None:
 *
 *   - gjkcli's own answer: both GJK runs, the proofs that settle the touching band,
 *     EPA, the certificate and the verdict, as algorithms/answer.py's solve() makes
 *     them (verdict.py's settle and verdict, certificate.py's certificate, axis.py,
 *     bounds.py's separation), on this file's ports of those functions and the
 *     engine's own loops;
 *   - the certificate's re-check (_recheck.c, as verify/certificates.py's
 *     check_certificate takes it when the core is active);
 *   - the comparison of verify/check.py's _compare (verify/agreement.py,
 *     verify/triage.py, verify/ruling.py);
 *   - the record, as render/json_record.py's check_record_text writes it.
 *
 * The lane answers a pair only when every one of those says what it says for the
 * common pair: GJK, Shapely and the exact arbiter agree on the verdict, nothing
 * disagrees, there is no warning, the certificate re-checks, and no step needs what
 * this file does not port (rational arithmetic where the floats cannot decide, a
 * Python 3.12 float sum, a callback that fails, a number that is not finite, a name
 * that is not plain ASCII). Every other pair gets None, and the Python checks it the
 * general way, which writes the same record for a pair the lane answers (the batch
 * tests compare the two on whole corpora). So this file may decide faster, never
 * differently; its record is the Python's record, byte for byte.
 */

/* The constants of gjkcli.tolerances it needs beyond K and RK, copied once by
   lane_configure(). */
static struct {
    double agreement_relative;
    double min_size;
    int ready;
} LK;

enum { LANE_SEPARATED = 1, LANE_TOUCHING = 2, LANE_OVERLAPPING = 3 }; /* exact_filter's codes */

static const char *const VERDICT_NAMES[4] = {NULL, "separated", "touching", "overlapping"};

/* ------------------------------------------------------------------ */
/* axis.py                                                              */
/* ------------------------------------------------------------------ */

/* axis.unit: d divided by its length and made no longer than 1 (at_most_unit). 1 with
   *out set; 0 for None (a zero or non-finite vector); -1 where the lane gives up (the
   exact length test undecided here, or the Python would raise). */
static int lane_unit(Vec d, Vec *out)
{
    double biggest = py_max(fabs(d.x), fabs(d.y)), x, y, length, nx, ny;
    int exponent, step, longer;
    if (!(biggest > 0.0 && isfinite(biggest))) return 0;
    frexp(biggest, &exponent);
    x = ldexp(d.x, -exponent);
    y = ldexp(d.y, -exponent);
    length = gjk_hypot(x, y);
    nx = x / length;
    ny = y / length;
    if (!(isfinite(nx) && isfinite(ny))) return -1;
    for (step = 0; step < 64; step++) { /* axis._UNIT_STEPS */
        longer = longer_than_one(nx, ny);
        if (longer < 0) return -1;
        if (!longer) {
            out->x = nx;
            out->y = ny;
            return 1;
        }
        nx = nextafter(nx, 0.0);
        ny = nextafter(ny, 0.0);
    }
    return -1;
}

/* axis.from_distance_run; 1, 0 (None) or -1 as lane_unit. */
static int lane_from_distance_run(const DistanceAnswer *gjk, Vec *out)
{
    const Support *near;
    Vec normal;
    double side;
    int found;
    if (gjk->count == 1) {
        Vec d;
        d.x = 0.0 - gjk->simplex[0].w.x;
        d.y = 0.0 - gjk->simplex[0].w.y;
        return lane_unit(d, out);
    }
    if (gjk->count != 2 || !gjk->has_witness) return 0;
    near = &gjk->simplex[0]; /* min() keeps the first of equals */
    if (gjk_hypot(gjk->simplex[1].w.x, gjk->simplex[1].w.y) <
        gjk_hypot(near->w.x, near->w.y))
        near = &gjk->simplex[1];
    {
        Vec d;
        d.x = gjk->simplex[1].w.y - gjk->simplex[0].w.y;
        d.y = gjk->simplex[0].w.x - gjk->simplex[1].w.x;
        found = lane_unit(d, &normal);
    }
    if (found <= 0) return found;
    side = normal.x * near->w.x + normal.y * near->w.y;
    if (side > 0.0 ||
        (side == 0.0 && normal.x * (gjk->witness[1].x - gjk->witness[0].x) +
                                normal.y * (gjk->witness[1].y - gjk->witness[0].y) <
                            0.0)) {
        normal.x = -normal.x;
        normal.y = -normal.y;
    }
    *out = normal;
    return 1;
}

/* ------------------------------------------------------------------ */
/* bounds.py and verdict.py                                             */
/* ------------------------------------------------------------------ */

typedef struct {
    double value, lower;
} LaneSeparation;

/* bounds.separation for two polytopes: 1 with *out set, -1 where the Python computes the
   separation again exactly (the rounding hides its sign). */
static int lane_separation(const Shape *a, const Shape *b, Vec n, LaneSeparation *out)
{
    double high_a, high_a_bound, low_b, low_b_bound;
    polytope_along(a, n.x, n.y, &high_a, &high_a_bound);
    polytope_along(b, -n.x, -n.y, &low_b, &low_b_bound);
    out->value = -low_b - high_a;
    out->lower = -low_b_bound - high_a_bound;
    out->lower -= RK.rounding * (fabs(low_b_bound) + fabs(high_a_bound)) + DBL_MIN;
    return out->lower > 0.0 || !(out->value > 0.0) ? 1 : -1;
}

/* verdict._filtered_around_origin: 1 (the triangle of the points a - b holds the origin
   strictly inside), 0 (it does not), -1 (the floats cannot tell: the Python decides it
   exactly). */
static int lane_around_origin(const Support *p)
{
    double x[3], y[3], size_x[3], size_y[3], side[3], bound[3];
    int k, above = 0, below = 0;
    for (k = 0; k < 3; k++) {
        x[k] = p[k].a.x - p[k].b.x;
        y[k] = p[k].a.y - p[k].b.y;
        size_x[k] = fabs(p[k].a.x) + fabs(p[k].b.x);
        size_y[k] = fabs(p[k].a.y) + fabs(p[k].b.y);
    }
    for (k = 0; k < 3; k++) {
        int j = (k + 1) % 3;
        side[k] = x[k] * y[j] - x[j] * y[k];
        bound[k] = RK.rounding * (size_x[k] * size_y[j] + size_x[j] * size_y[k]) + DBL_MIN;
        above |= (side[k] > bound[k]) << k;
        below |= (side[k] < -bound[k]) << k;
    }
    if (above && below) return 0;
    return above == 7 || below == 7 ? 1 : -1;
}

static int lane_exactly_around(const Support *s);

/* verdict.encloses_origin for two polytopes: 1 or 0, decided in floating point where the
   rounding cannot change the answer, else exactly; -1 on an error. */
static int lane_encloses(const Support *points, int count)
{
    int found;
    if (count != 3) return 0;
    found = lane_around_origin(points);
    return found >= 0 ? found : lane_exactly_around(points);
}

typedef struct {
    DistanceAnswer gjk; /* the distance run's answer, as the proofs settled it */
    int has_axis;
    Vec axis;
    LaneSeparation apart;
    int proven; /* 0 (the band decided), LANE_SEPARATED or LANE_OVERLAPPING */
} LaneSettled;

/* DistanceResult.settled_as */
static void lane_settled_as(DistanceAnswer *gjk, double distance, const Vec *closest, double band,
                            const Support *simplex, int count)
{
    int i;
    Support kept[3];
    for (i = 0; i < count; i++) kept[i] = simplex[i];
    gjk->distance = distance;
    gjk->intersects = closest == NULL;
    gjk->has_closest = closest != NULL;
    if (closest != NULL) {
        gjk->closest[0] = closest[0];
        gjk->closest[1] = closest[1];
    }
    gjk->band = band;
    gjk->count = count;
    for (i = 0; i < count; i++) gjk->simplex[i] = kept[i];
}

/* verdict._holds_origin for two polytopes: 1, 0, or -1 (the lane gives up). */
static int lane_holds_origin(const DistanceAnswer *gjk, const IntersectAnswer *boolean)
{
    int found = lane_encloses(gjk->simplex, gjk->count);
    if (found != 0) return found; /* any(): the first that holds, or gives up, decides */
    if (boolean->status == ST_CONTAINS) return lane_encloses(boolean->simplex, boolean->count);
    return 0;
}

/* verdict.settle for two polytopes: 1 with *out set, -1 where the lane gives up. */
static int lane_settle(const Shape *a, const Shape *b, const DistanceAnswer *gjk,
                       const IntersectAnswer *boolean, LaneSettled *out)
{
    Vec axes[2];
    int naxes = 0, examined = 0, k, found, held;
    Vec examined_axis = {0.0, 0.0};
    LaneSeparation examined_apart = {0.0, 0.0};
    out->gjk = *gjk;
    out->has_axis = 0;
    out->proven = 0;
    /* _candidate_axes, each computed only when the one before it proved nothing */
    for (k = 0; k < 2 && gjk->has_witness; k++) {
        LaneSeparation apart;
        Vec axis;
        if (k == 0) {
            found = lane_from_distance_run(gjk, &axis);
        } else if (boolean->status == ST_SEPARATING) {
            found = lane_unit(boolean->direction, &axis);
        } else {
            break;
        }
        if (found < 0) return -1;
        if (found == 0) continue;
        axes[naxes++] = axis;
        if (lane_separation(a, b, axis, &apart) < 0) return -1;
        if (apart.lower > 0.0) {
            double distance = gjk->raw_distance;
            if (gjk->raw_distance < apart.lower && apart.lower <= gjk->raw_distance + gjk->band) {
                distance = apart.lower;
            } else if (gjk->raw_distance < py_min(apart.lower, LK.min_size)) {
                return -1; /* a gap that underflows GJK's squares: left to the Python */
            }
            lane_settled_as(&out->gjk, distance, gjk->has_witness ? gjk->witness : NULL,
                            gjk->band, gjk->simplex, gjk->count);
            out->has_axis = 1;
            out->axis = axis;
            out->apart = apart;
            out->proven = LANE_SEPARATED;
            return 1;
        }
        if (!examined) {
            examined = 1;
            examined_axis = axis;
            examined_apart = apart;
        }
    }
    (void)axes;
    /* _overlap_proof */
    if (!gjk->intersects && boolean->status == ST_CONTAINS) {
        found = lane_encloses(boolean->simplex, boolean->count);
        if (found < 0) return -1;
        if (found) {
            lane_settled_as(&out->gjk, 0.0, NULL, gjk->band, boolean->simplex, boolean->count);
            out->proven = LANE_OVERLAPPING;
            return 1;
        }
    }
    held = 0;
    if (gjk->intersects) {
        held = lane_holds_origin(gjk, boolean);
        if (held < 0) return -1;
    }
    if (!examined) {
        out->proven = held ? LANE_OVERLAPPING : 0;
        return 1;
    }
    out->has_axis = 1;
    out->axis = examined_axis;
    out->apart = examined_apart;
    if (gjk->intersects) {
        out->proven = held ? LANE_OVERLAPPING : 0;
        return 1;
    }
    {
        double band = py_max(gjk->band, py_max(examined_apart.value - examined_apart.lower, 0.0));
        double shortfall = gjk->raw_distance - examined_apart.lower;
        if (shortfall <= touch_band(reach(a) + reach(b))) band = py_max(band, shortfall);
        if (gjk->raw_distance > band) {
            out->gjk.band = band;
            return 1;
        }
        lane_settled_as(&out->gjk, 0.0, NULL, band, gjk->simplex, gjk->count);
        return 1;
    }
}

/* ------------------------------------------------------------------ */
/* certificate.py                                                       */
/* ------------------------------------------------------------------ */

typedef struct {
    int kind; /* 1 a separating axis, 2 an enclosing simplex */
    /* a separating axis */
    Vec axis, closest[2];
    double lower, upper;
    RecheckWeights weights[2]; /* count 0: None */
    /* an enclosing simplex */
    int count;
    Vec points[3], members[3][2];
    int has_pairs;
    Py_ssize_t pairs[3][2];
    double simplex_weights[3], residual;
} LaneCertificate;

/* The first vertex of a polygon equal to p (tuple.index, floats compared as floats), or -1. */
static Py_ssize_t lane_vertex_number(const Shape *s, Vec p)
{
    Py_ssize_t i;
    for (i = 0; i < s->count; i++) {
        if (s->xy[2 * i] == p.x && s->xy[2 * i + 1] == p.y) return i;
    }
    return -1;
}

/* certificate._vertex_weights for a polygon: the weights merged by vertex and sorted by
   vertex number; 0 where the lane gives up (a point that is no vertex, more than two). */
static int lane_vertex_weights(const Shape *s, const Vec *points, const double *weights, int n,
                               RecheckWeights *out)
{
    int k, j;
    out->count = 0;
    for (k = 0; k < n; k++) {
        Py_ssize_t index = lane_vertex_number(s, points[k]);
        if (index < 0) return 0;
        for (j = 0; j < out->count && out->index[j] != index; j++) {
        }
        if (j < out->count) {
            out->weight[j] = out->weight[j] + weights[k];
        } else {
            if (out->count == RECHECK_MAX_WEIGHTS) return 0;
            out->index[out->count] = index;
            out->weight[out->count] = 0.0 + weights[k];
            out->count++;
        }
    }
    if (out->count == 2 && out->index[1] < out->index[0]) {
        Py_ssize_t index = out->index[0];
        double weight = out->weight[0];
        out->index[0] = out->index[1];
        out->weight[0] = out->weight[1];
        out->index[1] = index;
        out->weight[1] = weight;
    }
    return out->count > 0;
}

/* certificate._separating_axis: 1 made, -1 where the lane gives up. */
static int lane_separating_axis(const Shape *a, const Shape *b, const LaneSettled *settled,
                                LaneCertificate *out)
{
    const DistanceAnswer *gjk = &settled->gjk;
    LaneSeparation apart;
    Vec ws[3], pa[3], pb[3], point_a, point_b;
    Closest closest;
    double reach_a, reach_b, upper;
    int i;
    if (settled->has_axis) {
        out->axis = settled->axis;
        apart = settled->apart;
    } else {
        int found = lane_from_distance_run(gjk, &out->axis);
        if (found < 0) return -1;
        if (found == 0) {
            Vec d;
            d.x = gjk->closest[1].x - gjk->closest[0].x;
            d.y = gjk->closest[1].y - gjk->closest[0].y;
            found = lane_unit(d, &out->axis);
            if (found < 0) return -1;
            if (found == 0) {
                out->axis.x = 1.0;
                out->axis.y = 0.0;
            }
        }
        if (lane_separation(a, b, out->axis, &apart) < 0) return -1;
    }
    reach_a = reach(a);
    reach_b = reach(b);
    for (i = 0; i < gjk->count; i++) ws[i] = gjk->simplex[i].w;
    closest = closest_to_origin(ws, gjk->count);
    if (closest.n == 3) return -1; /* weights computed exactly by the Python */
    for (i = 0; i < closest.n; i++) {
        pa[i] = gjk->simplex[closest.kept[i]].a;
        pb[i] = gjk->simplex[closest.kept[i]].b;
    }
    if (!lane_vertex_weights(a, pa, closest.weights, closest.n, &out->weights[0]) ||
        !lane_vertex_weights(b, pb, closest.weights, closest.n, &out->weights[1]))
        return -1;
    if (!named_point(a, &out->weights[0], &point_a) || !named_point(b, &out->weights[1], &point_b))
        return -1;
    upper = gjk_hypot(point_b.x - point_a.x, point_b.y - point_a.y);
    out->kind = 1;
    out->lower = apart.lower;
    out->upper = upper + rounding_bound3(reach_a, reach_b, upper);
    out->closest[0] = point_a;
    out->closest[1] = point_b;
    return 1;
}

/* The three crosses of a triangle of points w = a - b, exactly (as simplex.py's
   triangle_around_origin and verdict.py's _exact_around_origin compute them): the twelve
   floats as integers over one power of two (dyadic.common_integers), the differences
   and crosses on those integers (Python ints): c1 = x2 y3 - y2 x3, c2 = x3 y1 - y3 x1,
   c3 = x1 y2 - y1 x2. 1 with the three new references in c, 0 on an error (cleared). */
static int lane_exact_crosses(const Support *s, PyObject **c)
{
    double values[12];
    long long mantissa[12];
    int exponent[12], i, least = 0, done = 0;
    PyObject *integer[12] = {NULL}, *x[3] = {NULL}, *y[3] = {NULL};
    for (i = 0; i < 3; i++) {
        values[4 * i] = s[i].a.x;
        values[4 * i + 1] = s[i].a.y;
        values[4 * i + 2] = s[i].b.x;
        values[4 * i + 3] = s[i].b.y;
        c[i] = NULL;
    }
    for (i = 0; i < 12; i++) {
        int e;
        if (!isfinite(values[i])) return 0;
        mantissa[i] = values[i] == 0.0 ? 0 : (long long)ldexp(frexp(values[i], &e), 53);
        exponent[i] = values[i] == 0.0 ? 0 : e - 53;
        while (mantissa[i] != 0 && mantissa[i] % 2 == 0) {
            mantissa[i] /= 2;
            exponent[i]++;
        }
        if (mantissa[i] != 0 && -exponent[i] > least) least = -exponent[i];
    }
    for (i = 0; i < 12; i++) {
        PyObject *m = PyLong_FromLongLong(mantissa[i]), *shift;
        if (m == NULL) goto finish;
        shift = PyLong_FromLong(mantissa[i] == 0 ? 0 : exponent[i] + least);
        integer[i] = shift == NULL ? NULL : PyNumber_Lshift(m, shift);
        Py_DECREF(m);
        Py_XDECREF(shift);
        if (integer[i] == NULL) goto finish;
    }
    for (i = 0; i < 3; i++) {
        x[i] = PyNumber_Subtract(integer[4 * i], integer[4 * i + 2]);
        y[i] = PyNumber_Subtract(integer[4 * i + 1], integer[4 * i + 3]);
        if (x[i] == NULL || y[i] == NULL) goto finish;
    }
    for (i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        PyObject *first = PyNumber_Multiply(x[j], y[k]);
        PyObject *second = first == NULL ? NULL : PyNumber_Multiply(y[j], x[k]);
        c[i] = second == NULL ? NULL : PyNumber_Subtract(first, second);
        Py_XDECREF(first);
        Py_XDECREF(second);
        if (c[i] == NULL) goto finish;
    }
    done = 1;
finish:
    for (i = 0; i < 12; i++) Py_XDECREF(integer[i]);
    for (i = 0; i < 3; i++) {
        Py_XDECREF(x[i]);
        Py_XDECREF(y[i]);
        if (!done) Py_CLEAR(c[i]);
    }
    if (!done) PyErr_Clear();
    return done;
}

/* The signs of the crosses: which are above 0 and which below (bits 1, 2, 4 by cross); 0
   on an error (cleared). */
static int lane_cross_signs(PyObject **c, int *above, int *below)
{
    PyObject *zero = PyLong_FromLong(0);
    int i;
    *above = *below = 0;
    if (zero == NULL) {
        PyErr_Clear();
        return 0;
    }
    for (i = 0; i < 3; i++) {
        int positive = PyObject_RichCompareBool(c[i], zero, Py_GT);
        int negative = PyObject_RichCompareBool(c[i], zero, Py_LT);
        if (positive < 0 || negative < 0) {
            Py_DECREF(zero);
            PyErr_Clear();
            return 0;
        }
        *above |= positive << i;
        *below |= negative << i;
    }
    Py_DECREF(zero);
    return 1;
}

/* verdict._exact_around_origin: 1 when the triangle holds the origin strictly inside
   (its crosses all of one sign), 0 when not, -1 on an error. */
static int lane_exactly_around(const Support *s)
{
    PyObject *c[3];
    int above, below, found;
    if (!lane_exact_crosses(s, c)) return -1;
    found = lane_cross_signs(c, &above, &below) ? (above == 7 || below == 7) : -1;
    Py_DECREF(c[0]);
    Py_DECREF(c[1]);
    Py_DECREF(c[2]);
    return found;
}

/* simplex.triangle_around_origin's weights: 1 with weights set (each cross over their
   sum, correctly rounded: Python's int true division), 0 when the triangle does not
   hold the origin (their sum 0, or crosses of both signs), -1 on an error (cleared). */
static int lane_triangle_weights(const Support *s, double *weights)
{
    PyObject *c[3], *n = NULL, *partial = NULL, *zero = NULL;
    int above, below, found = -1, i;
    if (!lane_exact_crosses(s, c)) return -1;
    if (!lane_cross_signs(c, &above, &below)) goto done;
    partial = PyNumber_Add(c[0], c[1]);
    n = partial == NULL ? NULL : PyNumber_Add(partial, c[2]);
    zero = PyLong_FromLong(0);
    if (n == NULL || zero == NULL) goto done;
    {
        int nonzero = PyObject_RichCompareBool(n, zero, Py_NE);
        if (nonzero < 0) goto done;
        if (!nonzero || (above && below)) {
            found = 0;
            goto done;
        }
    }
    for (i = 0; i < 3; i++) {
        PyObject *weight = PyNumber_TrueDivide(c[i], n);
        if (weight == NULL) goto done;
        weights[i] = PyFloat_AsDouble(weight);
        Py_DECREF(weight);
        if (weights[i] == -1.0 && PyErr_Occurred()) goto done;
    }
    found = 1;
done:
    for (i = 0; i < 3; i++) Py_DECREF(c[i]);
    Py_XDECREF(partial);
    Py_XDECREF(n);
    Py_XDECREF(zero);
    if (found < 0) PyErr_Clear();
    return found;
}

/* certificate._enclosing_simplex for two polygons (no radii): 1 made, -1 where the lane
   gives up. */
static int lane_enclosing_simplex(const Shape *a, const Shape *b,
                                  const DistanceAnswer *gjk, const IntersectAnswer *boolean,
                                  LaneCertificate *out)
{
    const Support *candidates[2];
    int counts[2], ncand = 0, k, best = -1, best_outside = 0, count, i;
    double best_norm = 0.0, x = 0.0, y = 0.0;
    const Support *points;
    Support kept[3];
    if (boolean->status == ST_CONTAINS) {
        candidates[ncand] = boolean->simplex;
        counts[ncand++] = boolean->count;
    }
    candidates[ncand] = gjk->simplex;
    counts[ncand++] = gjk->count;
    for (k = 0; k < ncand; k++) {
        Vec ws[3], nearest;
        int outside, encloses;
        double norm;
        for (i = 0; i < counts[k]; i++) ws[i] = candidates[k][i].w;
        nearest = closest_to_origin(ws, counts[k]).v;
        encloses = lane_encloses(candidates[k], counts[k]);
        if (encloses < 0) return -1;
        outside = !encloses;
        norm = gjk_hypot(nearest.x, nearest.y);
        /* min() over (outside, norm): the first of equals; a NaN norm is never less */
        if (best < 0 || outside < best_outside || (outside == best_outside && norm < best_norm)) {
            best = k;
            best_outside = outside;
            best_norm = norm;
        }
    }
    points = candidates[best];
    count = counts[best];
    if (count == 3 && !best_outside) {
        /* an origin inside by the floats, not exactly, or an error: the Python */
        if (lane_triangle_weights(points, out->simplex_weights) <= 0) return -1;
        for (i = 0; i < 3; i++) kept[i] = points[i];
    } else {
        Vec ws[3];
        Closest closest;
        for (i = 0; i < count; i++) ws[i] = points[i].w;
        closest = closest_to_origin(ws, count);
        if (closest.n == 3) return -1; /* weights computed exactly by the Python */
        for (i = 0; i < closest.n; i++) {
            kept[i] = points[closest.kept[i]];
            out->simplex_weights[i] = closest.weights[i];
        }
        count = closest.n;
    }
    out->kind = 2;
    out->count = count;
    out->has_pairs = 1;
    for (i = 0; i < count; i++) {
        out->points[i] = kept[i].w;
        out->members[i][0] = kept[i].a;
        out->members[i][1] = kept[i].b;
        out->pairs[i][0] = lane_vertex_number(a, kept[i].a);
        out->pairs[i][1] = lane_vertex_number(b, kept[i].b);
        if (out->pairs[i][0] < 0 || out->pairs[i][1] < 0) out->has_pairs = 0;
    }
    /* Python's sum(), started at the integer 0, adds floats in order (before 3.12) */
    for (i = 0; i < count; i++) x += out->simplex_weights[i] * kept[i].w.x;
    for (i = 0; i < count; i++) y += out->simplex_weights[i] * kept[i].w.y;
    out->residual = gjk_hypot(x, y);
    return 1;
}

/* ------------------------------------------------------------------ */
/* answer.solve, and the certificate's re-check                          */
/* ------------------------------------------------------------------ */

typedef struct {
    IntersectAnswer boolean;
    DistanceAnswer gjk; /* Answer.gjk: settled, with the verdict's band */
    int has_penetration;
    PenetrationAnswer penetration;
    int verdict;
    double verdict_tolerance;
    LaneCertificate certificate;
    int proves; /* what the re-checked certificate proves: 0, LANE_SEPARATED, LANE_OVERLAPPING */
} LaneAnswer;

/* solve() for two polygons, and check_certificate's verdict on its certificate: 1 when
   the lane answers (and the certificate holds), 0 when it does not. */
static int lane_solve(const Shape *a, const Shape *b, LaneAnswer *out)
{
    Context ctx = {FAIL_NONE, {NULL, NULL, NULL}};
    DistanceAnswer gjk;
    LaneSettled settled;
    Vec up = {0.0, 1.0};
    gjk_intersects(&ctx, a, b, up, &out->boolean);
    if (ctx.fail) goto failed;
    gjk_distance(&ctx, a, b, &gjk);
    if (ctx.fail) goto failed;
    if (lane_settle(a, b, &gjk, &out->boolean, &settled) < 0) return 0;
    if (settled.gjk.count == 0) return 0; /* the Python names what is wrong */
    gjk_penetration(&ctx, a, b, &settled.gjk, &out->penetration);
    if (ctx.fail) goto failed;
    out->has_penetration = !out->penetration.none;
    if (settled.gjk.has_closest) {
        if (lane_separating_axis(a, b, &settled, &out->certificate) < 0) return 0;
    } else if (lane_enclosing_simplex(a, b, &settled.gjk, &out->boolean, &out->certificate) < 0) {
        return 0;
    }
    /* verdict.verdict */
    out->gjk = settled.gjk;
    if (!out->has_penetration || !settled.gjk.intersects) {
        out->verdict = LANE_SEPARATED;
        out->verdict_tolerance = settled.gjk.band;
    } else {
        const PenetrationAnswer *p = &out->penetration;
        Support contact;
        double band, length = gjk_hypot(p->normal.x, p->normal.y), tolerance;
        int touching;
        contact.w.x = contact.w.y = 0.0;
        contact.a = p->contact[0];
        contact.b = p->contact[1];
        band = touch_band(near_scale(&contact, 1, p->normal, length, NULL) +
                          (settled.gjk.radii[0] + settled.gjk.radii[1]) + p->depth);
        if (settled.gjk.count < 3) band = py_max(band, settled.gjk.band);
        tolerance = band + p->error;
        touching = (p->depth <= tolerance || settled.gjk.raw_distance > 0.0) &&
                   settled.proven != LANE_OVERLAPPING;
        out->verdict = touching ? LANE_TOUCHING : LANE_OVERLAPPING;
        out->verdict_tolerance = tolerance;
        out->gjk.band = band;
    }
    /* the re-check (check_certificate, the compiled way) and what it proves */
    if (out->certificate.kind == 1) {
        const LaneCertificate *c = &out->certificate;
        if (!separating_axis_holds(a, b, c->axis, c->lower, c->upper, c->closest[0],
                                   c->closest[1], &c->weights[0], &c->weights[1],
                                   out->gjk.distance))
            return 0;
        out->proves = LANE_SEPARATED;
    } else {
        const LaneCertificate *c = &out->certificate;
        Vec pa[3], pb[3];
        RecheckWeights va[3], vb[3];
        Support simplex[3];
        int i, found;
        if (!c->has_pairs) return 0;
        for (i = 0; i < c->count; i++) {
            pa[i] = c->members[i][0];
            pb[i] = c->members[i][1];
            va[i].count = vb[i].count = 1;
            va[i].index[0] = c->pairs[i][0];
            vb[i].index[0] = c->pairs[i][1];
            va[i].weight[0] = vb[i].weight[0] = 1.0;
            simplex[i].w = c->points[i];
            simplex[i].a = pa[i];
            simplex[i].b = pb[i];
        }
        if (!enclosing_values_hold(a, b, c->count, c->points, pa, pb, va, vb, c->simplex_weights,
                                   c->residual, out->gjk.band))
            return 0;
        found = lane_encloses(simplex, c->count);
        if (found < 0) return 0;
        out->proves = found ? LANE_OVERLAPPING : 0;
    }
    return 1;
failed:
    if (ctx.error[0] != NULL) {
        /* a callback raised: the Python path meets it again, and says so */
        Py_CLEAR(ctx.error[0]);
        Py_CLEAR(ctx.error[1]);
        Py_CLEAR(ctx.error[2]);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* The record (render/json_record.py, render/record_form.py)            */
/* ------------------------------------------------------------------ */

/* The numbers of a record already written, with their text: a record writes many a
   number twice (a closest point as GJK's, the certificate's and Shapely's), and
   float.__repr__ is most of a record's cost. */
#define LANE_REMEMBERED 64

typedef struct {
    char *text;
    Py_ssize_t size, capacity;
    int failed; /* out of memory, or a number JSON cannot hold: no record */
    int remembered;
    uint64_t bits[LANE_REMEMBERED];
    char written[LANE_REMEMBERED][32];
} LaneText;

static void text_add(LaneText *t, const char *s, Py_ssize_t n)
{
    if (t->failed) return;
    if (t->size + n > t->capacity) {
        Py_ssize_t capacity = 2 * (t->size + n) + 256;
        char *grown = PyMem_Realloc(t->text, (size_t)capacity);
        if (grown == NULL) {
            t->failed = 1;
            return;
        }
        t->text = grown;
        t->capacity = capacity;
    }
    memcpy(t->text + t->size, s, (size_t)n);
    t->size += n;
}

static void text_put(LaneText *t, const char *s) { text_add(t, s, (Py_ssize_t)strlen(s)); }

/* NUMBER: float.__repr__ of x + 0.0 (never -0.0); a number that is not finite makes no
   record (the general way says where it is). */
static void text_number(LaneText *t, double x)
{
    char *repr;
    uint64_t bits;
    int k;
    if (!isfinite(x)) {
        t->failed = 1;
        return;
    }
    x = x + 0.0;
    memcpy(&bits, &x, sizeof bits);
    for (k = 0; k < t->remembered; k++) {
        if (t->bits[k] == bits) {
            text_put(t, t->written[k]);
            return;
        }
    }
    repr = PyOS_double_to_string(x, 'r', 0, Py_DTSF_ADD_DOT_0, NULL);
    if (repr == NULL) {
        PyErr_Clear();
        t->failed = 1;
        return;
    }
    text_put(t, repr);
    if (t->remembered < LANE_REMEMBERED && strlen(repr) < sizeof t->written[0]) {
        t->bits[t->remembered] = bits;
        strcpy(t->written[t->remembered], repr);
        t->remembered++;
    }
    PyMem_Free(repr);
}

static void text_count(LaneText *t, long long n)
{
    char digits[32];
    snprintf(digits, sizeof digits, "%lld", n);
    text_put(t, digits);
}

static void text_flag(LaneText *t, int flag) { text_put(t, flag ? "true" : "false"); }

/* POINT: [x, y] */
static void text_point(LaneText *t, Vec p)
{
    text_put(t, "[");
    text_number(t, p.x);
    text_put(t, ", ");
    text_number(t, p.y);
    text_put(t, "]");
}

/* two points: [[x, y], [x, y]] */
static void text_points(LaneText *t, Vec p, Vec q)
{
    text_put(t, "[");
    text_point(t, p);
    text_put(t, ", ");
    text_point(t, q);
    text_put(t, "]");
}

/* TEXT: a string as json.dumps writes it (ASCII); 0 where the lane does not write it here
   (a character beyond ASCII: json_text may mend it), the caller then gives up. */
static int text_string(LaneText *t, PyObject *string)
{
    Py_ssize_t n, i;
    const char *s;
    if (!PyUnicode_Check(string) || !PyUnicode_IS_ASCII(string)) return 0;
    s = PyUnicode_AsUTF8AndSize(string, &n);
    if (s == NULL) {
        PyErr_Clear();
        return 0;
    }
    text_put(t, "\"");
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char escape[8];
        switch (c) {
        case '"': text_put(t, "\\\""); break;
        case '\\': text_put(t, "\\\\"); break;
        case '\n': text_put(t, "\\n"); break;
        case '\r': text_put(t, "\\r"); break;
        case '\t': text_put(t, "\\t"); break;
        case '\b': text_put(t, "\\b"); break;
        case '\f': text_put(t, "\\f"); break;
        default:
            if (c < 0x20 || c > 0x7e) { /* json's ASCII escapes: all but ' ' to '~' */
                snprintf(escape, sizeof escape, "\\u%04x", c);
                text_put(t, escape);
            } else {
                text_add(t, (const char *)&s[i], 1);
            }
        }
    }
    text_put(t, "\"");
    return 1;
}

static const char *lane_status(int status) { return STATUS_NAMES[status]; }

/* gjk.certificate */
static void text_certificate(LaneText *t, const LaneCertificate *c)
{
    int i, j;
    if (c->kind == 1) {
        text_put(t, "{\"kind\": \"separating-axis\", \"axis\": ");
        text_point(t, c->axis);
        text_put(t, ", \"lower\": ");
        text_number(t, c->lower);
        text_put(t, ", \"upper\": ");
        text_number(t, c->upper);
        text_put(t, ", \"gap\": ");
        text_number(t, c->upper - c->lower);
        text_put(t, ", \"closest\": ");
        text_points(t, c->closest[0], c->closest[1]);
        text_put(t, ", \"weights\": {");
        for (j = 0; j < 2; j++) {
            text_put(t, j == 0 ? "\"a\": [" : ", \"b\": [");
            for (i = 0; i < c->weights[j].count; i++) {
                text_put(t, i ? ", [" : "[");
                text_count(t, (long long)c->weights[j].index[i]);
                text_put(t, ", ");
                text_number(t, c->weights[j].weight[i]);
                text_put(t, "]");
            }
            text_put(t, "]");
        }
        text_put(t, "}}");
        return;
    }
    text_put(t, "{\"kind\": \"enclosing-simplex\", \"points\": [");
    for (i = 0; i < c->count; i++) {
        if (i) text_put(t, ", ");
        text_point(t, c->points[i]);
    }
    text_put(t, "], \"weights\": [");
    for (i = 0; i < c->count; i++) {
        if (i) text_put(t, ", ");
        text_number(t, c->simplex_weights[i]);
    }
    text_put(t, "], \"members\": [");
    for (i = 0; i < c->count; i++) {
        if (i) text_put(t, ", ");
        text_points(t, c->members[i][0], c->members[i][1]);
    }
    text_put(t, "], \"pairs\": [");
    for (i = 0; i < c->count; i++) {
        text_put(t, i ? ", [" : "[");
        text_count(t, (long long)c->pairs[i][0]);
        text_put(t, ", ");
        text_count(t, (long long)c->pairs[i][1]);
        text_put(t, "]");
    }
    text_put(t, "], \"residual\": ");
    text_number(t, c->residual);
    text_put(t, "}");
}

/* What Shapely and the exact arbiter said of one pair (gjkcli/batch/lane.py). */
typedef struct {
    int intersects, touches;
    double distance;
    int has_closest;
    Vec closest[2];
    int has_depth;
    double depth;
    int exact; /* the exact verdict's code; 0: the filter left it undecided */
    double exact_distance;
} LaneReferees;

/* verify/check.py's _compare, for a pair the lane answered: 1 when nothing disagrees and
   there is no warning (the record says "pass" with empty lists), else 0. */
static int lane_agrees(const LaneAnswer *answer, const LaneReferees *r, double scale,
                       double *tolerance, double *depth_tolerance)
{
    const DistanceAnswer *gjk = &answer->gjk;
    int shapely_verdict = !r->intersects ? LANE_SEPARATED
                          : r->touches   ? LANE_TOUCHING
                                         : LANE_OVERLAPPING;
    double allowance = LK.agreement_relative * (1.0 + scale) + 0.0;
    double epa_error = answer->has_penetration ? answer->penetration.error : 0.0;
    *tolerance = LK.agreement_relative * (1.0 + scale) + 0.0; /* no curve error */
    *depth_tolerance = LK.agreement_relative * (1.0 + scale) + (0.0 + epa_error);
    /* triage and the verdicts: GJK, Shapely and the exact arbiter all say the same */
    if (r->exact == 0 || answer->verdict != r->exact || shapely_verdict != r->exact) return 0;
    /* off_the_proof: Shapely's distance within the bounds the axis proves */
    if (answer->proves == LANE_SEPARATED &&
        !(answer->certificate.lower - allowance <= r->distance &&
          r->distance <= answer->certificate.upper + *tolerance))
        return 0;
    /* _against_exact */
    if (fabs(gjk->distance - r->exact_distance) > allowance) return 0;
    /* _depth */
    if (answer->has_penetration) {
        double depth = answer->penetration.depth;
        if (!r->has_depth) {
            if (!(depth <= *depth_tolerance)) return 0;
        } else {
            double excess = depth - r->depth;
            if (!(excess <= *depth_tolerance && -excess <= allowance)) return 0;
        }
    }
    /* _boolean */
    if (answer->boolean.intersects != gjk->intersects) {
        double margin = answer->has_penetration ? answer->penetration.depth : gjk->raw_distance;
        if (!(margin <= allowance)) return 0;
    }
    /* strict_warnings */
    if (gjk->status == ST_MAX || gjk->status == ST_DEGENERATE) return 0;
    if (answer->boolean.status == ST_MAX || answer->boolean.status == ST_DEGENERATE) return 0;
    if (answer->has_penetration && answer->penetration.status == ST_MAX) return 0;
    if (answer->certificate.kind == 1 &&
        answer->certificate.upper - answer->certificate.lower > allowance)
        return 0;
    return 1;
}

/* verify/expect.py's check_expect for a pair the lane answered (the reference proven
   exactly: the exact verdict and distance, and EPA's depth), with the keys the scanner
   takes (intersects, verdict, distance, depth and the pair's own tolerance): 1 when every
   stated value holds, with *tolerance the one they were held to; 0 when one fails (the
   general path words it). `expect` is the scanner's row: its keys, then the values. */
static int lane_expectation_holds(const double *expect, const LaneAnswer *answer,
                                  const LaneReferees *r, double scale, double rtol, double atol,
                                  double *tolerance)
{
    int keys = (int)expect[0], truth = r->exact;
    double distance = r->exact_distance, depth, signed_distance;
    *tolerance = keys & EXPECT_TOLERANCE ? expect[4] : atol + rtol * scale;
    depth = truth == LANE_SEPARATED || !answer->has_penetration ? 0.0 : answer->penetration.depth;
    signed_distance = truth == LANE_SEPARATED ? distance : -depth;
    if (keys & EXPECT_INTERSECTS) {
        int stated = expect[1] != 0.0;
        if (stated != (truth != LANE_SEPARATED) && !(stated && distance <= *tolerance)) return 0;
    }
    if (keys & EXPECT_VERDICT) {
        int stated = (int)expect[5];
        if (stated != truth &&
            !(stated == LANE_TOUCHING && fabs(signed_distance) <= *tolerance) &&
            !(stated == LANE_OVERLAPPING && signed_distance <= *tolerance))
            return 0;
    }
    if (keys & EXPECT_DISTANCE && !(fabs(expect[2] - distance) <= *tolerance)) return 0;
    if (keys & EXPECT_DEPTH && !(fabs(expect[3] - depth) <= *tolerance)) return 0;
    return 1;
}

/* The record of a pair the lane answered: 1 written, 0 not (the caller gives up). */
static int lane_record(LaneText *t, PyObject *name, PyObject *file, long long line,
                       const LaneAnswer *answer, const LaneReferees *r, PyObject *squared,
                       double scale, double tolerance, double depth_tolerance,
                       const double *expect_tolerance)
{
    const DistanceAnswer *gjk = &answer->gjk;
    const char *verdict = VERDICT_NAMES[r->exact];
    text_put(t, "{\"schema\": 2, \"name\": ");
    if (!text_string(t, name)) return 0;
    text_put(t, ", \"source\": {\"file\": ");
    if (!text_string(t, file)) return 0;
    text_put(t, ", \"line\": ");
    text_count(t, line);
    text_put(t, "}, \"status\": \"pass\", \"reasons\": [], \"verdict\": \"");
    text_put(t, verdict);
    text_put(t, "\", \"verdict_source\": \"exact\", \"gjk\": {\"intersects\": ");
    text_flag(t, gjk->intersects);
    text_put(t, ", \"distance\": ");
    text_number(t, gjk->distance);
    text_put(t, ", \"closest\": ");
    if (gjk->has_closest) {
        text_points(t, gjk->closest[0], gjk->closest[1]);
    } else {
        text_put(t, "null");
    }
    text_put(t, ", \"penetration\": ");
    if (answer->has_penetration) {
        const PenetrationAnswer *p = &answer->penetration;
        text_put(t, "{\"depth\": ");
        text_number(t, p->depth);
        text_put(t, ", \"normal\": ");
        text_point(t, p->normal);
        text_put(t, ", \"contact\": ");
        text_points(t, p->contact[0], p->contact[1]);
        text_put(t, ", \"error\": ");
        text_number(t, p->error);
        text_put(t, ", \"iterations\": ");
        text_count(t, p->iterations);
        text_put(t, ", \"status\": \"");
        text_put(t, lane_status(p->status));
        text_put(t, "\"}");
    } else {
        text_put(t, "null");
    }
    text_put(t, ", \"penetration_reason\": null, \"parts\": null, \"verdict\": \"");
    text_put(t, VERDICT_NAMES[answer->verdict]);
    text_put(t, "\", \"verdict_tolerance\": ");
    text_number(t, answer->verdict_tolerance);
    text_put(t, ", \"certificate\": ");
    text_certificate(t, &answer->certificate);
    text_put(t, ", \"certificate_check\": {\"ok\": true, \"problems\": [], \"proves\": ");
    text_put(t, answer->proves ? (answer->proves == LANE_SEPARATED ? "\"separated\""
                                                                   : "\"overlapping\"")
                               : "null");
    text_put(t, "}, \"iterations\": ");
    text_count(t, gjk->iterations);
    text_put(t, ", \"status\": \"");
    text_put(t, lane_status(gjk->status));
    text_put(t, "\", \"boolean\": {\"intersects\": ");
    text_flag(t, answer->boolean.intersects);
    text_put(t, ", \"iterations\": ");
    text_count(t, answer->boolean.iterations);
    text_put(t, ", \"status\": \"");
    text_put(t, lane_status(answer->boolean.status));
    text_put(t, "\"}}, \"shapely\": {\"intersects\": ");
    text_flag(t, r->intersects);
    text_put(t, ", \"distance\": ");
    text_number(t, r->distance);
    text_put(t, ", \"closest\": ");
    if (r->has_closest) {
        text_points(t, r->closest[0], r->closest[1]);
    } else {
        text_put(t, "null");
    }
    text_put(t, ", \"verdict\": \"");
    text_put(t, VERDICT_NAMES[r->exact]); /* Shapely's, the same (lane_agrees) */
    text_put(t, "\", \"approximation_error\": 0.0, \"penetration\": ");
    if (r->has_depth) {
        text_number(t, r->depth);
    } else {
        text_put(t, "null");
    }
    text_put(t, ", \"penetration_error\": 0.0, \"unavailable\": null, "
                "\"penetration_unavailable\": null}, \"exact\": {\"verdict\": \"");
    text_put(t, verdict);
    text_put(t, "\", \"distance_squared\": ");
    if (!text_string(t, squared)) return 0;
    text_put(t, ", \"distance\": ");
    text_number(t, r->exact_distance);
    text_put(t, "}, \"tolerance\": ");
    text_number(t, tolerance);
    text_put(t, ", \"tolerances\": {\"scale\": ");
    text_number(t, scale);
    text_put(t, ", \"depth\": ");
    text_number(t, depth_tolerance);
    text_put(t, ", \"touch_band\": ");
    text_number(t, gjk->band);
    text_put(t, "}, \"agree\": true, \"disagreements\": [], \"triage\": [], \"warnings\": [], "
                "\"notes\": [], \"expect\": ");
    if (expect_tolerance == NULL) {
        text_put(t, "null");
    } else {
        text_put(t, "{\"ok\": true, \"failures\": [], \"tolerance\": ");
        text_number(t, *expect_tolerance);
        text_put(t, "}");
    }
    text_put(t, ", \"error\": null}");
    return !t->failed;
}

/* tolerances.coordinate_scale(shape_bounds(polygon)): max(abs(minx), abs(miny), abs(maxx),
   abs(maxy)). */
static double lane_scale(const Shape *s)
{
    double minx = s->xy[0], miny = s->xy[1], maxx = s->xy[0], maxy = s->xy[1];
    Py_ssize_t i;
    for (i = 1; i < s->count; i++) {
        double x = s->xy[2 * i], y = s->xy[2 * i + 1];
        if (x < minx) minx = x;
        if (y < miny) miny = y;
        if (x > maxx) maxx = x;
        if (y > maxy) maxy = y;
    }
    return py_max(py_max(py_max(fabs(minx), fabs(miny)), fabs(maxx)), fabs(maxy));
}

/* ------------------------------------------------------------------ */
/* The module functions                                                 */
/* ------------------------------------------------------------------ */

/* Whether this build's lane answers at all: its float sums are Python's before 3.12, which
   sums floats with compensation (gjkcli/batch/lane.py does not call it otherwise). */
#define LANE_PORTED (PY_VERSION_HEX < 0x030C0000)

static PyObject *engine_lane_configure(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 2 || !exact_float(args[0], &LK.agreement_relative) ||
        !exact_float(args[1], &LK.min_size)) {
        PyErr_SetString(PyExc_TypeError, "lane_configure(agreement_relative, min_size)");
        return NULL;
    }
    LK.ready = 1;
    Py_RETURN_NONE;
}

/* A contiguous buffer of n items of `size` bytes whose format is one of `formats`. */
static int lane_buffer(PyObject *obj, Py_buffer *view, const char *formats, Py_ssize_t size,
                       Py_ssize_t n, const char *what)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return 0;
    if (view->itemsize != size || view->len != n * size || view->format == NULL ||
        strchr(formats, view->format[view->format[0] == '<' || view->format[0] == '=' ? 1 : 0]) ==
            NULL) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "lane_records: %s has the wrong type or length", what);
        return 0;
    }
    return 1;
}

#define LANE_BUFFERS 11

/* lane_records(xy, counts, names, files, lines, intersects, touches, distance, closest,
   depth, exact, exact_distance, squared, expects, rtol, atol): each pair's record, or None.

   xy: float64, the vertices of every shape end to end (x, y in turn); counts: int64, two
   per pair (A's vertices, then B's); names, files: lists of str; lines: int64; Shapely's
   answers: intersects and touches (uint8), distance (float64), closest (float64, four
   per pair: NaN where there are none), depth (float64, NaN where there is none); the
   exact arbiter's: exact (uint8: 0 undecided, else the verdict's code), exact_distance
   (float64), squared (a list of the distance squared as "p/q" text); expects (float64, six
   per pair: scan_polygons's rows) and the run's rtol and atol (verify/expect.py's
   ExpectSettings) for the pairs' expectations. */
static PyObject *engine_lane_records(PyObject *self, PyObject *args)
{
    PyObject *objects[LANE_BUFFERS], *names, *files, *squared, *result = NULL;
    Py_buffer views[LANE_BUFFERS];
    int taken = 0, i;
    Py_ssize_t n, k, total = 0, start = 0;
    const char *formats[LANE_BUFFERS] = {"d", "ql", "ql", "B?", "B?", "d",
                                         "d", "d",  "B?", "d",  "d"};
    Py_ssize_t sizes[LANE_BUFFERS] = {8, 8, 8, 1, 1, 8, 8, 8, 1, 8, 8};
    const char *what[LANE_BUFFERS] = {"xy",      "counts",  "lines", "intersects",
                                      "touches", "distance", "closest", "depth",
                                      "exact",   "exact_distance", "expects"};
    double rtol, atol;
    LaneText text;
    (void)self;
    memset(&text, 0, sizeof text);
    if (!PyArg_ParseTuple(args, "OOO!O!OOOOOOOOO!Odd", &objects[0], &objects[1], &PyList_Type,
                          &names, &PyList_Type, &files, &objects[2], &objects[3], &objects[4],
                          &objects[5], &objects[6], &objects[7], &objects[8], &objects[9],
                          &PyList_Type, &squared, &objects[10], &rtol, &atol))
        return NULL;
    if (!K.ready || !RK.ready || !LK.ready) {
        PyErr_SetString(PyExc_RuntimeError, "gjkcli._engine's lane is not configured");
        return NULL;
    }
    n = PyList_GET_SIZE(names);
    if (PyList_GET_SIZE(files) != n || PyList_GET_SIZE(squared) != n) {
        PyErr_SetString(PyExc_ValueError, "lane_records: names, files and squared differ in length");
        return NULL;
    }
    /* counts first: the number of vertices gives xy's length */
    if (!lane_buffer(objects[1], &views[1], formats[1], 8, 2 * n, what[1])) return NULL;
    taken = 1;
    for (k = 0; k < 2 * n; k++) {
        long long c = ((const long long *)views[1].buf)[k];
        if (c < 1 || c > SCAN_MOST_POINTS) {
            PyErr_SetString(PyExc_ValueError, "lane_records: a shape's count is out of range");
            goto done;
        }
        total += (Py_ssize_t)c;
    }
    {
        Py_ssize_t lengths[LANE_BUFFERS] = {2 * total, 2 * n, n, n, n, n, 4 * n, n, n, n, 6 * n};
        for (i = 0; i < LANE_BUFFERS; i++) {
            if (i == 1) continue;
            if (!lane_buffer(objects[i], &views[i], formats[i], sizes[i], lengths[i], what[i]))
                goto done;
            taken |= 1 << i;
        }
    }
    result = PyList_New(n);
    if (result == NULL) goto done;
    {
        const double *xy = views[0].buf, *distance = views[5].buf, *closest = views[6].buf,
                     *depth = views[7].buf, *exact_distance = views[9].buf,
                     *expects = views[10].buf;
        const long long *counts = views[1].buf, *lines = views[2].buf;
        const unsigned char *intersects = views[3].buf, *touches = views[4].buf,
                            *exact = views[8].buf;
        for (k = 0; k < n; k++) {
            Shape a, b;
            LaneAnswer answer;
            LaneReferees r;
            PyObject *record = NULL;
            double scale, tolerance, depth_tolerance;
            memset(&a, 0, sizeof a);
            memset(&b, 0, sizeof b);
            a.kind = b.kind = POLYTOPE;
            a.count = (Py_ssize_t)counts[2 * k];
            a.xy = &xy[2 * start];
            b.count = (Py_ssize_t)counts[2 * k + 1];
            b.xy = &xy[2 * (start + a.count)];
            start += a.count + b.count;
            r.intersects = intersects[k] != 0;
            r.touches = touches[k] != 0;
            r.distance = distance[k];
            r.has_closest = !isnan(closest[4 * k]);
            r.closest[0].x = closest[4 * k];
            r.closest[0].y = closest[4 * k + 1];
            r.closest[1].x = closest[4 * k + 2];
            r.closest[1].y = closest[4 * k + 3];
            r.has_depth = !isnan(depth[k]);
            r.depth = depth[k];
            r.exact = exact[k] <= LANE_OVERLAPPING ? exact[k] : 0;
            r.exact_distance = exact_distance[k];
            memset(&answer, 0, sizeof answer);
#if LANE_PORTED
            if (r.exact != 0 && lane_solve(&a, &b, &answer)) {
                scale = py_max(lane_scale(&a), lane_scale(&b));
                const double *expect = &expects[6 * k];
                double expect_tolerance = 0.0;
                int stated = expect[0] != 0.0;
                if (lane_agrees(&answer, &r, scale, &tolerance, &depth_tolerance) &&
                    (!stated || lane_expectation_holds(expect, &answer, &r, scale, rtol, atol,
                                                       &expect_tolerance))) {
                    text.size = 0;
                    text.failed = 0;
                    text.remembered = 0;
                    if (lane_record(&text, PyList_GET_ITEM(names, k), PyList_GET_ITEM(files, k),
                                    lines[k], &answer, &r, PyList_GET_ITEM(squared, k), scale,
                                    tolerance, depth_tolerance,
                                    stated ? &expect_tolerance : NULL)) {
                        record = PyUnicode_FromStringAndSize(text.text, text.size);
                        if (record == NULL) {
                            Py_CLEAR(result);
                            goto done;
                        }
                    }
                }
            }
#endif
            if (PyErr_Occurred()) {
                Py_CLEAR(result);
                goto done;
            }
            if (record == NULL) {
                Py_INCREF(Py_None);
                record = Py_None;
            }
            PyList_SET_ITEM(result, k, record);
        }
    }
done:
    for (i = 0; i < LANE_BUFFERS; i++) {
        if (taken & (1 << i)) PyBuffer_Release(&views[i]);
    }
    PyMem_Free(text.text);
    return result;
}
