/*
 * gjkcli._engine: the compiled core of gjkcli's GJK, boolean GJK and EPA.
 *
 * This file is a line-by-line port of the pure-Python reference in
 * gjkcli/algorithms/ (distance.py, intersect.py, epa.py, simplex.py,
 * support.py, bounds.py's noise and reach) and gjkcli/shapes/ (the support
 * functions of Polytope, Rounded and Transformed). The Python is the
 * reference: every operation here is the same IEEE operation, in the same
 * order, as the Python's, so that the answers are equal to the last bit.
 * That needs three things:
 *
 *   - floating-point contraction off (no fused multiply-add where the Python
 *     has a product and a sum): the build passes -ffp-contract=off, and
 *     nothing here may be compiled with -ffast-math;
 *   - CPython's own algorithm for math.hypot (gjk_hypot below), since the C
 *     library's hypot rounds differently on a fraction of inputs;
 *   - the Python's exact rational steps (the barycentric weights of a
 *     triangle around the origin, and the exact test of whether a triangle
 *     holds it) done exactly here too, or handed back to the Python.
 *
 * Where the Python's pure functions are called back (rare exact steps), the
 * GIL is taken for the call, so the array functions can run without it.
 *
 * Shapes come in two ways: as gjkcli's own shape objects (Polytope, Rounded,
 * Transformed, read once per call), or as columns of numbers (the array API,
 * gjkcli.vectorized): each shape is then an outer radius around an optional
 * affine map of an inner radius around a polytope, which covers every
 * primitive shape gjkcli builds.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD != 0
#error "gjkcli._engine needs doubles rounded to double after each operation (FLT_EVAL_METHOD 0, as SSE2 and arm64 give); an x87 build would change answers"
#endif

#if defined(__FAST_MATH__)
#error "gjkcli._engine must not be compiled with -ffast-math: it would change answers"
#endif

/* Contraction off in the source too, for compilers that read these pragmas (the build
   passes the flags as well): no fused multiply-add where the Python rounds twice. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(_MSC_VER)
#pragma fp_contract(off)
#endif

/* ------------------------------------------------------------------ */
/* Vectors, support points, simplices                                  */
/* ------------------------------------------------------------------ */

typedef struct {
    double x, y;
} Vec;

typedef struct {
    Vec w, a, b; /* w = a - b */
} Support;

typedef struct {
    Vec v;
    int kept[3];
    int n;
    double weights[3];
} Closest;

enum { POLYTOPE = 0, ROUNDED = 1, TRANSFORMED = 2 };

#define INLINE_VERTICES 16

typedef struct Shape {
    int kind;
    Py_ssize_t count;         /* POLYTOPE: number of vertices */
    const double *xy;         /* POLYTOPE: x0, y0, x1, y1, ... */
    const struct Shape *inner; /* ROUNDED: the core; TRANSFORMED: the inner shape */
    double radius;            /* ROUNDED */
    double m[4], t[2];        /* TRANSFORMED: matrix row by row, offset */
} Shape;

/* What went wrong inside a query; 0 when nothing did. */
enum {
    FAIL_NONE = 0,
    FAIL_ZERO_DIVISION = 1, /* where the Python raises ZeroDivisionError */
    FAIL_EMPTY_HEAP = 2,    /* where the Python's heappop raises IndexError */
    FAIL_CALLBACK = 3,      /* a callback into the Python raised */
    FAIL_MEMORY = 4,
};

typedef struct {
    int fail;
    PyObject *error[3]; /* what a callback into the Python raised: type, value, traceback */
} Context;

/* Take the raised exception into ctx (the first one is kept), with the GIL held. */
static void keep_error(Context *ctx)
{
    PyObject *type, *value, *traceback;
    PyErr_Fetch(&type, &value, &traceback);
    if (ctx->error[0] == NULL) {
        ctx->error[0] = type;
        ctx->error[1] = value;
        ctx->error[2] = traceback;
    } else {
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(traceback);
    }
}

/* Raise what ctx kept (with the GIL held): 1 if there was something. */
static int restore_error(Context *ctx)
{
    if (ctx->error[0] == NULL) return 0;
    PyErr_Restore(ctx->error[0], ctx->error[1], ctx->error[2]);
    ctx->error[0] = ctx->error[1] = ctx->error[2] = NULL;
    return 1;
}

/* The tolerances, copied once from gjkcli.tolerances by configure(). */
static struct {
    double touch_relative;
    double convergence_relative;
    double rounding_factor;
    double penetration_relative;
    long max_iterations;
    long epa_max_iterations;
    int ready;
} K;

/* The Python objects configure() hands over. */
static PyObject *Polytope_type, *Rounded_type, *Transformed_type;
static PyObject *SupportPoint_type;
static PyObject *DistanceResult_type, *IntersectResult_type, *Penetration_type;
static PyObject *triangle_around_origin_fn;

static PyObject *s_vertices, *s_core, *s_radius, *s_inner, *s_affine, *s_matrix, *s_offset;
static PyObject *s_intersects, *s_simplex, *s_band;
static PyObject *s_distance, *s_closest, *s_iterations, *s_status, *s_raw_distance, *s_radii,
    *s_witness, *s_direction, *s_depth, *s_normal, *s_contact, *s_error;

/* Statuses, in the order of their codes (gjkcli.algorithms.compiled.STATUSES, which configure()
   checks against these). */
enum {
    ST_CONVERGED = 0,
    ST_DUPLICATE = 1,
    ST_CONTAINS = 2,
    ST_DEGENERATE = 3,
    ST_MAX = 4,
    ST_SEPARATING = 5,
    ST_CORES_APART = 6,
    ST_COUNT = 7,
};
static const char *STATUS_NAMES[ST_COUNT] = {
    "converged",       "duplicate-support", "contains-origin", "degenerate",
    "max-iterations",  "separating-axis",   "cores-apart",
};
static PyObject *status_objects[ST_COUNT];

/* Powers of two used as margins and limits, set once at import (ldexp, rather than hex
   float literals, which not every compiler reads). */
static double P2_M40, P2_M900, P2_1000, P2_900, P2_990;

static void set_powers_of_two(void)
{
    P2_M40 = ldexp(1.0, -40);
    P2_M900 = ldexp(1.0, -900);
    P2_1000 = ldexp(1.0, 1000);
    P2_900 = ldexp(1.0, 900);
    P2_990 = ldexp(1.0, 990);
}

/* ------------------------------------------------------------------ */
/* Arithmetic as the Python does it                                    */
/* ------------------------------------------------------------------ */

typedef struct {
    double hi, lo;
} DoubleLength;

static inline DoubleLength two_product(double x, double y)
{
    DoubleLength r;
    r.hi = x * y;
    r.lo = fma(x, y, -r.hi); /* an explicit fma is exact: not a contraction */
    return r;
}

/* The same exact product as two_product, by Dekker's splitting (no library call), for
   |x|, |y| below 2**996 whose product stays clear of underflow; else by fma. Both give
   the product's exact error whenever it is representable, so the same numbers. */
static inline DoubleLength exact_product(double x, double y)
{
    DoubleLength r;
    double cx, xh, xl, cy, yh, yl;
    r.hi = x * y;
    if (!(fabs(r.hi) > P2_M900 && fabs(x) < P2_990 && fabs(y) < P2_990)) return two_product(x, y);
    cx = 134217729.0 * x;
    xh = cx - (cx - x);
    xl = x - xh;
    cy = 134217729.0 * y;
    yh = cy - (cy - y);
    yl = y - yh;
    r.lo = ((xh * yh - r.hi) + xh * yl + xl * yh) + xl * yl;
    return r;
}

static inline DoubleLength fast_two_sum(double a, double b)
{
    DoubleLength r;
    r.hi = a + b;
    r.lo = (a - r.hi) + b;
    return r;
}

/* math.hypot(x, y) as CPython computes it (Modules/mathmodule.c, vector_norm): lossless
   scaling by a power of two, exact squares, compensated sums started at 1.0, and one
   differential correction of the square root. 3.12 changed how the squares are split
   and summed, which changes the last bit of a few results: each version's way is here,
   chosen when the core is compiled for that Python. */
static double gjk_hypot(double x, double y)
{
    double v[2], max = 0.0, h, scale, unscale = 0.0, csum = 1.0, frac1 = 0.0, frac2 = 0.0, z;
#if PY_VERSION_HEX >= 0x030C0000
    DoubleLength pr, sm;
#endif
    int found_nan, max_e, i;

    v[0] = fabs(x);
    v[1] = fabs(y);
    found_nan = isnan(v[0]) || isnan(v[1]);
    for (i = 0; i < 2; i++) {
        if (v[i] > max) {
            max = v[i];
        }
    }
    if (isinf(max)) {
        return max;
    }
    if (found_nan) {
        return NAN;
    }
    if (max == 0.0) {
        return max;
    }
    {
        /* frexp's exponent, and below ldexp(1.0, -max_e), read off the bits when max is a
           normal number below 2**1023 (the same numbers, without two library calls) */
        uint64_t bits;
        int biased;
        memcpy(&bits, &max, sizeof bits);
        biased = (int)((bits >> 52) & 0x7ff);
        if (biased >= 1 && biased <= 2044) {
            max_e = biased - 1022;
            bits = (uint64_t)(1023 - max_e) << 52;
            memcpy(&scale, &bits, sizeof scale);
            bits = (uint64_t)(1023 + max_e) << 52; /* 1 / scale, a power of two too */
            memcpy(&unscale, &bits, sizeof unscale);
            goto scaled;
        }
    }
    frexp(max, &max_e);
    if (max_e < -1023) {
#if PY_VERSION_HEX >= 0x030C0000
        /* subnormal: 3.12 and later bring the numbers to normal ones first */
        return DBL_MIN * gjk_hypot(v[0] / DBL_MIN, v[1] / DBL_MIN);
#else
        /* subnormal: 3.10 and 3.11 divide by the larger one instead of scaling */
        double old;
        for (i = 0; i < 2; i++) {
            z = v[i] / max;
            z = z * z;
            old = csum;
            csum += z;
            frac1 += (old - csum) + z;
        }
        return max * sqrt(csum - 1.0 + frac1);
#endif
    }
    scale = ldexp(1.0, -max_e);
scaled:
#if PY_VERSION_HEX < 0x030C0000
    {
        /* 3.10 and 3.11: Veltkamp's split, and three compensated sums */
        double t, hi, lo, old, frac3 = 0.0;
        for (i = 0; i < 2; i++) {
            z = v[i] * scale;
            t = z * 134217729.0;
            hi = t - (t - z);
            lo = z - hi;
            z = hi * hi;
            old = csum;
            csum += z;
            frac1 += (old - csum) + z;
            z = 2.0 * hi * lo;
            old = csum;
            csum += z;
            frac2 += (old - csum) + z;
            frac3 += lo * lo;
        }
        h = sqrt(csum - 1.0 + (frac1 + frac2 + frac3));
        z = h;
        t = z * 134217729.0;
        hi = t - (t - z);
        lo = z - hi;
        z = -hi * hi;
        old = csum;
        csum += z;
        frac1 += (old - csum) + z;
        z = -2.0 * hi * lo;
        old = csum;
        csum += z;
        frac2 += (old - csum) + z;
        z = -lo * lo;
        old = csum;
        csum += z;
        frac3 += (old - csum) + z;
        z = csum - 1.0 + (frac1 + frac2 + frac3);
        h = h + z / (2.0 * h);
        /* h / scale: the same number as h times 1 / scale, both powers of two being exact */
        return unscale != 0.0 ? h * unscale : h / scale;
    }
#else
    for (i = 0; i < 2; i++) {
        z = v[i] * scale;
        pr = exact_product(z, z);
        sm = fast_two_sum(csum, pr.hi);
        csum = sm.hi;
        frac1 += pr.lo;
        frac2 += sm.lo;
    }
    h = sqrt(csum - 1.0 + (frac1 + frac2));
    pr = exact_product(-h, h);
    sm = fast_two_sum(csum, pr.hi);
    csum = sm.hi;
    frac1 += pr.lo;
    frac2 += sm.lo;
    z = csum - 1.0 + (frac1 + frac2);
    h += z / (2.0 * h);
    /* h / scale: the same number as h times 1 / scale, both powers of two being exact */
    return unscale != 0.0 ? h * unscale : h / scale;
#endif
}

/* Python's max(a, b) and min(a, b): the first unless the second is strictly beyond it. */
static double py_max(double a, double b) { return b > a ? b : a; }
static double py_min(double a, double b) { return b < a ? b : a; }

