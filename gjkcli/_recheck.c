/*
 * The certificate re-check for two convex shapes, compiled: included by _engine.c.
 *
 * gjkcli/verify/certificates.py is the reference. For the common case, two shapes
 * that are polytopes, or rounded or transformed shapes of them in any nesting
 * (circles, capsules, ellipses, rounded polygons, margins), with a SeparatingAxis or
 * an EnclosingSimplex certificate, this file decides one thing: whether
 * check_certificate finds no problem at all. It mirrors, line by line,
 * _separating_axis_problems, _enclosing_problems, membership_problems (by weights, for
 * polytopes; by support lines, without weights), _weighted_sums, _bracket and
 * _not_finite, and what they call (bounds.reach, bounds.separation with its
 * _reach_along, bounds.rounding_bound, bounds.membership_slack,
 * certificate.named_point, dyadic.longer_than_one): the same IEEE operations in the
 * same order, math.hypot as CPython computes it (gjk_hypot), and Python's sum as it
 * adds floats, so that every comparison comes out as the Python's does.
 *
 * Each function answers 1, "no problem" (the Python then builds the passing
 * CertificateCheck and what it proves), or 0, "a problem, or not sure" (the
 * Python then runs the reference and writes the problems as it always did).
 * So the messages stay in the Python, and this file may give up whenever it
 * meets anything unusual: a shape of another kind, a number that is not a float
 * or not finite, a field of another type or length, vertex pairs or weights
 * named on a shape that is not a polygon, a vertex number out of range, more
 * weights than a closest point on a polygon needs, a separation whose sign the
 * rounding hides (the Python decides it in rational arithmetic), a Python other
 * than 3.10 or 3.11 (3.12 sums floats with compensation). It never calls the GJK,
 * EPA or simplex code: the re-check stays independent of the code that made the
 * certificate, sharing only the hypot, the reading of the shapes, their support
 * functions (the shapes' own, as the Python's re-check uses the shapes' own) and
 * bounds.reach.
 */

/* The most directions of a curved shape's support lines (CERTIFICATE_DIRECTIONS). */
#define RECHECK_MOST_LINES 1024

/* tolerances.CERTIFICATE_ROUNDING and CERTIFICATE_RELATIVE, and the directions of the
   support lines (bounds.SUPPORT_DIRECTIONS), copied once by recheck_configure() */
static struct {
    double rounding;
    double relative;
    double smallest; /* 2**-450: a square and its rounding error stay clear of underflow */
    Vec lines[RECHECK_MOST_LINES];
    Py_ssize_t line_count;
    int ready;
} RK;

static PyObject *s_axis, *s_lower, *s_upper, *s_weights_a, *s_weights_b, *s_points, *s_members,
    *s_pairs, *s_weights, *s_residual;

/* The most weights a closest point on a polygon has (a vertex or an edge): named_point's
   short path. More go to the Python (fsum). */
#define RECHECK_MAX_WEIGHTS 2

typedef struct {
    Py_ssize_t index[RECHECK_MAX_WEIGHTS];
    double weight[RECHECK_MAX_WEIGHTS];
    int count;
} RecheckWeights;

/* ------------------------------------------------------------------ */
/* Reading the certificate: 1 read, 0 not as the common case has it     */
/* ------------------------------------------------------------------ */

/* A finite exact float (the Python's _not_finite rejects the others; ints go to it). */
static int finite_float(PyObject *obj, double *out)
{
    return exact_float(obj, out) && isfinite(*out);
}

/* A tuple of exactly two finite floats. */
static int finite_vec(PyObject *obj, Vec *out)
{
    double xy[2];
    if (!float_tuple(obj, xy, 2) || !isfinite(xy[0]) || !isfinite(xy[1])) return 0;
    out->x = xy[0];
    out->y = xy[1];
    return 1;
}