static double rounding(double size) { return K.rounding_factor * DBL_EPSILON * size; }
static double touch_band(double size) { return K.touch_relative * size; }

static int vec_eq(Vec p, Vec q) { return p.x == q.x && p.y == q.y; }

static double divide(Context *ctx, double a, double b)
{
    if (b == 0.0) {
        ctx->fail = FAIL_ZERO_DIVISION;
        return 0.0;
    }
    return a / b;
}

/* ------------------------------------------------------------------ */
/* Support functions (gjkcli/shapes)                                   */
/* ------------------------------------------------------------------ */

static Vec support(const Shape *s, double dx, double dy)
{
    Vec p;
    switch (s->kind) {
    case POLYTOPE: {
        const double *xy = s->xy;
        Py_ssize_t best = 0, i;
        double best_dot = xy[0] * dx + xy[1] * dy, dot;
        for (i = 1; i < s->count; i++) {
            dot = xy[2 * i] * dx + xy[2 * i + 1] * dy;
            if (dot > best_dot) {
                best = i;
                best_dot = dot;
            }
        }
        p.x = xy[2 * best];
        p.y = xy[2 * best + 1];
        return p;
    }
    case ROUNDED: {
        double length;
        p = support(s->inner, dx, dy);
        length = gjk_hypot(dx, dy);
        if (length == 0.0 || s->radius == 0.0) {
            return p;
        }
        p.x = p.x + dx / length * s->radius;
        p.y = p.y + dy / length * s->radius;
        return p;
    }
    default: {
        const double *m = s->m;
        Vec q = support(s->inner, m[0] * dx + m[2] * dy, m[1] * dx + m[3] * dy);
        p.x = m[0] * q.x + m[1] * q.y + s->t[0];
        p.y = m[2] * q.x + m[3] * q.y + s->t[1];
        return p;
    }
    }
}

static Support minkowski_support(const Shape *a, const Shape *b, Vec d)
{
    Support s;
    s.a = support(a, d.x, d.y);
    s.b = support(b, -d.x, -d.y);
    s.w.x = s.a.x - s.b.x;
    s.w.y = s.a.y - s.b.y;
    return s;
}

/* split_radius: a rounded shape's core and radius. */
static const Shape *split_radius(const Shape *s, double *radius)
{
    if (s->kind == ROUNDED) {
        *radius = s->radius;
        return s->inner;
    }
    *radius = 0.0;
    return s;
}

/* bounds.reach */
static double reach(const Shape *s)
{
    if (s->kind == ROUNDED) {
        return reach(s->inner) + s->radius;
    }
    if (s->kind == TRANSFORMED) {
        const double *m = s->m;
        double norm = gjk_hypot(fabs(m[0]) + fabs(m[1]), fabs(m[2]) + fabs(m[3]));
        return norm * reach(s->inner) + gjk_hypot(s->t[0], s->t[1]);
    }
    {
        const double *xy = s->xy;
        double minx = xy[0], miny = xy[1], maxx = xy[0], maxy = xy[1];
        Py_ssize_t i;
        for (i = 1; i < s->count; i++) {
            double x = xy[2 * i], y = xy[2 * i + 1];
            if (x < minx) minx = x;
            if (y < miny) miny = y;
            if (x > maxx) maxx = x;
            if (y > maxy) maxy = y;
        }
        return gjk_hypot(py_max(fabs(minx), fabs(maxx)), py_max(fabs(miny), fabs(maxy)));
    }
}

/* bounds.noise; d is NULL for "in any direction" */
static double noise(const Shape *s, const Vec *d)
{
    if (s->kind == POLYTOPE) {
        return 0.0;
    }
    if (s->kind == ROUNDED) {
        return noise(s->inner, d) + s->radius;
    }
    if (d == NULL) {
        return reach(s);
    }
    {
        const double *m = s->m;
        double dx = fabs(d->x), dy = fabs(d->y);
        double rows = dx * (fabs(m[0]) + fabs(m[1])) + dy * (fabs(m[2]) + fabs(m[3]));
        return rows * reach(s->inner) + dx * fabs(s->t[0]) + dy * fabs(s->t[1]);
    }
}

/* ------------------------------------------------------------------ */
/* Exact steps: done exactly here when the numbers allow, else by the  */
/* Python                                                               */
/* ------------------------------------------------------------------ */

static PyObject *vec_object(Vec p)
{
    PyObject *x = PyFloat_FromDouble(p.x), *y, *t;
    if (x == NULL) return NULL;
    y = PyFloat_FromDouble(p.y);
    if (y == NULL) {
        Py_DECREF(x);
        return NULL;
    }
    t = PyTuple_Pack(2, x, y);
    Py_DECREF(x);
    Py_DECREF(y);
    return t;
}

static int vec_from(PyObject *obj, Vec *out)
{
    PyObject *x, *y;
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 2) {
        PyErr_SetString(PyExc_TypeError, "expected a pair of floats");
        return -1;
    }
    x = PyTuple_GET_ITEM(obj, 0);
    y = PyTuple_GET_ITEM(obj, 1);
    out->x = PyFloat_AsDouble(x);
    if (out->x == -1.0 && PyErr_Occurred()) return -1;
    out->y = PyFloat_AsDouble(y);
    if (out->y == -1.0 && PyErr_Occurred()) return -1;
    return 0;
}

/* simplex.triangle_around_origin, by the Python: 1 with *out set when the triangle of
   the points a - b holds the origin, 0 when not. */
static int triangle_around_origin(Context *ctx, const Support *s, Closest *out)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *members = NULL, *result = NULL, *weights = NULL;
    int i, found = 0;
    members = PyList_New(3);
    if (members == NULL) goto fail;
    for (i = 0; i < 3; i++) {
        PyObject *a = vec_object(s[i].a), *b, *pair;
        if (a == NULL) goto fail;
        b = vec_object(s[i].b);
        if (b == NULL) {
            Py_DECREF(a);
            goto fail;
        }
        pair = PyTuple_Pack(2, a, b);
        Py_DECREF(a);
        Py_DECREF(b);
        if (pair == NULL) goto fail;
        PyList_SET_ITEM(members, i, pair);
    }
    result = PyObject_CallOneArg(triangle_around_origin_fn, members);
    if (result == NULL) goto fail;
    if (result != Py_None) {
        /* Closest((0.0, 0.0), (0, 1, 2), weights) */
        if (!PyTuple_Check(result) || PyTuple_GET_SIZE(result) != 3) {
            PyErr_SetString(PyExc_TypeError, "triangle_around_origin gave no Closest");
            goto fail;
        }
        if (vec_from(PyTuple_GET_ITEM(result, 0), &out->v) < 0) goto fail;
        weights = PyTuple_GetItem(result, 2);
        if (weights == NULL || !PyTuple_Check(weights) || PyTuple_GET_SIZE(weights) != 3) goto fail;
        for (i = 0; i < 3; i++) {
            out->kept[i] = i;
            out->weights[i] = PyFloat_AsDouble(PyTuple_GET_ITEM(weights, i));
            if (out->weights[i] == -1.0 && PyErr_Occurred()) goto fail;
        }
        out->n = 3;
        found = 1;
    }
    Py_DECREF(members);
    Py_DECREF(result);
    PyGILState_Release(gil);
    return found;
fail:
    Py_XDECREF(members);
    Py_XDECREF(result);
    keep_error(ctx);
    ctx->fail = FAIL_CALLBACK;
    PyGILState_Release(gil);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The closest point of a simplex (simplex.py)                          */
/* ------------------------------------------------------------------ */

static Closest closest_vertex(Vec p, int i)
{
    Closest c;
    c.v = p;
    c.kept[0] = i;
    c.n = 1;
    c.weights[0] = 1.0;
    return c;
}

static Closest closest_on_segment(const Vec *points, int i, int j)
{
    double x1 = points[i].x, y1 = points[i].y, x2 = points[j].x, y2 = points[j].y;
    double ex = x2 - x1, ey = y2 - y1;
    double u = x2 * ex + y2 * ey;
    double v = -(x1 * ex + y1 * ey);
    double total, l1, l2;
    Closest c;
    if (v <= 0.0) return closest_vertex(points[i], i);
    if (u <= 0.0) return closest_vertex(points[j], j);
    total = u + v;
    l1 = u / total;
    l2 = v / total;
    c.v.x = l1 * x1 + l2 * x2;
    c.v.y = l1 * y1 + l2 * y2;
    c.kept[0] = i;
    c.kept[1] = j;
    c.n = 2;
    c.weights[0] = l1;
    c.weights[1] = l2;
    return c;
}

static double norm2(Vec v) { return v.x * v.x + v.y * v.y; }

static Closest closest_on_edges(const Vec *points)
{
    static const int pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    Closest best = closest_on_segment(points, 0, 1), edge;
    int k;
    for (k = 1; k < 3; k++) {
        edge = closest_on_segment(points, pairs[k][0], pairs[k][1]);
        if (norm2(edge.v) < norm2(best.v)) best = edge;
    }
    return best;
}

static Closest closest_on_triangle(const Vec *points)
{
    double x1 = points[0].x, y1 = points[0].y, x2 = points[1].x, y2 = points[1].y;
    double x3 = points[2].x, y3 = points[2].y;
    double n = (x2 - x1) * (y3 - y1) - (y2 - y1) * (x3 - x1);
    double e12x, e12y, e13x, e13y, e23x, e23y, u12, v12, u13, v13, u23, v23, t1, t2, t3;
    Closest c;
    if (n == 0.0) return closest_on_edges(points);
    e12x = x2 - x1;
    e12y = y2 - y1;
    e13x = x3 - x1;
    e13y = y3 - y1;
    e23x = x3 - x2;
    e23y = y3 - y2;
    u12 = x2 * e12x + y2 * e12y;
    v12 = -(x1 * e12x + y1 * e12y);
    u13 = x3 * e13x + y3 * e13y;
    v13 = -(x1 * e13x + y1 * e13y);
    u23 = x3 * e23x + y3 * e23y;
    v23 = -(x2 * e23x + y2 * e23y);
    t1 = x2 * y3 - y2 * x3;
    t2 = x3 * y1 - y3 * x1;
    t3 = x1 * y2 - y1 * x2;
    if (n < 0.0) {
        t1 = -t1;
        t2 = -t2;
        t3 = -t3;
    }
    if (v12 <= 0.0 && v13 <= 0.0) return closest_vertex(points[0], 0);
    if (u12 > 0.0 && v12 > 0.0 && t3 <= 0.0) return closest_on_segment(points, 0, 1);
    if (u13 > 0.0 && v13 > 0.0 && t2 <= 0.0) return closest_on_segment(points, 0, 2);
    if (u12 <= 0.0 && v23 <= 0.0) return closest_vertex(points[1], 1);
    if (u13 <= 0.0 && u23 <= 0.0) return closest_vertex(points[2], 2);
    if (u23 > 0.0 && v23 > 0.0 && t1 <= 0.0) return closest_on_segment(points, 1, 2);
    if (t1 > 0.0 && t2 > 0.0 && t3 > 0.0) {
        c.v.x = 0.0;
        c.v.y = 0.0;
        c.n = 3;
        c.kept[0] = 0;
        c.kept[1] = 1;
        c.kept[2] = 2;
        /* The weights of a triangle around the origin are never read: its closest point
           is the origin, and near_scale, which alone weighs the points, takes every
           coordinate when that point is 0. The Python computes them exactly (for the
           trace); here they are left out. */
        c.weights[0] = c.weights[1] = c.weights[2] = NAN;
        return c;
    }
    return closest_on_edges(points);
}

/* simplex.closest_to_origin */
static Closest closest_to_origin(const Vec *points, int count)
{
    if (count == 1) return closest_vertex(points[0], 0);
    if (count == 2) return closest_on_segment(points, 0, 1);
    return closest_on_triangle(points);
}

static Vec normal_towards_origin(Vec first, Vec second)
{
    double x1 = first.x, y1 = first.y, ex = second.x - first.x, ey = second.y - first.y;
    Vec n;
    if (ex * -y1 - ey * -x1 > 0.0) {
        n.x = 0.0 - ey;
        n.y = ex;
    } else {
        n.x = ey;
        n.y = 0.0 - ex;
    }
    return n;
}

/* ------------------------------------------------------------------ */
/* GJK distance (distance.py)                                           */
/* ------------------------------------------------------------------ */