/* A vertex number: an exact int (not a bool), in range for count vertices. */
static int vertex_number(PyObject *obj, Py_ssize_t count, Py_ssize_t *out)
{
    Py_ssize_t index;
    if (!PyLong_CheckExact(obj)) return 0;
    index = PyLong_AsSsize_t(obj);
    if (index == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    *out = index;
    return 0 <= index && index < count;
}

/* Vertex weights ((index, weight), ...): one or two of them, indices in range, weights
   finite floats. */
static int read_weights(PyObject *obj, Py_ssize_t count, RecheckWeights *out)
{
    Py_ssize_t n, k;
    if (!PyTuple_CheckExact(obj)) return 0;
    n = PyTuple_GET_SIZE(obj);
    if (n < 1 || n > RECHECK_MAX_WEIGHTS) return 0;
    for (k = 0; k < n; k++) {
        PyObject *item = PyTuple_GET_ITEM(obj, k);
        if (!PyTuple_CheckExact(item) || PyTuple_GET_SIZE(item) != 2) return 0;
        if (!vertex_number(PyTuple_GET_ITEM(item, 0), count, &out->index[k])) return 0;
        if (!finite_float(PyTuple_GET_ITEM(item, 1), &out->weight[k])) return 0;
    }
    out->count = (int)n;
    return 1;
}

/* obj.name, as a new reference; NULL (and no error set) when it is missing. */
static PyObject *field(PyObject *obj, PyObject *name)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    if (value == NULL) PyErr_Clear();
    return value;
}

static int float_field(PyObject *obj, PyObject *name, double *out)
{
    PyObject *value = field(obj, name);
    int ok = value != NULL && finite_float(value, out);
    Py_XDECREF(value);
    return ok;
}

static int vec_field(PyObject *obj, PyObject *name, Vec *out)
{
    PyObject *value = field(obj, name);
    int ok = value != NULL && finite_vec(value, out);
    Py_XDECREF(value);
    return ok;
}

/* Vertex weights as read_weights reads them, or None (count 0: the point is checked by
   the shape's support lines). */
static int weights_field(PyObject *obj, PyObject *name, Py_ssize_t count, RecheckWeights *out)
{
    PyObject *value = field(obj, name);
    int ok = value != NULL && (value == Py_None || read_weights(value, count, out));
    if (value == Py_None) out->count = 0;
    Py_XDECREF(value);
    return ok;
}

/* ------------------------------------------------------------------ */
/* The arithmetic of bounds.py, certificate.py and dyadic.py             */
/* ------------------------------------------------------------------ */

/* bounds.rounding_bound(*sizes): _R * sum(map(abs, sizes)) + _TINY, the sum in order. */
static double rounding_bound(const double *sizes, int n)
{
    double total = 0.0;
    int i;
    for (i = 0; i < n; i++) total += fabs(sizes[i]);
    return RK.rounding * total + DBL_MIN;
}

static double rounding_bound1(double a) { return rounding_bound(&a, 1); }

static double rounding_bound2(double a, double b)
{
    double sizes[2] = {a, b};
    return rounding_bound(sizes, 2);
}

static double rounding_bound3(double a, double b, double c)
{
    double sizes[3] = {a, b, c};
    return rounding_bound(sizes, 3);
}

/* bounds._polytope: the greatest d.v over the vertices, as computed and bounded. */
static void polytope_along(const Shape *s, double dx, double dy, double *value, double *bound)
{
    double best = -INFINITY, top_best = -INFINITY, px, py, along, top;
    Py_ssize_t i;
    for (i = 0; i < s->count; i++) {
        px = s->xy[2 * i] * dx;
        py = s->xy[2 * i + 1] * dy;
        along = px + py;
        top = along + RK.rounding * (fabs(px) + fabs(py));
        best = along > best ? along : best;
        top_best = top > top_best ? top : top_best;
    }
    *value = best;
    *bound = top_best + DBL_MIN;
}

static void shape_along(const Shape *s, double dx, double dy, double *value, double *bound);

/* bounds._box_size: the largest |x| and |y| over a shape, from its bounds along the axes. */
static void box_size(const Shape *s, double *size_x, double *size_y)
{
    double sizes[4], value;
    shape_along(s, 1.0, 0.0, &value, &sizes[0]);
    shape_along(s, -1.0, 0.0, &value, &sizes[1]);
    shape_along(s, 0.0, 1.0, &value, &sizes[2]);
    shape_along(s, 0.0, -1.0, &value, &sizes[3]);
    *size_x = py_max(fabs(sizes[0]), fabs(sizes[1]));
    *size_y = py_max(fabs(sizes[2]), fabs(sizes[3]));
}

/* bounds._reach_along: the greatest d.p over a polytope, a rounded or a transformed shape
   (_polytope, the rounded case, _transformed), as computed and bounded. */
static void shape_along(const Shape *s, double dx, double dy, double *value, double *bound)
{
    if (s->kind == POLYTOPE) {
        polytope_along(s, dx, dy, value, bound);
    } else if (s->kind == ROUNDED) {
        double core_value, core_bound, push, b;
        shape_along(s->inner, dx, dy, &core_value, &core_bound);
        push = s->radius * gjk_hypot(dx, dy);
        b = core_bound + push * (1.0 + RK.rounding);
        *value = core_value + push;
        *bound = b + RK.rounding * fabs(b) + DBL_MIN;
    } else {
        const double *m = s->m;
        double tx = s->t[0], ty = s->t[1], slack_x, slack_y, inner_value, inner_bound;
        double size_x, size_y, shift, b;
        slack_x = RK.rounding * (fabs(m[0] * dx) + fabs(m[2] * dy));
        slack_y = RK.rounding * (fabs(m[1] * dx) + fabs(m[3] * dy));
        shape_along(s->inner, m[0] * dx + m[2] * dy, m[1] * dx + m[3] * dy, &inner_value,
                    &inner_bound);
        box_size(s->inner, &size_x, &size_y);
        shift = dx * tx + dy * ty;
        *value = inner_value + shift;
        b = inner_bound + slack_x * size_x + slack_y * size_y + shift;
        b += RK.rounding * (fabs(dx * tx) + fabs(dy * ty) + fabs(inner_bound) + fabs(b)) + DBL_MIN;
        *bound = b;
    }
}

/* bounds.separation(a, b, n).lower: 1 and *lower set when the float bound settles it; 0
   when the Python would compute it again exactly. */
static int separation_lower(const Shape *a, const Shape *b, double nx, double ny, double *lower)
{
    double high_a, high_a_bound, low_b, low_b_bound, value, bound;
    shape_along(a, nx, ny, &high_a, &high_a_bound);
    shape_along(b, -nx, -ny, &low_b, &low_b_bound);
    value = -low_b - high_a;
    bound = -low_b_bound - high_a_bound;
    bound -= RK.rounding * (fabs(low_b_bound) + fabs(high_a_bound)) + DBL_MIN;
    if (!(bound > 0.0 || !(value > 0.0))) return 0;
    *lower = bound;
    return 1;
}

/* Knuth's two-sum: a + b = *sum + *error exactly (no overflow here: |terms| <= 4). */
static void two_sum(double a, double b, double *sum, double *error)
{
    double s = a + b, bb = s - a;
    *sum = s;
    *error = (a - (s - bb)) + (b - bb);
}

/* The sign of the exact sum of n <= 5 floats, by Shewchuk's growing expansion: its
   components do not overlap, so the largest one not zero has the sum's sign. */
static int exact_sign(const double *terms, int n)
{
    double e[5], q, sum, error;
    int m = 0, i, j;
    for (i = 0; i < n && i < 5; i++) {
        q = terms[i];
        for (j = 0; j < m; j++) {
            two_sum(q, e[j], &sum, &error);
            e[j] = error;
            q = sum;
        }
        e[m++] = q;
    }
    for (j = m - 1; j >= 0; j--) {
        if (e[j] != 0.0) return e[j] > 0.0 ? 1 : -1;
    }
    return 0;
}

/* dyadic.longer_than_one: x*x + y*y > 1 exactly. 1 longer, 0 not, -1 not decided here
   (a component so small that its square's rounding error underflows). */
static int longer_than_one(double x, double y)
{
    DoubleLength xx, yy;
    double terms[5];
    if (fabs(x) > 2.0 || fabs(y) > 2.0) return 1;
    if ((x != 0.0 && fabs(x) < RK.smallest) || (y != 0.0 && fabs(y) < RK.smallest)) return -1;
    xx = two_product(x, x);
    yy = two_product(y, y);
    terms[0] = -1.0;
    terms[1] = xx.hi;
    terms[2] = xx.lo;
    terms[3] = yy.hi;
    terms[4] = yy.lo;
    return exact_sign(terms, 5) > 0;
}

/* certificate._few_named: sum w_i v_i / sum w_i for one or two weights; 0 where the Python
   takes fsum's way (sums not finite). */