typedef struct {
    double distance, raw_distance, band, radii[2];
    int intersects, iterations, status, has_closest, has_witness, count;
    Vec closest[2], witness[2];
    Support simplex[3];
} DistanceAnswer;

static double size_of(const Support *p)
{
    return fabs(p->a.x) + fabs(p->b.x) + fabs(p->a.y) + fabs(p->b.y);
}

/* distance.near_scale; weights NULL for "the largest counts"; length is hypot(v), which
   every caller has at hand */
static double near_scale(const Support *s, int count, Vec v, double length, const double *weights)
{
    double nx, ny, sizes[3] = {0.0, 0.0, 0.0}, result;
    int i;
    if (!(length > 0.0)) {
        result = size_of(&s[0]);
        for (i = 1; i < count; i++) result = py_max(result, size_of(&s[i]));
        return result;
    }
    nx = fabs(v.x) / length;
    ny = fabs(v.y) / length;
    for (i = 0; i < count; i++) {
        sizes[i] = nx * (fabs(s[i].a.x) + fabs(s[i].b.x)) + ny * (fabs(s[i].a.y) + fabs(s[i].b.y));
    }
    if (weights == NULL) {
        result = sizes[0];
        for (i = 1; i < count; i++) result = py_max(result, sizes[i]);
        return result;
    }
    result = 0.0;
    for (i = 0; i < count; i++) result += fabs(weights[i]) * sizes[i];
    return result;
}

static double band_size(const Closest *c, const Support *s, int count, const Shape *core_a,
                        const Shape *core_b)
{
    Vec v = c->v, d;
    double length = gjk_hypot(v.x, v.y);
    const Vec *dp = NULL;
    if (length > 0.0) {
        d.x = v.x / length;
        d.y = v.y / length;
        dp = &d;
    }
    return near_scale(s, count, v, length, c->weights) + noise(core_a, dp) + noise(core_b, dp);
}

static void witness_points(const Support *s, const double *weights, int count, Vec *pa, Vec *pb)
{
    double ax = 0.0, ay = 0.0, bx = 0.0, by = 0.0;
    int i;
    for (i = 0; i < count; i++) ax += weights[i] * s[i].a.x;
    for (i = 0; i < count; i++) ay += weights[i] * s[i].a.y;
    for (i = 0; i < count; i++) bx += weights[i] * s[i].b.x;
    for (i = 0; i < count; i++) by += weights[i] * s[i].b.y;
    pa->x = ax;
    pa->y = ay;
    pb->x = bx;
    pb->y = by;
}

static void surface_points(Vec ca, Vec cb, Vec normal, double ra, double rb, Vec *pa, Vec *pb)
{
    pa->x = ca.x + ra * normal.x;
    pa->y = ca.y + ra * normal.y;
    pb->x = cb.x - rb * normal.x;
    pb->y = cb.y - rb * normal.y;
}

/* _closest_keeping_the_new_point: 1 with *out set, 0 for None */
static int closest_keeping_new(Context *ctx, const Support *cand, int count, Closest *out)
{
    Vec points[3], pair[2];
    Closest found, best, edge;
    int newi = count - 1, i, k, has_new = 0, improved = 0;
    for (i = 0; i < count; i++) points[i] = cand[i].w;
    found = closest_to_origin(points, count);
    for (k = 0; k < found.n; k++) has_new |= found.kept[k] == newi;
    if (has_new) {
        *out = found;
        return 1;
    }
    if (count == 2) return 0;
    if (triangle_around_origin(ctx, cand, out)) return 1;
    best = found;
    for (i = 0; i < newi; i++) {
        pair[0] = points[i];
        pair[1] = points[newi];
        edge = closest_on_segment(pair, 0, 1);
        if (norm2(edge.v) < norm2(best.v)) {
            best = edge;
            for (k = 0; k < edge.n; k++) best.kept[k] = edge.kept[k] == 0 ? i : newi;
            improved = 1;
        }
    }
    if (!improved) return 0;
    *out = best;
    return 1;
}

static double progress(Context *ctx, Vec first, Vec d, double length, Vec w, double vv)
{
    double along = d.x * (w.x - first.x) + d.y * (w.y - first.y);
    return sqrt(vv) * divide(ctx, along, length);
}

static double origin_distance(Context *ctx, const Support *s, int count, const double *weights)
{
    const Support *near, *far;
    double x1, y1, ex, ey;
    if (count == 1) return gjk_hypot(s[0].w.x, s[0].w.y);
    if (weights[0] >= weights[1]) {
        near = &s[0];
        far = &s[1];
    } else {
        near = &s[1];
        far = &s[0];
    }
    x1 = near->w.x;
    y1 = near->w.y;
    ex = far->w.x - x1;
    ey = far->w.y - y1;
    return divide(ctx, fabs(x1 * ey - y1 * ex), gjk_hypot(ex, ey));
}

/* Two filters that decide the loop's tests without their exact (hypot-based) numbers when
   the margin is wide: every filtered outcome is the one the exact numbers give, and
   anything close goes through the exact computation. */

/* An upper bound of noise(s, d) over every unit direction d (and of noise(s, NULL)). */
static double noise_bound(const Shape *s)
{
    if (s->kind == POLYTOPE) return 0.0;
    if (s->kind == ROUNDED) return noise_bound(s->inner) + s->radius;
    {
        const double *m = s->m;
        double rows = (fabs(m[0]) + fabs(m[1])) + (fabs(m[2]) + fabs(m[3]));
        return (rows * reach(s->inner) + fabs(s->t[0]) + fabs(s->t[1])) * (1.0 + P2_M40);
    }
}

/* A number the square of the touching band cannot exceed: near_scale weighs each point's
   coordinates by a unit direction's components, at most 1 each. */
static double band_squared_bound(const Closest *c, const Support *s, int count, double noise_a,
                                 double noise_b)
{
    double total = 0.0, band;
    int i;
    for (i = 0; i < count; i++) total += fabs(c->weights[i]) * size_of(&s[i]);
    band = K.touch_relative * (total + noise_a + noise_b) * (1.0 + P2_M40);
    return band * band * (1.0 + P2_M40);
}

/* 1 when the gap is certainly finite and above the convergence threshold: computed with
   sqrt(dx^2 + dy^2) for hypot (both within an ulp or two of the true length), the margin
   covers every difference. */
static int certainly_not_converged(Vec base, Vec d, Vec w, double vv, const Support *pair)
{
    double l2 = d.x * d.x + d.y * d.y, length, along, gap, nx, ny, reach_along, threshold;
    int i;
    if (!(l2 > P2_M900 && l2 < P2_900)) return 0;
    length = sqrt(l2);
    along = d.x * (w.x - base.x) + d.y * (w.y - base.y);
    gap = sqrt(vv) * (along / length);
    if (!(gap > 0.0 && gap < P2_1000)) return 0;
    nx = fabs(d.x) / length;
    ny = fabs(d.y) / length;
    reach_along = 0.0;
    for (i = 0; i < 2; i++) {
        double size = nx * (fabs(pair[i].a.x) + fabs(pair[i].b.x)) + ny * (fabs(pair[i].a.y) + fabs(pair[i].b.y));
        if (size > reach_along) reach_along = size;
    }
    threshold = K.convergence_relative * vv + rounding(sqrt(vv) * reach_along);
    return gap > threshold * (1.0 + P2_M40);
}

static void gjk_distance(Context *ctx, const Shape *shape_a, const Shape *shape_b, DistanceAnswer *out)
{
    double radius_a, radius_b;
    const Shape *core_a = split_radius(shape_a, &radius_a);
    const Shape *core_b = split_radius(shape_b, &radius_b);
    Vec direction = {1.0, 0.0}, searched;
    Support simplex[3], candidates[3], point;
    int count = 0, status = -1, iterations = 0, i, k, ncand, stuck;
    Closest closest, candidate;
    double vv = INFINITY;

    const double noise_a = noise_bound(core_a), noise_b = noise_bound(core_b);
    closest.v.x = INFINITY;
    closest.v.y = INFINITY;
    closest.n = 0;
    while (status < 0 && iterations < K.max_iterations) {
        iterations += 1;
        searched = direction;
        point = minkowski_support(core_a, core_b, searched);
        if (count > 0) {
            int b = 0;
            double gap = 0.0, threshold = 0.0, reach_along, length;
            int decided;
            Support pair[2];
            for (i = 1; i < count; i++) {
                if (closest.weights[i] > closest.weights[b]) b = i;
            }
            pair[0] = point;
            pair[1] = simplex[b];
            decided = certainly_not_converged(simplex[b].w, searched, point.w, vv, pair);
            if (!decided) {
                length = gjk_hypot(searched.x, searched.y);
                gap = progress(ctx, simplex[b].w, searched, length, point.w, vv);
                if (ctx->fail) return;
                reach_along = near_scale(pair, 2, searched, length, NULL);
                threshold = K.convergence_relative * vv + rounding(sqrt(vv) * reach_along);
            }
            for (i = 0; i < count; i++) {
                if (vec_eq(point.w, simplex[i].w)) {
                    status = ST_DUPLICATE;
                    break;
                }
            }
            if (status < 0 && !decided) {
                if (!isfinite(gap)) {
                    status = ST_DEGENERATE;
                } else if (gap <= threshold) {
                    status = ST_CONVERGED;
                }
            }
        }
        if (status >= 0) break;
        /* whole arrays, entries past count included: a copy of fixed size compiles to a few
           moves, where one of count entries became a slow string instruction */
        memcpy(candidates, simplex, sizeof candidates);
        candidates[count] = point;
        ncand = count + 1;
        stuck = !closest_keeping_new(ctx, candidates, ncand, &candidate);
        if (ctx->fail) return;
        if (stuck) {
            ncand = count;
            candidate.v = closest.v;
            candidate.n = count;
            for (i = 0; i < count; i++) {
                candidate.kept[i] = i;
                candidate.weights[i] = closest.weights[i];
            }
        }
        {
            Support kept[3];
            for (k = 0; k < candidate.n; k++) kept[k] = candidates[candidate.kept[k]];
            memcpy(simplex, kept, sizeof simplex);
            count = candidate.n;
        }
        closest = candidate;
        vv = candidate.v.x * candidate.v.x + candidate.v.y * candidate.v.y;
        if (stuck) {
            Vec toward;
            toward.x = 0.0 - closest.v.x;
            toward.y = 0.0 - closest.v.y;
            if (vec_eq(toward, searched) || (toward.x == 0.0 && toward.y == 0.0)) {
                status = ST_DEGENERATE;
            }
            direction = toward;
        } else {
            int contains = count == 3;
            if (!contains && vv <= band_squared_bound(&candidate, simplex, count, noise_a, noise_b)) {
                double band = touch_band(band_size(&candidate, simplex, count, core_a, core_b));
                contains = vv <= band * band;
            }
            if (contains) {
                status = ST_CONTAINS;
            } else {
                double length2;
                if (count == 1) {
                    direction.x = -closest.v.x;
                    direction.y = -closest.v.y;
                } else {
                    direction = normal_towards_origin(simplex[0].w, simplex[1].w);
                }
                length2 = direction.x * direction.x + direction.y * direction.y;
                if (!(length2 > 0.0 && isfinite(length2))) status = ST_DEGENERATE;
            }
        }
        if (ctx->fail) return;
    }
    if (status < 0) status = ST_MAX;

    /* _finish */
    out->iterations = iterations;
    out->status = status;
    out->count = count;
    memcpy(out->simplex, simplex, sizeof out->simplex);
    out->radii[0] = radius_a;
    out->radii[1] = radius_b;
    out->has_closest = 0;
    out->has_witness = 0;
    if (count == 3) {
        out->band = touch_band(band_size(&closest, simplex, count, core_a, core_b) + radius_a + radius_b);
        out->distance = 0.0;
        out->raw_distance = 0.0;
        out->intersects = 1;
        return;
    }
    {
        double core_distance = origin_distance(ctx, simplex, count, closest.weights);
        double raw = py_max(core_distance - radius_a - radius_b, 0.0), gap, size;
        Vec pa, pb, normal;
        witness_points(simplex, closest.weights, count, &pa, &pb);
        gap = gjk_hypot(pb.x - pa.x, pb.y - pa.y);
        if (gap > 0.0) {
            normal.x = (pb.x - pa.x) / gap;
            normal.y = (pb.y - pa.y) / gap;
        } else {
            normal.x = 0.0;
            normal.y = 0.0;
        }
        surface_points(pa, pb, normal, radius_a, radius_b, &out->witness[0], &out->witness[1]);
        out->has_witness = 1;
        size = band_size(&closest, simplex, count, core_a, core_b);
        out->band = touch_band(size + radius_a + radius_b + core_distance);
        out->raw_distance = raw;
        if (raw <= out->band) {
            out->distance = 0.0;
            out->intersects = 1;
        } else {
            out->distance = raw;
            out->intersects = 0;
            out->has_closest = 1;
            out->closest[0] = out->witness[0];
            out->closest[1] = out->witness[1];
        }
    }
}

/* ------------------------------------------------------------------ */
/* Boolean GJK (intersect.py)                                           */
/* ------------------------------------------------------------------ */

typedef struct {
    int intersects, iterations, status, count;
    Support simplex[3];
    Vec direction;
} IntersectAnswer;

typedef struct {
    int has_direction;
    Vec direction;
    Vec dropped[3];
    int ndropped;
    int from_closest;
} Step;

/* _towards_origin; closest may be NULL */
static Step towards_origin(Context *ctx, Support *simplex, int *count, const Closest *given)
{
    (void)ctx; /* the closest point of a simplex needs no exact step */
    Step step;
    Closest closest;
    Vec points[3];
    Support kept[3];
    int i, k, keep;
    step.ndropped = 0;
    step.from_closest = 0;
    step.has_direction = 0;
    if (given == NULL) {
        for (i = 0; i < *count; i++) points[i] = simplex[i].w;
        closest = closest_to_origin(points, *count);
    } else {
        closest = *given;
    }
    for (i = 0; i < *count; i++) {
        keep = 0;
        for (k = 0; k < closest.n; k++) keep |= closest.kept[k] == i;
        if (!keep) step.dropped[step.ndropped++] = simplex[i].w;
    }
    for (k = 0; k < closest.n; k++) kept[k] = simplex[closest.kept[k]];
    for (k = 0; k < closest.n; k++) simplex[k] = kept[k];
    *count = closest.n;
    if (closest.v.x == 0.0 && closest.v.y == 0.0) return step;
    step.has_direction = 1;
    step.direction.x = -closest.v.x;
    step.direction.y = -closest.v.y;
    step.from_closest = 1;
    return step;
}

static Vec outward(Vec edge, Vec other)
{
    Vec perp;
    perp.x = edge.y;
    perp.y = -edge.x;
    if (perp.x * other.x + perp.y * other.y > 0.0) {
        perp.x = -perp.x;
        perp.y = -perp.y;
    }
    return perp;
}

static Step triangle_case(Context *ctx, Support *simplex, int *count)
{
    Vec c = simplex[0].w, b = simplex[1].w, a = simplex[2].w, ab, ac, ao, ab_out, ac_out;
    Step step;
    step.ndropped = 0;
    step.from_closest = 0;
    step.has_direction = 1;
    ab.x = b.x - a.x;
    ab.y = b.y - a.y;
    ac.x = c.x - a.x;
    ac.y = c.y - a.y;
    ao.x = -a.x;
    ao.y = -a.y;
    if (fabs(ab.x * ac.y - ab.y * ac.x) <=
        rounding(gjk_hypot(ab.x, ab.y) * gjk_hypot(ac.x, ac.y))) {
        return towards_origin(ctx, simplex, count, NULL);
    }
    ab_out = outward(ab, ac);
    if (ab_out.x * ao.x + ab_out.y * ao.y > 0.0) {
        step.dropped[step.ndropped++] = simplex[0].w;
        simplex[0] = simplex[1];
        simplex[1] = simplex[2];
        *count = 2;
        step.direction = ab_out;
        return step;
    }
    ac_out = outward(ac, ab);
    if (ac_out.x * ao.x + ac_out.y * ao.y > 0.0) {
        step.dropped[step.ndropped++] = simplex[1].w;
        simplex[1] = simplex[2];
        *count = 2;
        step.direction = ac_out;
        return step;
    }
    {
        Vec points[3];
        Closest closest;
        double size = fabs(a.x);
        points[0] = c;
        points[1] = b;
        points[2] = a;
        closest = closest_to_origin(points, 3);
        size = py_max(size, fabs(a.y));
        size = py_max(size, fabs(b.x));
        size = py_max(size, fabs(b.y));
        size = py_max(size, fabs(c.x));
        size = py_max(size, fabs(c.y));
        if (closest.n == 3 || gjk_hypot(closest.v.x, closest.v.y) <= rounding(size)) {
            step.has_direction = 0;
            return step;
        }
        return towards_origin(ctx, simplex, count, &closest);
    }
}

static Step next_direction(Context *ctx, Support *simplex, int *count, Vec d)
{
    Step step;
    step.ndropped = 0;
    step.from_closest = 0;
    step.has_direction = 1;
    if (*count == 1) {
        if (simplex[0].w.x == 0.0 && simplex[0].w.y == 0.0) {
            step.has_direction = 0;
            return step;
        }
        step.direction.x = -d.x;
        step.direction.y = -d.y;
        return step;
    }
    if (*count == 2) {
        step.direction = normal_towards_origin(simplex[0].w, simplex[1].w);
        return step;
    }
    return triangle_case(ctx, simplex, count);
}

static void gjk_intersects(Context *ctx, const Shape *shape_a, const Shape *shape_b, Vec direction,
                           IntersectAnswer *out)
{
    Vec d = direction;
    Support simplex[4], point;
    int count = 0, from_closest = 0, iteration, i, outcome;
    Step step;
    for (iteration = 1; iteration <= K.max_iterations; iteration++) {
        double dot;
        int repeated = 0;
        point = minkowski_support(shape_a, shape_b, d);
        dot = point.w.x * d.x + point.w.y * d.y;
        outcome = -1;
        step.has_direction = 0;
        step.ndropped = 0;
        step.from_closest = 0;
        for (i = 0; i < count; i++) repeated |= vec_eq(point.w, simplex[i].w);
        if (!isfinite(dot)) {
            outcome = ST_DEGENERATE;
        } else if (dot < 0.0) {
            outcome = ST_SEPARATING;
        } else if (repeated) {
            if (from_closest) {
                outcome = ST_DUPLICATE;
            } else {
                step = towards_origin(ctx, simplex, &count, NULL);
            }
        } else {
            simplex[count++] = point;
            step = next_direction(ctx, simplex, &count, d);
            if (from_closest) {
                for (i = 0; i < step.ndropped; i++) {
                    if (vec_eq(point.w, step.dropped[i])) {
                        outcome = ST_DUPLICATE;
                        step.has_direction = 0;
                        break;
                    }
                }
            }
        }
        if (ctx->fail) return;
        if (outcome >= 0 || !step.has_direction) {
            int final = outcome >= 0 ? outcome : ST_CONTAINS;
            out->intersects = final != ST_SEPARATING;
            out->iterations = iteration;
            out->status = final;
            out->count = count;
            for (i = 0; i < count; i++) out->simplex[i] = simplex[i];
            out->direction = d;
            return;
        }
        from_closest = step.from_closest;
        d = step.direction;
    }
    out->intersects = 1;
    out->iterations = (int)K.max_iterations;
    out->status = ST_MAX;
    out->count = count;
    for (i = 0; i < count; i++) out->simplex[i] = simplex[i];
    out->direction = d;
}

/* ------------------------------------------------------------------ */
/* EPA (epa.py)                                                          */
/* ------------------------------------------------------------------ */

typedef struct {
    double depth, error;
    Vec normal, contact[2];
    int iterations, status, none;
} PenetrationAnswer;

typedef struct {
    double height;
    long order;
    Support start, end;
    Vec normal;
} Edge;

typedef struct {
    Edge *items;
    Py_ssize_t size, capacity;
    long next_order;
} Heap;

static int edge_less(const Edge *p, const Edge *q)
{
    /* tuple order (height, order): the first pair that differs decides */
    if (!(p->height == q->height)) return p->height < q->height;
    return p->order < q->order;
}

/* heapq._siftdown and heapq._siftup, as CPython's _heapq runs them */
static void sift_down(Edge *heap, Py_ssize_t startpos, Py_ssize_t pos)
{
    Edge newitem = heap[pos];
    while (pos > startpos) {
        Py_ssize_t parentpos = (pos - 1) >> 1;
        if (edge_less(&newitem, &heap[parentpos])) {
            heap[pos] = heap[parentpos];
            pos = parentpos;
            continue;
        }
        break;
    }
    heap[pos] = newitem;
}

static void sift_up(Edge *heap, Py_ssize_t endpos, Py_ssize_t pos)
{
    Py_ssize_t startpos = pos, childpos = 2 * pos + 1;
    Edge newitem = heap[pos];
    while (childpos < endpos) {
        Py_ssize_t rightpos = childpos + 1;
        if (rightpos < endpos && !edge_less(&heap[childpos], &heap[rightpos])) childpos = rightpos;
        heap[pos] = heap[childpos];
        pos = childpos;
        childpos = 2 * pos + 1;
    }
    heap[pos] = newitem;
    sift_down(heap, startpos, pos);
}

static void push_edge(Context *ctx, Heap *heap, const Support *start, const Support *end)
{
    double ex = end->w.x - start->w.x, ey = end->w.y - start->w.y;
    double length = gjk_hypot(ex, ey);
    Edge e;
    if (length == 0.0) return;
    if (heap->size == heap->capacity) {
        Py_ssize_t capacity = heap->capacity * 2 + 8;
        Edge *items = (Edge *)PyMem_RawRealloc(heap->items, (size_t)capacity * sizeof(Edge));
        if (items == NULL) {
            ctx->fail = FAIL_MEMORY;
            return;
        }
        heap->items = items;
        heap->capacity = capacity;
    }
    e.normal.x = ey / length;
    e.normal.y = -ex / length;
    e.height = e.normal.x * start->w.x + e.normal.y * start->w.y;
    e.order = heap->next_order++;
    e.start = *start;
    e.end = *end;
    heap->items[heap->size++] = e;
    sift_down(heap->items, 0, heap->size - 1);
}

static int pop_edge(Context *ctx, Heap *heap, Edge *out)
{
    Edge last;
    if (heap->size == 0) {
        ctx->fail = FAIL_EMPTY_HEAP;
        return 0;
    }
    last = heap->items[--heap->size];
    if (heap->size > 0) {
        *out = heap->items[0];
        heap->items[0] = last;
        sift_up(heap->items, heap->size, 0);
    } else {
        *out = last;
    }
    return 1;
}

static double magnitude(const Support *p)
{
    double m = fabs(p->a.x);
    m = py_max(m, fabs(p->a.y));
    m = py_max(m, fabs(p->b.x));
    m = py_max(m, fabs(p->b.y));
    return m;
}

static int point_less(Vec p, Vec q)
{
    /* tuple order (x, y) */
    if (!(p.x == q.x)) return p.x < q.x;
    return p.y < q.y;
}

static double turn(const Vec *pts, int i, int j, int k)
{
    double ox = pts[i].x, oy = pts[i].y, ax = pts[j].x, ay = pts[j].y, bx = pts[k].x, by = pts[k].y;
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);
}

/* hull.convex_hull_indices for up to 8 points */
static int hull_indices(const Vec *pts, int n, int *ring)
{
    int order[8], unique[8], nu = 0, i, j, lower[9], upper[9], nl = 0, nup = 0, count = 0, start;
    int rev[8], all[18], rotated[18];
    for (i = 0; i < n; i++) order[i] = i;
    for (i = 1; i < n; i++) { /* a stable insertion sort, as sorted() is stable */
        int item = order[i];
        j = i - 1;
        while (j >= 0 && point_less(pts[item], pts[order[j]])) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = item;
    }
    for (i = 0; i < n; i++) {
        if (nu == 0 || !vec_eq(pts[unique[nu - 1]], pts[order[i]])) unique[nu++] = order[i];
    }
    if (nu <= 2) {
        for (i = 0; i < nu; i++) all[i] = unique[i];
        count = nu;
    } else {
        for (i = 0; i < nu; i++) {
            while (nl >= 2 && turn(pts, lower[nl - 2], lower[nl - 1], unique[i]) <= 0.0) nl--;
            lower[nl++] = unique[i];
        }
        for (i = 0; i < nu; i++) rev[i] = unique[nu - 1 - i];
        for (i = 0; i < nu; i++) {
            while (nup >= 2 && turn(pts, upper[nup - 2], upper[nup - 1], rev[i]) <= 0.0) nup--;
            upper[nup++] = rev[i];
        }
        for (i = 0; i < nl - 1; i++) all[count++] = lower[i];
        for (i = 0; i < nup - 1; i++) all[count++] = upper[i];
    }
    if (count == 0) return 0;
    start = 0;
    for (i = 1; i < count; i++) {
        Vec p = pts[all[i]], q = pts[all[start]];
        /* min by the key (y, x): the first of equal keys */
        if ((!(p.y == q.y) && p.y < q.y) || (p.y == q.y && p.x < q.x)) start = i;
    }
    for (i = 0; i < count; i++) rotated[i] = all[(start + i) % count];
    for (i = 0; i < count; i++) ring[i] = rotated[i];
    return count;
}