static int named_point(const Shape *s, const RecheckWeights *w, Vec *out)
{
    double total, sum_x, sum_y;
    const double *p = &s->xy[2 * w->index[0]];
    if (w->count == 1) {
        total = w->weight[0] + 0.0;
        sum_x = w->weight[0] * p[0] + 0.0;
        sum_y = w->weight[0] * p[1] + 0.0;
    } else {
        const double *q = &s->xy[2 * w->index[1]];
        total = w->weight[0] + w->weight[1] + 0.0;
        sum_x = w->weight[0] * p[0] + w->weight[1] * q[0] + 0.0;
        sum_y = w->weight[0] * p[1] + w->weight[1] * q[1] + 0.0;
    }
    if (!(isfinite(total) && isfinite(sum_x) && isfinite(sum_y)) || total == 0.0) return 0;
    out->x = sum_x / total;
    out->y = sum_y / total;
    return 1;
}

/* ------------------------------------------------------------------ */
/* certificates.py                                                      */
/* ------------------------------------------------------------------ */

/* membership_problems by weights, for a polytope, is empty: the weights (indices already
   in range) are not negative, sum to 1, and name the point. _weighted_sums's four sums,
   each a sum of its terms in order. */
static int member_by_weights(const Shape *s, Vec point, const RecheckWeights *w)
{
    double total = 0.0, wx = 0.0, wy = 0.0, size = 0.0, weight, x, y;
    int k;
    for (k = 0; k < w->count; k++) {
        weight = w->weight[k];
        if (!(weight >= 0.0)) return 0;
        x = s->xy[2 * w->index[k]];
        y = s->xy[2 * w->index[k] + 1];
        total += weight;
        wx += weight * x;
        wy += weight * y;
        size += fabs(weight) * (fabs(x) + fabs(y));
    }
    if (!(fabs(total - 1.0) <= RK.relative)) return 0;
    return gjk_hypot(wx - point.x, wy - point.y) <=
           rounding_bound2(size, fabs(point.x) + fabs(point.y));
}

/* membership_problems by support lines is empty: the point lies behind the shape's support
   line along `also` (when given) and along each of the configured directions, within
   membership_slack (the heights n . s(n), the shapes' support functions as the engine's). */
static int member_by_lines(const Shape *s, Vec point, const Vec *also)
{
    double slack = rounding_bound2(2.0 * reach(s), fabs(point.x) + fabs(point.y));
    Py_ssize_t k;
    for (k = also == NULL ? 0 : -1; k < RK.line_count; k++) {
        Vec n = k < 0 ? *also : RK.lines[k], top = support(s, n.x, n.y);
        if (!(n.x * point.x + n.y * point.y <= n.x * top.x + n.y * top.y + slack)) return 0;
    }
    return 1;
}

/* membership_problems is empty, and the point a bound relies on (named_point): by the
   weights over a polygon's vertices, or without weights by the support lines (the point
   itself). Weights on a shape other than a polygon go to the Python. */
static int member(const Shape *s, Vec point, const RecheckWeights *w, const Vec *also, Vec *named)
{
    if (w->count == 0) {
        *named = point;
        return member_by_lines(s, point, also);
    }
    return s->kind == POLYTOPE && member_by_weights(s, point, w) && named_point(s, w, named);
}

/* _bracket is empty: lower <= upper, lower <= distance <= upper. */
static int brackets(double lower, double upper, double distance)
{
    return lower <= upper && lower <= distance && distance <= upper;
}

/* _separating_axis_problems is empty (every number already read finite). */
static int separating_axis_holds(const Shape *a, const Shape *b, Vec n, double lower,
                                 double upper, Vec closest_a, Vec closest_b,
                                 const RecheckWeights *weights_a,
                                 const RecheckWeights *weights_b, double distance)
{
    double length = gjk_hypot(n.x, n.y), reach_a, reach_b, proven, gap;
    Vec point_a, point_b, back = {-n.x, -n.y};
    if (!(fabs(length - 1.0) <= RK.relative)) return 0;
    if (longer_than_one(n.x, n.y) != 0) return 0;
    reach_a = reach(a);
    reach_b = reach(b);
    if (!separation_lower(a, b, n.x, n.y, &proven)) return 0;
    if (!(lower <= proven) || !(lower > 0.0)) return 0;
    if (!member(a, closest_a, weights_a, &n, &point_a)) return 0;
    if (!member(b, closest_b, weights_b, &back, &point_b)) return 0;
    gap = gjk_hypot(point_b.x - point_a.x, point_b.y - point_a.y);
    if (!(upper >= gap + rounding_bound3(reach_a, reach_b, gap))) return 0;
    return brackets(lower, upper, distance);
}