static void penetration_finish(double core_depth, Vec normal, Vec wa, Vec wb, const double *radii,
                               int iterations, int status, double error, PenetrationAnswer *out)
{
    double depth = status == ST_CORES_APART ? core_depth : core_depth + radii[0] + radii[1];
    out->none = 0;
    out->depth = depth;
    out->normal.x = normal.x + 0.0;
    out->normal.y = normal.y + 0.0;
    surface_points(wa, wb, normal, radii[0], radii[1], &out->contact[0], &out->contact[1]);
    out->iterations = iterations;
    out->status = status;
    out->error = error;
}

static void epa_expand(Context *ctx, const Shape *core_a, const Shape *core_b, const Support *polygon,
                       int n, const double *radii, PenetrationAnswer *out)
{
    double scale = magnitude(&polygon[0]), size = gjk_hypot(polygon[0].w.x, polygon[0].w.y);
    Heap heap = {NULL, 0, 0, 0};
    Edge edge;
    Support point;
    int k, iterations = 0, status;
    double reach_along = 0.0;
    for (k = 1; k < n; k++) scale = py_max(scale, magnitude(&polygon[k]));
    for (k = 1; k < n; k++) size = py_max(size, gjk_hypot(polygon[k].w.x, polygon[k].w.y));
    for (k = 0; k < n; k++) push_edge(ctx, &heap, &polygon[k], &polygon[(k + 1) % n]);
    if (ctx->fail) goto done;
    for (;;) {
        if (!pop_edge(ctx, &heap, &edge)) goto done;
        point = minkowski_support(core_a, core_b, edge.normal);
        iterations += 1;
        scale = py_max(scale, magnitude(&point));
        size = py_max(size, gjk_hypot(point.w.x, point.w.y));
        reach_along = edge.normal.x * point.w.x + edge.normal.y * point.w.y;
        if (vec_eq(point.w, edge.start.w) || vec_eq(point.w, edge.end.w)) {
            status = ST_DUPLICATE;
            reach_along = edge.height;
        } else if (!isfinite(reach_along)) {
            status = ST_DEGENERATE;
            reach_along = edge.height;
        } else if (reach_along - edge.height <= K.penetration_relative * size + rounding(scale)) {
            status = ST_CONVERGED;
        } else if (iterations == K.epa_max_iterations) {
            status = ST_MAX;
        } else {
            Support start = edge.start, end = edge.end;
            push_edge(ctx, &heap, &start, &point);
            push_edge(ctx, &heap, &point, &end);
            if (ctx->fail) goto done;
            continue;
        }
        break;
    }
    {
        double sx = edge.start.w.x, sy = edge.start.w.y, dx = edge.end.w.x - sx, dy = edge.end.w.y - sy;
        double t = py_min(py_max(divide(ctx, -(sx * dx + sy * dy), dx * dx + dy * dy), 0.0), 1.0);
        double weights[2];
        Support ends[2];
        Vec wa, wb;
        if (ctx->fail) goto done;
        weights[0] = 1.0 - t;
        weights[1] = t;
        ends[0] = edge.start;
        ends[1] = edge.end;
        witness_points(ends, weights, 2, &wa, &wb);
        penetration_finish(py_max(reach_along, 0.0), edge.normal, wa, wb, radii, iterations, status,
                           py_max(reach_along - py_max(edge.height, 0.0), 0.0), out);
    }
done:
    PyMem_RawFree(heap.items);
}

/* epa.penetration, given the distance answer for the same pair */
static void gjk_penetration(Context *ctx, const Shape *shape_a, const Shape *shape_b,
                            const DistanceAnswer *gjk, PenetrationAnswer *out)
{
    double radii[2];
    const Shape *core_a = split_radius(shape_a, &radii[0]);
    const Shape *core_b = split_radius(shape_b, &radii[1]);
    Support polygon[8], points[8];
    Vec ws[8], dirs[4];
    int count = gjk->count, i, ndirs = 0, ring[8], n;
    Closest closest;
    out->none = 0;
    if (!gjk->intersects) {
        out->none = 1;
        return;
    }
    if (count < 3 && radii[0] + radii[1] > 0.0) {
        Vec pa, pb;
        Support kept[3];
        double gap;
        for (i = 0; i < count; i++) ws[i] = gjk->simplex[i].w;
        closest = closest_to_origin(ws, count);
        for (i = 0; i < closest.n; i++) kept[i] = gjk->simplex[closest.kept[i]];
        witness_points(kept, closest.weights, closest.n, &pa, &pb);
        gap = gjk_hypot(pb.x - pa.x, pb.y - pa.y);
        if (gap > gjk->band) {
            Vec normal;
            normal.x = (pb.x - pa.x) / gap;
            normal.y = (pb.y - pa.y) / gap;
            penetration_finish(py_max(radii[0] + radii[1] - gap, 0.0), normal, pa, pb, radii, 0,
                               ST_CORES_APART, 0.0, out);
            return;
        }
    }
    /* _starting_polygon */
    for (i = 0; i < count; i++) points[i] = gjk->simplex[i];
    if (count == 2) {
        double x1 = points[0].w.x, y1 = points[0].w.y, x2 = points[1].w.x, y2 = points[1].w.y;
        dirs[0].x = y2 - y1;
        dirs[0].y = x1 - x2;
        dirs[1].x = y1 - y2;
        dirs[1].y = x2 - x1;
        ndirs = 2;
    } else if (count == 1) {
        dirs[0].x = 1.0;
        dirs[0].y = 0.0;
        dirs[1].x = 0.0;
        dirs[1].y = 1.0;
        dirs[2].x = -1.0;
        dirs[2].y = 0.0;
        dirs[3].x = 0.0;
        dirs[3].y = -1.0;
        ndirs = 4;
    }
    for (i = 0; i < ndirs; i++) points[count + i] = minkowski_support(core_a, core_b, dirs[i]);
    for (i = 0; i < count + ndirs; i++) ws[i] = points[i].w;
    n = hull_indices(ws, count + ndirs, ring);
    for (i = 0; i < n; i++) polygon[i] = points[ring[i]];
    if (n < 3) {
        Vec pa, pb, normal = {0.0, 1.0};
        Support kept[3];
        for (i = 0; i < n; i++) ws[i] = polygon[i].w;
        closest = closest_to_origin(ws, n);
        for (i = 0; i < closest.n; i++) kept[i] = polygon[closest.kept[i]];
        witness_points(kept, closest.weights, closest.n, &pa, &pb);
        if (n == 2) {
            double x1 = polygon[0].w.x, y1 = polygon[0].w.y, x2 = polygon[1].w.x, y2 = polygon[1].w.y;
            double length = gjk_hypot(x2 - x1, y2 - y1);
            normal.x = divide(ctx, -(y2 - y1), length);
            normal.y = divide(ctx, x2 - x1, length);
        }
        penetration_finish(0.0, normal, pa, pb, radii, 0, ST_DEGENERATE, 0.0, out);
        return;
    }
    epa_expand(ctx, core_a, core_b, polygon, n, radii, out);
}

/* ------------------------------------------------------------------ */
/* Reading gjkcli's shape objects                                       */
/* ------------------------------------------------------------------ */

#define MAX_NODES 8

typedef struct {
    Shape nodes[MAX_NODES];
    double local[MAX_NODES][2 * INLINE_VERTICES];
    double *owned[MAX_NODES];
    int used;
    PyObject *radius_objects[2]; /* the radii as the Python holds them (split_radius) */
} Arena;

static void arena_init(Arena *arena)
{
    arena->used = 0;
    memset(arena->owned, 0, sizeof(arena->owned));
}

static void arena_free(Arena *arena)
{
    int i;
    for (i = 0; i < MAX_NODES; i++) PyMem_Free(arena->owned[i]);
}

/* An exact float, as the Python's arithmetic needs it (an int or a NumPy float would be
   computed differently there): 1 and *out set, 0 when not. */
static int exact_float(PyObject *obj, double *out)
{
    if (!PyFloat_CheckExact(obj)) return 0;
    *out = PyFloat_AS_DOUBLE(obj);
    return 1;
}

static int float_attribute(PyObject *obj, PyObject *name, double *out)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    int ok;
    if (value == NULL) return -1;
    ok = exact_float(value, out);
    Py_DECREF(value);
    return ok;
}

static int float_tuple(PyObject *tuple, double *out, Py_ssize_t n)
{
    Py_ssize_t i;
    if (!PyTuple_CheckExact(tuple) || PyTuple_GET_SIZE(tuple) != n) return 0;
    for (i = 0; i < n; i++) {
        if (!exact_float(PyTuple_GET_ITEM(tuple, i), &out[i])) return 0;
    }
    return 1;
}

/* Read one shape object: 1 read, 0 not a primitive shape this core knows (the Python
   answers it), -1 a Python error. */
static int read_shape(Arena *arena, PyObject *obj, const Shape **out)
{
    Shape *s;
    int slot, ok;
    PyObject *type = (PyObject *)Py_TYPE(obj);
    if (arena->used == MAX_NODES) return 0;
    slot = arena->used++;
    s = &arena->nodes[slot];
    *out = s;
    if (type == Polytope_type) {
        PyObject *vertices = PyObject_GetAttr(obj, s_vertices);
        Py_ssize_t n, i;
        double *xy;
        if (vertices == NULL) return -1;
        if (!PyTuple_CheckExact(vertices) || PyTuple_GET_SIZE(vertices) == 0) {
            Py_DECREF(vertices);
            return 0;
        }
        n = PyTuple_GET_SIZE(vertices);
        if (n <= INLINE_VERTICES) {
            xy = arena->local[slot];
        } else {
            xy = (double *)PyMem_Malloc((size_t)n * 2 * sizeof(double));
            if (xy == NULL) {
                Py_DECREF(vertices);
                PyErr_NoMemory();
                return -1;
            }
            arena->owned[slot] = xy;
        }
        for (i = 0; i < n; i++) {
            if (!float_tuple(PyTuple_GET_ITEM(vertices, i), &xy[2 * i], 2)) {
                Py_DECREF(vertices);
                return 0;
            }
        }
        Py_DECREF(vertices);
        s->kind = POLYTOPE;
        s->count = n;
        s->xy = xy;
        return 1;
    }
    if (type == Rounded_type) {
        PyObject *core;
        s->kind = ROUNDED;
        ok = float_attribute(obj, s_radius, &s->radius);
        if (ok <= 0) return ok;
        core = PyObject_GetAttr(obj, s_core);
        if (core == NULL) return -1;
        ok = read_shape(arena, core, &s->inner);
        Py_DECREF(core);
        return ok;
    }
    if (type == Transformed_type) {
        PyObject *affine, *matrix, *offset, *inner;
        s->kind = TRANSFORMED;
        affine = PyObject_GetAttr(obj, s_affine);
        if (affine == NULL) return -1;
        matrix = PyObject_GetAttr(affine, s_matrix);
        offset = matrix == NULL ? NULL : PyObject_GetAttr(affine, s_offset);
        Py_DECREF(affine);
        if (offset == NULL) {
            Py_XDECREF(matrix);
            return -1;
        }
        ok = float_tuple(matrix, s->m, 4) && float_tuple(offset, s->t, 2);
        Py_DECREF(matrix);
        Py_DECREF(offset);
        if (!ok) return 0;
        inner = PyObject_GetAttr(obj, s_inner);
        if (inner == NULL) return -1;
        ok = read_shape(arena, inner, &s->inner);
        Py_DECREF(inner);
        return ok;
    }
    return 0;
}

/* The radius split_radius gives, as the Python object it is. */
static PyObject *radius_object(PyObject *shape)
{
    if ((PyObject *)Py_TYPE(shape) == Rounded_type) return PyObject_GetAttr(shape, s_radius);
    return PyFloat_FromDouble(0.0);
}

/* ------------------------------------------------------------------ */
/* Building the Python answers                                          */
/* ------------------------------------------------------------------ */