/* One point of an enclosing simplex holds: it is the difference of its members, and each
   member is the vertex its pair names (membership by the weight 1.0), or without pairs
   (count 0) lies behind its shape's support lines. */
static int enclosing_point_holds(const Shape *a, const Shape *b, Vec p, Vec pa, Vec pb,
                                 const RecheckWeights *vertex_a, const RecheckWeights *vertex_b)
{
    double size = fabs(pa.x) + fabs(pa.y) + fabs(pb.x) + fabs(pb.y);
    Vec named;
    if (!(gjk_hypot(p.x - (pa.x - pb.x), p.y - (pa.y - pb.y)) <= rounding_bound1(size))) return 0;
    return member(a, pa, vertex_a, NULL, &named) && member(b, pb, vertex_b, NULL, &named);
}

/* point k of the simplex: its point, members and vertex pair, read. */
static int read_enclosing_point(PyObject *points, PyObject *members, PyObject *pairs,
                                Py_ssize_t k, const Shape *a, const Shape *b, Vec *p, Vec *pa,
                                Vec *pb, RecheckWeights *vertex_a, RecheckWeights *vertex_b)
{
    PyObject *member = PyTuple_GET_ITEM(members, k), *pair;
    if (!finite_vec(PyTuple_GET_ITEM(points, k), p)) return 0;
    if (!PyTuple_CheckExact(member) || PyTuple_GET_SIZE(member) != 2) return 0;
    if (!finite_vec(PyTuple_GET_ITEM(member, 0), pa)) return 0;
    if (!finite_vec(PyTuple_GET_ITEM(member, 1), pb)) return 0;
    if (pairs == Py_None) { /* no vertices named: each member by its shape's support lines */
        vertex_a->count = vertex_b->count = 0;
        return 1;
    }
    pair = PyTuple_GET_ITEM(pairs, k);
    if (!PyTuple_CheckExact(pair) || PyTuple_GET_SIZE(pair) != 2) return 0;
    if (a->kind != POLYTOPE || b->kind != POLYTOPE) return 0; /* the Python's lines: not here */
    if (!vertex_number(PyTuple_GET_ITEM(pair, 0), a->count, &vertex_a->index[0])) return 0;
    if (!vertex_number(PyTuple_GET_ITEM(pair, 1), b->count, &vertex_b->index[0])) return 0;
    vertex_a->weight[0] = vertex_b->weight[0] = 1.0;
    vertex_a->count = vertex_b->count = 1;
    return 1;
}

/* _enclosing_problems is empty, for n points read (their weights already read finite). */
static int enclosing_values_hold(const Shape *a, const Shape *b, Py_ssize_t n, const Vec *points,
                                 const Vec *members_a, const Vec *members_b,
                                 const RecheckWeights *vertex_a, const RecheckWeights *vertex_b,
                                 const double *weights, double claimed, double band)
{
    Py_ssize_t k;
    double total = 0.0, sx = 0.0, sy = 0.0, sizes = 0.0, w, residual, slack;
    Vec p, pa, pb;
    for (k = 0; k < n; k++) {
        if (!(weights[k] >= -RK.relative)) return 0;
        total += weights[k];
    }
    if (!(fabs(total - 1.0) <= RK.relative)) return 0;
    for (k = 0; k < n; k++) {
        p = points[k];
        pa = members_a[k];
        pb = members_b[k];
        if (!enclosing_point_holds(a, b, p, pa, pb, &vertex_a[k], &vertex_b[k])) return 0;
        w = weights[k];
        sx += w * p.x;
        sy += w * p.y;
        sizes += fabs(w) * (fabs(p.x) + fabs(p.y) + fabs(pa.x) + fabs(pa.y) + fabs(pb.x) +
                            fabs(pb.y));
    }
    residual = gjk_hypot(sx, sy);
    slack = rounding_bound1(sizes);
    return residual <= band + slack && residual <= claimed + slack;
}

/* The most points an enclosing simplex has (a triangle); more go to the Python. */
#define RECHECK_MAX_POINTS 3

/* _enclosing_problems is empty, for tuples of one length n (the Python's strict zips). */
static int enclosing_holds(const Shape *a, const Shape *b, PyObject *points, PyObject *members,
                           PyObject *pairs, PyObject *weights, double claimed, double band)
{
    Py_ssize_t n = PyTuple_GET_SIZE(points), k;
    double w[RECHECK_MAX_POINTS];
    Vec p[RECHECK_MAX_POINTS], pa[RECHECK_MAX_POINTS], pb[RECHECK_MAX_POINTS];
    RecheckWeights vertex_a[RECHECK_MAX_POINTS], vertex_b[RECHECK_MAX_POINTS];
    if (n > RECHECK_MAX_POINTS) return 0;
    for (k = 0; k < n; k++) {
        if (!finite_float(PyTuple_GET_ITEM(weights, k), &w[k])) return 0;
    }
    for (k = 0; k < n; k++) {
        if (!read_enclosing_point(points, members, pairs, k, a, b, &p[k], &pa[k], &pb[k],
                                  &vertex_a[k], &vertex_b[k]))
            return 0;
    }
    return enclosing_values_hold(a, b, n, p, pa, pb, vertex_a, vertex_b, w, claimed, band);
}

/* ------------------------------------------------------------------ */
/* The module functions                                                 */
/* ------------------------------------------------------------------ */

/* Whether a shape read holds finite numbers only, all the way in. */
static int finite_shape(const Shape *s)
{
    Py_ssize_t i;
    if (s->kind == POLYTOPE) {
        for (i = 0; i < 2 * s->count; i++) {
            if (!isfinite(s->xy[i])) return 0;
        }
        return 1;
    }
    if (s->kind == ROUNDED) return isfinite(s->radius) && finite_shape(s->inner);
    for (i = 0; i < 4; i++) {
        if (!isfinite(s->m[i])) return 0;
    }
    return isfinite(s->t[0]) && isfinite(s->t[1]) && finite_shape(s->inner);
}

/* Both shapes, read: 1 two polytopes, rounded or transformed shapes of them (in any
   nesting) of finite floats, 0 not (or a Python error, cleared: the Python path meets it
   again). */
static int read_shapes(Arena *arena, PyObject *a, PyObject *b, const Shape **sa,
                       const Shape **sb)
{
    if (read_pair(arena, a, b, sa, sb) <= 0) {
        PyErr_Clear();
        return 0;
    }
    return finite_shape(*sa) && finite_shape(*sb);
}

static int recheck_ready(Py_ssize_t nargs, Py_ssize_t expected, const char *usage)
{
    if (nargs != expected) {
        PyErr_SetString(PyExc_TypeError, usage);
        return 0;
    }
    if (!RK.ready || !K.ready) {
        PyErr_SetString(PyExc_RuntimeError, "gjkcli._engine's re-check is not configured");
        return 0;
    }
    return 1;
}

/* The certificate's fields, and the answer: 1 no problem, 0 a problem or not sure. */
static int axis_answer(const Shape *a, const Shape *b, PyObject *proof, double distance)
{
    Vec n, closest[2];
    double lower, upper;
    RecheckWeights weights_a, weights_b;
    PyObject *pair;
    int ok;
    if (!vec_field(proof, s_axis, &n) || !float_field(proof, s_lower, &lower) ||
        !float_field(proof, s_upper, &upper))
        return 0;
    pair = field(proof, s_closest);
    ok = pair != NULL && PyTuple_CheckExact(pair) && PyTuple_GET_SIZE(pair) == 2 &&
         finite_vec(PyTuple_GET_ITEM(pair, 0), &closest[0]) &&
         finite_vec(PyTuple_GET_ITEM(pair, 1), &closest[1]);
    Py_XDECREF(pair);
    /* (weights on a shape other than a polygon name no vertex: member() gives up) */
    if (!ok || !weights_field(proof, s_weights_a, a->kind == POLYTOPE ? a->count : 0, &weights_a) ||
        !weights_field(proof, s_weights_b, b->kind == POLYTOPE ? b->count : 0, &weights_b))
        return 0;
    return separating_axis_holds(a, b, n, lower, upper, closest[0], closest[1], &weights_a,
                                 &weights_b, distance);
}