static PyObject *support_point_object(const Support *s)
{
    PyObject *w = vec_object(s->w), *a = w ? vec_object(s->a) : NULL, *b = a ? vec_object(s->b) : NULL;
    PyObject *items, *args, *result;
    if (b == NULL) {
        Py_XDECREF(w);
        Py_XDECREF(a);
        return NULL;
    }
    items = PyTuple_Pack(3, w, a, b);
    Py_DECREF(w);
    Py_DECREF(a);
    Py_DECREF(b);
    if (items == NULL) return NULL;
    args = PyTuple_Pack(1, items);
    Py_DECREF(items);
    if (args == NULL) return NULL;
    /* a NamedTuple instance, made as tuple.__new__(SupportPoint, items) makes it */
    result = PyTuple_Type.tp_new((PyTypeObject *)SupportPoint_type, args, NULL);
    Py_DECREF(args);
    return result;
}

static PyObject *pair_object(Vec p, Vec q)
{
    PyObject *a = vec_object(p), *b, *t;
    if (a == NULL) return NULL;
    b = vec_object(q);
    if (b == NULL) {
        Py_DECREF(a);
        return NULL;
    }
    t = PyTuple_Pack(2, a, b);
    Py_DECREF(a);
    Py_DECREF(b);
    return t;
}

static PyObject *simplex_object(const Support *s, int count)
{
    PyObject *t = PyTuple_New(count);
    int i;
    if (t == NULL) return NULL;
    for (i = 0; i < count; i++) {
        PyObject *p = support_point_object(&s[i]);
        if (p == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, p);
    }
    return t;
}

/* An instance of a frozen dataclass, its fields set as object.__setattr__ sets them
   (which is what the dataclass's own __init__ does); the values are stolen. */
static PyObject *make_instance(PyObject *type, int n, PyObject **names, PyObject **values)
{
    PyObject *empty = PyTuple_New(0), *obj = NULL;
    int i, failed = 0;
    for (i = 0; i < n; i++) failed |= values[i] == NULL;
    if (empty != NULL && !failed) {
        obj = PyBaseObject_Type.tp_new((PyTypeObject *)type, empty, NULL);
        for (i = 0; obj != NULL && i < n; i++) {
            if (PyObject_GenericSetAttr(obj, names[i], values[i]) < 0) Py_CLEAR(obj);
        }
    }
    Py_XDECREF(empty);
    for (i = 0; i < n; i++) Py_XDECREF(values[i]);
    return obj;
}

static PyObject *new_ref(PyObject *obj)
{
    Py_INCREF(obj);
    return obj;
}

static PyObject *distance_object(const DistanceAnswer *r, PyObject *radius_a, PyObject *radius_b)
{
    PyObject *names[10] = {s_distance, s_intersects,   s_closest, s_iterations, s_status,
                           s_raw_distance, s_band,     s_simplex, s_radii,      s_witness};
    PyObject *values[10];
    values[0] = PyFloat_FromDouble(r->distance);
    values[1] = PyBool_FromLong(r->intersects);
    values[2] = r->has_closest ? pair_object(r->closest[0], r->closest[1]) : new_ref(Py_None);
    values[3] = PyLong_FromLong(r->iterations);
    values[4] = new_ref(status_objects[r->status]);
    values[5] = PyFloat_FromDouble(r->raw_distance);
    values[6] = PyFloat_FromDouble(r->band);
    values[7] = simplex_object(r->simplex, r->count);
    values[8] = PyTuple_Pack(2, radius_a, radius_b);
    values[9] = r->has_witness ? pair_object(r->witness[0], r->witness[1]) : new_ref(Py_None);
    return make_instance(DistanceResult_type, 10, names, values);
}

static PyObject *intersect_object(const IntersectAnswer *r)
{
    PyObject *names[5] = {s_intersects, s_iterations, s_status, s_simplex, s_direction};
    PyObject *values[5];
    values[0] = PyBool_FromLong(r->intersects);
    values[1] = PyLong_FromLong(r->iterations);
    values[2] = new_ref(status_objects[r->status]);
    values[3] = simplex_object(r->simplex, r->count);
    values[4] = vec_object(r->direction);
    return make_instance(IntersectResult_type, 5, names, values);
}

static PyObject *penetration_object(const PenetrationAnswer *r)
{
    PyObject *names[6] = {s_depth, s_normal, s_contact, s_iterations, s_status, s_error};
    PyObject *values[6];
    if (r->none) Py_RETURN_NONE;
    values[0] = PyFloat_FromDouble(r->depth);
    values[1] = vec_object(r->normal);
    values[2] = pair_object(r->contact[0], r->contact[1]);
    values[3] = PyLong_FromLong(r->iterations);
    values[4] = new_ref(status_objects[r->status]);
    values[5] = PyFloat_FromDouble(r->error);
    return make_instance(Penetration_type, 6, names, values);
}

static int raise_failure(Context *ctx)
{
    if (restore_error(ctx)) return -1; /* the Python's own exception, as raised */
    switch (ctx->fail) {
    case FAIL_NONE:
        return 0;
    case FAIL_ZERO_DIVISION:
        PyErr_SetString(PyExc_ZeroDivisionError, "float division by zero");
        return -1;
    case FAIL_EMPTY_HEAP:
        PyErr_SetString(PyExc_IndexError, "index out of range");
        return -1;
    case FAIL_MEMORY:
        PyErr_NoMemory();
        return -1;
    default:
        PyErr_SetString(PyExc_RuntimeError, "an exact step of the compiled core failed");
        return -1;
    }
}

static int ready(void)
{
    if (!K.ready) {
        PyErr_SetString(PyExc_RuntimeError, "gjkcli._engine is not configured");
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ */
/* The per-call functions                                               */
/* ------------------------------------------------------------------ */

/* Read both shapes: 1 read, 0 not both primitive (the caller returns NotImplemented), -1 error. */
static int read_pair(Arena *arena, PyObject *a, PyObject *b, const Shape **sa, const Shape **sb)
{
    int ok = read_shape(arena, a, sa);
    if (ok <= 0) return ok;
    return read_shape(arena, b, sb);
}

static PyObject *engine_distance(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Arena arena;
    const Shape *sa, *sb;
    DistanceAnswer answer;
    Context ctx = {FAIL_NONE, {NULL, NULL, NULL}};
    PyObject *ra = NULL, *rb = NULL, *result = NULL;
    int ok;
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "distance(a, b)");
        return NULL;
    }
    if (!ready()) return NULL;
    arena_init(&arena);
    ok = read_pair(&arena, args[0], args[1], &sa, &sb);
    if (ok <= 0) {
        arena_free(&arena);
        return ok < 0 ? NULL : new_ref(Py_NotImplemented);
    }
    gjk_distance(&ctx, sa, sb, &answer);
    arena_free(&arena);
    if (raise_failure(&ctx) < 0) return NULL;
    ra = radius_object(args[0]);
    rb = ra ? radius_object(args[1]) : NULL;
    if (rb != NULL) result = distance_object(&answer, ra, rb);
    Py_XDECREF(ra);
    Py_XDECREF(rb);
    return result;
}

static PyObject *engine_intersects(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Arena arena;
    const Shape *sa, *sb;
    IntersectAnswer answer;
    Context ctx = {FAIL_NONE, {NULL, NULL, NULL}};
    Vec d;
    int ok;
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "intersects(a, b, direction)");
        return NULL;
    }
    if (!ready()) return NULL;
    {
        double xy[2];
        if (!float_tuple(args[2], xy, 2)) return new_ref(Py_NotImplemented);
        d.x = xy[0];
        d.y = xy[1];
    }
    arena_init(&arena);
    ok = read_pair(&arena, args[0], args[1], &sa, &sb);
    if (ok <= 0) {
        arena_free(&arena);
        return ok < 0 ? NULL : new_ref(Py_NotImplemented);
    }
    gjk_intersects(&ctx, sa, sb, d, &answer);
    arena_free(&arena);
    if (raise_failure(&ctx) < 0) return NULL;
    return intersect_object(&answer);
}

/* The distance answer a penetration query was given, read back from its object. */
static int read_distance(PyObject *obj, DistanceAnswer *out)
{
    PyObject *value;
    Py_ssize_t i, n;
    value = PyObject_GetAttr(obj, s_intersects);
    if (value == NULL) return -1;
    out->intersects = PyObject_IsTrue(value);
    Py_DECREF(value);
    if (out->intersects < 0) return -1;
    if (float_attribute(obj, s_band, &out->band) <= 0) return PyErr_Occurred() ? -1 : 0;
    value = PyObject_GetAttr(obj, s_simplex);
    if (value == NULL) return -1;
    /* an empty simplex (no distance run ends with one) is left to the Python, which
       says what is wrong with it */
    if (!PyTuple_Check(value) || (n = PyTuple_GET_SIZE(value)) > 3 || n == 0) {
        Py_DECREF(value);
        return 0;
    }
    for (i = 0; i < n; i++) {
        PyObject *p = PyTuple_GET_ITEM(value, i);
        if (!PyTuple_Check(p) || PyTuple_GET_SIZE(p) != 3 ||
            !float_tuple(PyTuple_GET_ITEM(p, 0), &out->simplex[i].w.x, 2) ||
            !float_tuple(PyTuple_GET_ITEM(p, 1), &out->simplex[i].a.x, 2) ||
            !float_tuple(PyTuple_GET_ITEM(p, 2), &out->simplex[i].b.x, 2)) {
            Py_DECREF(value);
            return 0;
        }
    }
    out->count = (int)n;
    Py_DECREF(value);
    return 1;
}

static PyObject *engine_penetration(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Arena arena;
    const Shape *sa, *sb;
    DistanceAnswer gjk;
    PenetrationAnswer answer;
    Context ctx = {FAIL_NONE, {NULL, NULL, NULL}};
    int ok;
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "penetration(a, b, gjk_or_None)");
        return NULL;
    }
    if (!ready()) return NULL;
    arena_init(&arena);
    ok = read_pair(&arena, args[0], args[1], &sa, &sb);
    if (ok > 0) {
        if (args[2] == Py_None) {
            gjk_distance(&ctx, sa, sb, &gjk);
        } else {
            ok = read_distance(args[2], &gjk);
        }
    }
    if (ok <= 0) {
        arena_free(&arena);
        return ok < 0 ? NULL : new_ref(Py_NotImplemented);
    }
    if (!ctx.fail) gjk_penetration(&ctx, sa, sb, &gjk, &answer);
    arena_free(&arena);
    if (raise_failure(&ctx) < 0) return NULL;
    return penetration_object(&answer);
}

/* hypot exposed for the tests that hold it to math.hypot */
static PyObject *engine_hypot(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    double x, y;
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "hypot(x, y)");
        return NULL;
    }
    x = PyFloat_AsDouble(args[0]);
    if (x == -1.0 && PyErr_Occurred()) return NULL;
    y = PyFloat_AsDouble(args[1]);
    if (y == -1.0 && PyErr_Occurred()) return NULL;
    return PyFloat_FromDouble(gjk_hypot(x, y));
}

/* ------------------------------------------------------------------ */
/* The array functions (gjkcli.vectorized)                              */
/* ------------------------------------------------------------------ */

/* Columns of shapes: shape i is the polytope of coords[offsets[i]:offsets[i+1]], grown by
   inner[i], mapped by matrix[i] and offset[i] when mapped[i], grown by outer[i]. */
typedef struct {
    Py_buffer coords, offsets, inner, mapped, matrix, shift, outer;
    Py_ssize_t count;
} Columns;

typedef struct {
    Shape nodes[4];
} Built;

static const Shape *build_shape(const Columns *c, Py_ssize_t i, Built *b)
{
    const int64_t *offsets = (const int64_t *)c->offsets.buf;
    const double *coords = (const double *)c->coords.buf;
    const double *inner = (const double *)c->inner.buf, *outer = (const double *)c->outer.buf;
    const double *matrix = (const double *)c->matrix.buf, *shift = (const double *)c->shift.buf;
    const uint8_t *mapped = (const uint8_t *)c->mapped.buf;
    Shape *s = &b->nodes[0];
    int k = 0;
    s->kind = POLYTOPE;
    s->count = (Py_ssize_t)(offsets[i + 1] - offsets[i]);
    s->xy = coords + 2 * offsets[i];
    if (inner[i] != 0.0) {
        b->nodes[++k].kind = ROUNDED;
        b->nodes[k].inner = &b->nodes[k - 1];
        b->nodes[k].radius = inner[i];
    }
    if (mapped[i]) {
        b->nodes[++k].kind = TRANSFORMED;
        b->nodes[k].inner = &b->nodes[k - 1];
        memcpy(b->nodes[k].m, matrix + 4 * i, 4 * sizeof(double));
        memcpy(b->nodes[k].t, shift + 2 * i, 2 * sizeof(double));
    }
    if (outer[i] != 0.0) {
        b->nodes[++k].kind = ROUNDED;
        b->nodes[k].inner = &b->nodes[k - 1];
        b->nodes[k].radius = outer[i];
    }
    return &b->nodes[k];
}