/* The simplex's fields, and the answer: 1 no problem, 0 a problem or not sure. */
static int simplex_answer(const Shape *a, const Shape *b, PyObject *proof, double band)
{
    PyObject *fields[4];
    PyObject *names[4] = {s_points, s_members, s_pairs, s_weights};
    double claimed;
    int i, ok = float_field(proof, s_residual, &claimed);
    for (i = 0; i < 4; i++) fields[i] = ok ? field(proof, names[i]) : NULL;
    for (i = 0; i < 4; i++) { /* the pairs may be None: no vertices named */
        ok = ok && fields[i] != NULL && (PyTuple_CheckExact(fields[i]) || (i == 2 && fields[i] == Py_None));
    }
    for (i = 1; i < 4; i++) {
        ok = ok && (fields[i] == Py_None || PyTuple_GET_SIZE(fields[i]) == PyTuple_GET_SIZE(fields[0]));
    }
    if (ok) ok = enclosing_holds(a, b, fields[0], fields[1], fields[2], fields[3], claimed, band);
    for (i = 0; i < 4; i++) Py_XDECREF(fields[i]);
    return ok;
}

/* An entry point's work: the two polygons read, the number read (the distance or the band),
   and the answer (True: no problem; False: a problem, or not sure). */
typedef int (*ReadNumber)(PyObject *, double *);
typedef int (*Answer)(const Shape *, const Shape *, PyObject *, double);

static PyObject *recheck_entry(PyObject *const *args, Py_ssize_t nargs, const char *usage,
                               ReadNumber read_number, Answer answer)
{
    Arena arena;
    const Shape *sa, *sb;
    double number;
    int ok = 0;
    if (!recheck_ready(nargs, 4, usage)) return NULL;
#if PY_VERSION_HEX >= 0x030C0000
    Py_RETURN_FALSE; /* Python's sum of floats is compensated there: not ported */
#endif
    arena_init(&arena);
    if (read_shapes(&arena, args[0], args[1], &sa, &sb) && read_number(args[3], &number))
        ok = answer(sa, sb, args[2], number);
    arena_free(&arena);
    return PyBool_FromLong(ok);
}

static PyObject *engine_separating_axis_holds(PyObject *self, PyObject *const *args,
                                              Py_ssize_t nargs)
{
    (void)self;
    return recheck_entry(args, nargs, "separating_axis_holds(a, b, proof, distance)",
                         finite_float, axis_answer);
}

static PyObject *engine_enclosing_simplex_holds(PyObject *self, PyObject *const *args,
                                                Py_ssize_t nargs)
{
    (void)self;
    /* the band as it is: the Python compares with band + slack, infinite or not */
    return recheck_entry(args, nargs, "enclosing_simplex_holds(a, b, proof, band)", exact_float,
                         simplex_answer);
}

static int recheck_name(PyObject **slot, const char *text)
{
    *slot = PyUnicode_InternFromString(text);
    return *slot == NULL ? -1 : 0;
}

static int recheck_intern(void)
{
    return recheck_name(&s_axis, "axis") < 0 || recheck_name(&s_lower, "lower") < 0 ||
                   recheck_name(&s_upper, "upper") < 0 || recheck_name(&s_weights_a, "weights_a") < 0 ||
                   recheck_name(&s_weights_b, "weights_b") < 0 || recheck_name(&s_points, "points") < 0 ||
                   recheck_name(&s_members, "members") < 0 || recheck_name(&s_pairs, "pairs") < 0 ||
                   recheck_name(&s_weights, "weights") < 0 || recheck_name(&s_residual, "residual") < 0
               ? -1
               : 0;
}

static PyObject *engine_recheck_configure(PyObject *self, PyObject *const *args,
                                          Py_ssize_t nargs)
{
    double rounding, relative;
    Py_buffer lines;
    Py_ssize_t count;
    (void)self;
    if (nargs != 3 || !exact_float(args[0], &rounding) || !exact_float(args[1], &relative)) {
        PyErr_SetString(PyExc_TypeError,
                        "recheck_configure(rounding: float, relative: float, directions)");
        return NULL;
    }
    if (PyObject_GetBuffer(args[2], &lines, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    count = lines.len / 16;
    if (lines.itemsize != 8 || strcmp(lines.format, "d") != 0 || lines.len % 16 != 0 ||
        count > RECHECK_MOST_LINES) {
        PyBuffer_Release(&lines);
        PyErr_SetString(PyExc_ValueError, "recheck_configure: directions are float64 pairs");
        return NULL;
    }
    memcpy(RK.lines, lines.buf, (size_t)lines.len);
    RK.line_count = count;
    PyBuffer_Release(&lines);
    if (!RK.ready && recheck_intern() < 0) return NULL;
    RK.rounding = rounding;
    RK.relative = relative;
    RK.smallest = ldexp(1.0, -450);
    RK.ready = 1;
    Py_RETURN_NONE;
}