static void release_columns(Columns *c)
{
    Py_buffer *all[7] = {&c->coords, &c->offsets, &c->inner, &c->mapped, &c->matrix, &c->shift, &c->outer};
    int i;
    for (i = 0; i < 7; i++) {
        if (all[i]->obj != NULL) PyBuffer_Release(all[i]);
    }
}

/* A contiguous buffer of items of one format: writable for the outputs, read-only for the
   inputs (which the loop reads without the GIL, after checking them: nothing may change
   them meanwhile). */
static int get_buffer(PyObject *obj, Py_buffer *view, const char *format, Py_ssize_t itemsize,
                      Py_ssize_t items, int writable)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    view->obj = NULL;
    if (PyObject_GetBuffer(obj, view, flags) < 0) return -1;
    if (!writable && !view->readonly) {
        PyBuffer_Release(view);
        view->obj = NULL;
        PyErr_SetString(PyExc_ValueError, "the shape columns and pair indices must be read-only");
        return -1;
    }
    if (view->itemsize != itemsize || strcmp(view->format, format) != 0 || view->len != items * itemsize) {
        PyBuffer_Release(view);
        view->obj = NULL;
        PyErr_Format(PyExc_ValueError, "expected a contiguous array of %zd items of format '%s'", items,
                     format);
        return -1;
    }
    return 0;
}

/* A contiguous buffer of `items` items (any number, for -1) of `size` bytes whose format
   is one of `formats` (one letter each); `what` names the caller in the error. */
static int typed_buffer(PyObject *obj, Py_buffer *view, const char *what, const char *formats,
                        Py_ssize_t size, Py_ssize_t items, int writable)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    view->obj = NULL;
    if (PyObject_GetBuffer(obj, view, flags) < 0) return -1;
    if (view->itemsize != size || view->format == NULL || strlen(view->format) != 1 ||
        strchr(formats, view->format[0]) == NULL || (items >= 0 && view->len != items * size)) {
        PyBuffer_Release(view);
        view->obj = NULL;
        PyErr_Format(PyExc_ValueError, "%s: expected a contiguous array of format '%s'", what,
                     formats);
        return -1;
    }
    return 0;
}

/* Columns from a tuple (coords, offsets, inner, mapped, matrix, shift, outer). */
static int read_columns(PyObject *tuple, Columns *c)
{
    Py_buffer probe;
    Py_ssize_t n, m;
    const int64_t *offsets;
    Py_ssize_t i;
    memset(c, 0, sizeof(*c));
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != 7) {
        PyErr_SetString(PyExc_TypeError, "expected the 7 columns of a shape array");
        return -1;
    }
    if (PyObject_GetBuffer(PyTuple_GET_ITEM(tuple, 1), &probe, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return -1;
    n = probe.len / (probe.itemsize ? probe.itemsize : 1) - 1;
    PyBuffer_Release(&probe);
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError, "offsets must have at least one item");
        return -1;
    }
    c->count = n;
    if (get_buffer(PyTuple_GET_ITEM(tuple, 1), &c->offsets, "l", 8, n + 1, 0) < 0 &&
        (PyErr_Clear(), get_buffer(PyTuple_GET_ITEM(tuple, 1), &c->offsets, "q", 8, n + 1, 0) < 0))
        goto fail;
    offsets = (const int64_t *)c->offsets.buf;
    m = offsets[n];
    if (m < 0 || m > PY_SSIZE_T_MAX / 16) {
        PyErr_SetString(PyExc_ValueError, "the offsets name more points than there can be");
        goto fail;
    }
    for (i = 0; i < n; i++) {
        if (offsets[i] < 0 || offsets[i + 1] <= offsets[i] || offsets[i + 1] > m) {
            PyErr_Format(PyExc_ValueError, "shape %zd has no vertices, or the offsets do not rise", i);
            goto fail;
        }
    }
    if (get_buffer(PyTuple_GET_ITEM(tuple, 0), &c->coords, "d", 8, 2 * m, 0) < 0) goto fail;
    if (get_buffer(PyTuple_GET_ITEM(tuple, 2), &c->inner, "d", 8, n, 0) < 0) goto fail;
    if (get_buffer(PyTuple_GET_ITEM(tuple, 3), &c->mapped, "?", 1, n, 0) < 0) goto fail;
    if (get_buffer(PyTuple_GET_ITEM(tuple, 4), &c->matrix, "d", 8, 4 * n, 0) < 0) goto fail;
    if (get_buffer(PyTuple_GET_ITEM(tuple, 5), &c->shift, "d", 8, 2 * n, 0) < 0) goto fail;
    if (get_buffer(PyTuple_GET_ITEM(tuple, 6), &c->outer, "d", 8, n, 0) < 0) goto fail;
    return 0;
fail:
    release_columns(c);
    return -1;
}

enum { QUERY_DISTANCE = 0, QUERY_INTERSECTS = 1, QUERY_PENETRATION = 2 };
enum { NO_OVERLAP = -1, FAILED = -10 };

/* many(query, columns_a, columns_b, index_a, index_b, start, stop, value, flag, points,
        iterations, status) answers pairs start..stop-1 of the index arrays without the GIL.
   value: the distance, or the depth (0 for shapes that do not overlap); flag: whether
   the shapes intersect; points, 6 numbers a pair: the closest points of A and B (distance),
   the last search direction (intersects), or the normal and the contact points on A and B
   (penetration), NaN where there are none (None: not asked for); status: the status code (an index into
   STATUSES), NO_OVERLAP for a penetration query on shapes that do not overlap, or
   FAILED minus the failure's code when the pair could not be answered. */
static PyObject *engine_many(PyObject *self, PyObject *args)
{
    int query;
    PyObject *ca, *cb, *ia_obj, *ib_obj, *value_obj, *flag_obj, *points_obj, *iter_obj, *status_obj;
    Py_ssize_t start, stop, total, i;
    Columns a, b;
    Py_buffer ia, ib, value, flag, points, iters, status;
    Py_buffer *views[7] = {&ia, &ib, &value, &flag, &points, &iters, &status};
    Context first = {FAIL_NONE, {NULL, NULL, NULL}};
    int k;
    (void)self;
    if (!PyArg_ParseTuple(args, "iOOOOnnOOOOO", &query, &ca, &cb, &ia_obj, &ib_obj, &start, &stop,
                          &value_obj, &flag_obj, &points_obj, &iter_obj, &status_obj))
        return NULL;
    if (!ready()) return NULL;
    if (query != QUERY_DISTANCE && query != QUERY_INTERSECTS && query != QUERY_PENETRATION) {
        PyErr_Format(PyExc_ValueError, "unknown query %d", query);
        return NULL;
    }
    for (k = 0; k < 7; k++) views[k]->obj = NULL;
    if (read_columns(ca, &a) < 0) return NULL;
    if (read_columns(cb, &b) < 0) {
        release_columns(&a);
        return NULL;
    }
    {
        Py_buffer probe;
        if (PyObject_GetBuffer(ia_obj, &probe, PyBUF_C_CONTIGUOUS) < 0) goto fail;
        total = probe.len / 8;
        PyBuffer_Release(&probe);
    }
    if (start < 0 || stop > total || start > stop) {
        PyErr_SetString(PyExc_ValueError, "start and stop must lie within the pairs");
        goto fail;
    }
    if (get_buffer(ia_obj, &ia, "q", 8, total, 0) < 0 &&
        (PyErr_Clear(), get_buffer(ia_obj, &ia, "l", 8, total, 0) < 0))
        goto fail;
    if (get_buffer(ib_obj, &ib, "q", 8, total, 0) < 0 &&
        (PyErr_Clear(), get_buffer(ib_obj, &ib, "l", 8, total, 0) < 0))
        goto fail;
    if (get_buffer(value_obj, &value, "d", 8, total, 1) < 0) goto fail;
    if (get_buffer(flag_obj, &flag, "?", 1, total, 1) < 0) goto fail;
    if (points_obj != Py_None && get_buffer(points_obj, &points, "d", 8, 6 * total, 1) < 0) goto fail;
    if (get_buffer(iter_obj, &iters, "i", 4, total, 1) < 0) goto fail;
    if (get_buffer(status_obj, &status, "b", 1, total, 1) < 0) goto fail;
    for (i = start; i < stop; i++) {
        int64_t p = ((const int64_t *)ia.buf)[i], q = ((const int64_t *)ib.buf)[i];
        if (p < 0 || p >= a.count || q < 0 || q >= b.count) {
            PyErr_SetString(PyExc_IndexError, "a pair names a shape the arrays do not have");
            goto fail;
        }
    }
    Py_BEGIN_ALLOW_THREADS
    {
        const int64_t *pa = (const int64_t *)ia.buf, *pb = (const int64_t *)ib.buf;
        double *out_value = (double *)value.buf;
        uint8_t *out_flag = (uint8_t *)flag.buf;
        int32_t *out_iters = (int32_t *)iters.buf;
        int8_t *out_status = (int8_t *)status.buf;
        for (i = start; i < stop; i++) {
            Built ba, bb;
            const Shape *sa = build_shape(&a, (Py_ssize_t)pa[i], &ba);
            const Shape *sb = build_shape(&b, (Py_ssize_t)pb[i], &bb);
            Context ctx = {FAIL_NONE, {NULL, NULL, NULL}};
            double spare[6], *pts = points.obj != NULL ? (double *)points.buf + 6 * i : spare;
            for (k = 0; k < 6; k++) pts[k] = NAN;
            if (query == QUERY_INTERSECTS) {
                IntersectAnswer r;
                memset(&r, 0, sizeof r);
                gjk_intersects(&ctx, sa, sb, (Vec){0.0, 1.0}, &r);
                out_flag[i] = (uint8_t)r.intersects;
                out_value[i] = NAN;
                out_iters[i] = r.iterations;
                out_status[i] = (int8_t)r.status;
                pts[0] = r.direction.x;
                pts[1] = r.direction.y;
            } else {
                DistanceAnswer d;
                memset(&d, 0, sizeof d);
                gjk_distance(&ctx, sa, sb, &d);
                out_flag[i] = (uint8_t)d.intersects;
                out_value[i] = d.distance;
                out_iters[i] = d.iterations;
                out_status[i] = (int8_t)d.status;
                if (query == QUERY_DISTANCE && d.has_closest) {
                    pts[0] = d.closest[0].x;
                    pts[1] = d.closest[0].y;
                    pts[2] = d.closest[1].x;
                    pts[3] = d.closest[1].y;
                } else if (query == QUERY_PENETRATION && !ctx.fail) {
                    PenetrationAnswer p;
                    memset(&p, 0, sizeof p);
                    gjk_penetration(&ctx, sa, sb, &d, &p);
                    if (p.none) {
                        out_value[i] = 0.0;
                        out_iters[i] = 0;
                        out_status[i] = NO_OVERLAP;
                    } else {
                        out_value[i] = p.depth;
                        out_iters[i] = p.iterations;
                        out_status[i] = (int8_t)p.status;
                        pts[0] = p.normal.x;
                        pts[1] = p.normal.y;
                        pts[2] = p.contact[0].x;
                        pts[3] = p.contact[0].y;
                        pts[4] = p.contact[1].x;
                        pts[5] = p.contact[1].y;
                    }
                }
            }
            if (ctx.fail) { /* where the single-pair function raises: no answer */
                out_value[i] = NAN;
                out_flag[i] = 0;
                out_iters[i] = 0;
                for (k = 0; k < 6; k++) pts[k] = NAN;
                out_status[i] = (int8_t)(FAILED - ctx.fail);
                if (ctx.error[0] != NULL) { /* the Python's exception: the first is raised */
                    PyGILState_STATE gil = PyGILState_Ensure();
                    if (first.error[0] == NULL) {
                        memcpy(first.error, ctx.error, sizeof ctx.error);
                    } else {
                        Py_XDECREF(ctx.error[0]);
                        Py_XDECREF(ctx.error[1]);
                        Py_XDECREF(ctx.error[2]);
                    }
                    PyGILState_Release(gil);
                }
            }
        }
    }
    Py_END_ALLOW_THREADS
    for (k = 0; k < 7; k++) {
        if (views[k]->obj != NULL) PyBuffer_Release(views[k]);
    }
    release_columns(&a);
    release_columns(&b);
    if (restore_error(&first)) return NULL; /* KeyboardInterrupt, MemoryError, ... */
    Py_RETURN_NONE;
fail:
    for (k = 0; k < 7; k++) {
        if (views[k]->obj != NULL) PyBuffer_Release(views[k]);
    }
    release_columns(&a);
    release_columns(&b);
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Configuration and the module                                         */
/* ------------------------------------------------------------------ */

static int take(PyObject *mapping, const char *key, PyObject **slot)
{
    PyObject *value = PyDict_GetItemString(mapping, key);
    if (value == NULL) {
        PyErr_Format(PyExc_KeyError, "configure() needs %s", key);
        return -1;
    }
    Py_INCREF(value);
    Py_XSETREF(*slot, value);
    return 0;
}

static int take_double(PyObject *mapping, const char *key, double *out)
{
    PyObject *value = PyDict_GetItemString(mapping, key);
    if (value == NULL) {
        PyErr_Format(PyExc_KeyError, "configure() needs %s", key);
        return -1;
    }
    *out = PyFloat_AsDouble(value);
    return (*out == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

static int take_long(PyObject *mapping, const char *key, long *out)
{
    PyObject *value = PyDict_GetItemString(mapping, key);
    if (value == NULL) {
        PyErr_Format(PyExc_KeyError, "configure() needs %s", key);
        return -1;
    }
    *out = PyLong_AsLong(value);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static PyObject *engine_configure(PyObject *self, PyObject *mapping)
{
    (void)self;
    if (!PyDict_Check(mapping)) {
        PyErr_SetString(PyExc_TypeError, "configure() takes a dict");
        return NULL;
    }
    if (take(mapping, "Polytope", &Polytope_type) < 0 || take(mapping, "Rounded", &Rounded_type) < 0 ||
        take(mapping, "Transformed", &Transformed_type) < 0 ||
        take(mapping, "SupportPoint", &SupportPoint_type) < 0 ||
        take(mapping, "DistanceResult", &DistanceResult_type) < 0 ||
        take(mapping, "IntersectResult", &IntersectResult_type) < 0 ||
        take(mapping, "Penetration", &Penetration_type) < 0 ||
        take(mapping, "triangle_around_origin", &triangle_around_origin_fn) < 0 ||
        take_double(mapping, "TOUCH_RELATIVE", &K.touch_relative) < 0 ||
        take_double(mapping, "CONVERGENCE_RELATIVE", &K.convergence_relative) < 0 ||
        take_double(mapping, "ROUNDING_FACTOR", &K.rounding_factor) < 0 ||
        take_double(mapping, "PENETRATION_RELATIVE", &K.penetration_relative) < 0 ||
        take_long(mapping, "MAX_ITERATIONS", &K.max_iterations) < 0 ||
        take_long(mapping, "EPA_MAX_ITERATIONS", &K.epa_max_iterations) < 0)
        return NULL;
    {
        /* the statuses by code, as the Python numbers them */
        PyObject *names = PyDict_GetItemString(mapping, "STATUSES");
        int i;
        if (names == NULL || !PyTuple_Check(names) || PyTuple_GET_SIZE(names) != ST_COUNT) {
            PyErr_SetString(PyExc_ValueError, "configure() needs the STATUSES tuple");
            return NULL;
        }
        for (i = 0; i < ST_COUNT; i++) {
            int same = PyObject_RichCompareBool(PyTuple_GET_ITEM(names, i), status_objects[i], Py_EQ);
            if (same <= 0) {
                if (same == 0) PyErr_Format(PyExc_ValueError, "status %d is not %s", i, STATUS_NAMES[i]);
                return NULL;
            }
        }
    }
    if (K.max_iterations < 1 || K.epa_max_iterations < 1) {
        PyErr_SetString(PyExc_ValueError, "the iteration caps must be at least 1");
        return NULL;
    }
    if (!PyType_Check(SupportPoint_type) ||
        !PyType_IsSubtype((PyTypeObject *)SupportPoint_type, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "SupportPoint must be a tuple type");
        return NULL;
    }
    K.ready = 1;
    Py_RETURN_NONE;
}

#include "_scan.c"
#include "_exact.c"
#include "_recheck.c"
#include "_lane.c"
#include "_hull.c"
#include "_outline.c"
#include "_merge.c"
#include "_rings.c"
#include "_facets.c"
#include "_extents.c"

static PyMethodDef engine_methods[] = {
    {"configure", (PyCFunction)engine_configure, METH_O,
     "configure(mapping): the shape and result classes, the exact steps and the tolerances."},
    {"distance", (PyCFunction)(void (*)(void))engine_distance, METH_FASTCALL,
     "distance(a, b): a DistanceResult, or NotImplemented for shapes the core does not know."},
    {"intersects", (PyCFunction)(void (*)(void))engine_intersects, METH_FASTCALL,
     "intersects(a, b, direction): an IntersectResult, or NotImplemented."},
    {"penetration", (PyCFunction)(void (*)(void))engine_penetration, METH_FASTCALL,
     "penetration(a, b, gjk): a Penetration, None, or NotImplemented."},
    {"hypot", (PyCFunction)(void (*)(void))engine_hypot, METH_FASTCALL,
     "hypot(x, y): CPython's math.hypot algorithm, as the core computes it."},
    {"many", (PyCFunction)engine_many, METH_VARARGS,
     "many(query, a, b, index_a, index_b, start, stop, value, flag, points, iterations, status)."},
    {"scan_plain", (PyCFunction)(void (*)(void))engine_scan_plain, METH_FASTCALL,
     "scan_plain(texts, least, most): each text's (name, points a, points b) or None (_scan.c)."},
    {"scan_polygons", (PyCFunction)(void (*)(void))engine_scan_polygons, METH_FASTCALL,
     "scan_polygons(texts, least, most): what scan_plain takes, as columns (_scan.c)."},
    {"exact_filter", (PyCFunction)engine_exact_filter, METH_VARARGS,
     "exact_filter(x, y, count, usable, quantum, codes): the exact arbiter's float filter."},
    {"exact_read", (PyCFunction)engine_exact_read, METH_O,
     "exact_read(pairs): the float vertices of pairs of polytopes, end to end, or None."},
    {"recheck_configure", (PyCFunction)(void (*)(void))engine_recheck_configure, METH_FASTCALL,
     "recheck_configure(rounding, relative): the re-check's CERTIFICATE_ROUNDING and _RELATIVE."},
    {"separating_axis_holds", (PyCFunction)(void (*)(void))engine_separating_axis_holds,
     METH_FASTCALL,
     "separating_axis_holds(a, b, proof, distance): True when the re-check finds no problem."},
    {"enclosing_simplex_holds", (PyCFunction)(void (*)(void))engine_enclosing_simplex_holds,
     METH_FASTCALL,
     "enclosing_simplex_holds(a, b, proof, band): True when the re-check finds no problem."},
    {"lane_configure", (PyCFunction)(void (*)(void))engine_lane_configure, METH_FASTCALL,
     "lane_configure(agreement_relative, min_size): the lane's AGREEMENT_RELATIVE and MIN_SIZE."},
    {"lane_records", (PyCFunction)engine_lane_records, METH_VARARGS,
     "lane_records(xy, counts, names, files, lines, ...): each polygon pair's record, or None."},
    {"hull_kept", (PyCFunction)(void (*)(void))engine_hull_kept, METH_FASTCALL,
     "hull_kept(a, b, rounding, underflow, least): the depth oracle's differences kept (_hull.c)."},
    {"distinct_rows", (PyCFunction)engine_distinct_rows, METH_O,
     "distinct_rows(points): the distinct rows, sorted as np.unique sorts them (_hull.c)."},
    {"ring_starts", (PyCFunction)(void (*)(void))engine_ring_starts, METH_FASTCALL,
     "ring_starts(points, counts, rounding, underflow): the proven rings' lowest points (_hull.c)."},
    {"trace_chains", (PyCFunction)(void (*)(void))engine_trace_chains, METH_FASTCALL,
     "trace_chains(...): outlines of maps and discs round polytopes, as outline.py (_outline.c)."},
    {"outline_products", (PyCFunction)(void (*)(void))engine_outline_products, METH_FASTCALL,
     "outline_products(kind, rows, matrix): the maps' products _outline.c forms."},
    {"facets_heights", (PyCFunction)(void (*)(void))engine_facets_heights, METH_FASTCALL,
     "facets_heights(ring_a, ring_b, dx, dy, limit, range): segment heights (_facets.c)."},
    {"facets_kept", (PyCFunction)(void (*)(void))engine_facets_kept, METH_FASTCALL,
     "facets_kept(ring_a, ring_b, near_a, near_b, distances): GEOS's pair kept (_facets.c)."},
    {"box_distances", (PyCFunction)(void (*)(void))engine_box_distances, METH_FASTCALL,
     "box_distances(table_a, table_b, i, j, rounding): boxes' distances and bounds (_extents.c)."},
    {"boxes_meeting", (PyCFunction)(void (*)(void))engine_boxes_meeting, METH_FASTCALL,
     "boxes_meeting(table_a, table_b, grow, start, stop): the pairs of boxes that meet "
     "(_extents.c)."},
    {"merge_parts", (PyCFunction)(void (*)(void))engine_merge_parts, METH_FASTCALL,
     "merge_parts(points, triangles): decompose's convex parts, as corner numbers (_merge.c)."},
    {"ring_convexity", (PyCFunction)(void (*)(void))engine_ring_convexity, METH_FASTCALL,
     "ring_convexity(points): convexity_problem's answer as (code, index, count) (_rings.c)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef engine_module = {
    PyModuleDef_HEAD_INIT, "_engine", "The compiled core of gjkcli (see gjkcli.engine).", -1,
    engine_methods, NULL, NULL, NULL, NULL,
};

/* Whether this file was compiled with contraction off: a product and a sum that a fused
   multiply-add would round once come out as two roundings. (gcc reads no pragma for it;
   this catches a build that left out -ffp-contract=off.) */
static int contraction_is_off(void)
{
    volatile double x = 1.0 + ldexp(1.0, -30), y = 1.0 - ldexp(1.0, -30), z = -1.0;
    double product_then_sum = x * y + z; /* 1 - 2**-60 rounds to 1: exactly 0 */
    return product_then_sum == 0.0;
}

static int intern(PyObject **slot, const char *text)
{
    *slot = PyUnicode_InternFromString(text);
    return *slot == NULL ? -1 : 0;
}

PyMODINIT_FUNC PyInit__engine(void)
{
    PyObject *module;
    int i;
    if (intern(&s_vertices, "vertices") < 0 || intern(&s_core, "core") < 0 ||
        intern(&s_radius, "radius") < 0 || intern(&s_inner, "inner") < 0 ||
        intern(&s_affine, "affine") < 0 || intern(&s_matrix, "matrix") < 0 ||
        intern(&s_offset, "offset") < 0 || intern(&s_intersects, "intersects") < 0 ||
        intern(&s_simplex, "simplex") < 0 || intern(&s_band, "band") < 0 ||
        intern(&s_distance, "distance") < 0 || intern(&s_closest, "closest") < 0 ||
        intern(&s_iterations, "iterations") < 0 || intern(&s_status, "status") < 0 ||
        intern(&s_raw_distance, "raw_distance") < 0 || intern(&s_radii, "radii") < 0 ||
        intern(&s_witness, "witness") < 0 || intern(&s_direction, "direction") < 0 ||
        intern(&s_depth, "depth") < 0 || intern(&s_normal, "normal") < 0 ||
        intern(&s_contact, "contact") < 0 || intern(&s_error, "error") < 0)
        return NULL;
    for (i = 0; i < ST_COUNT; i++) {
        if (intern(&status_objects[i], STATUS_NAMES[i]) < 0) return NULL;
    }
    set_powers_of_two();
    if (!contraction_is_off()) {
        PyErr_SetString(PyExc_ImportError,
                        "gjkcli._engine was compiled with floating-point contraction on");
        return NULL;
    }
    module = PyModule_Create(&engine_module);
    if (module != NULL && PyModule_AddIntConstant(module, "lane_ported", LANE_PORTED) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
