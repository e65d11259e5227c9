/*
 * The certified floating-point filter in front of the exact arbiter, pair by pair in C
 * (included by _engine.c; called by gjkcli/verify/exact_filter.py).
 *
 * It mirrors the NumPy filter, gjkcli/verify/exact_filter.py with filter_rows.py and
 * float_filter.py, whose module notes give the geometry and prove the bounds: the same
 * rules, the same bounds, and every floating-point value computed by the same
 * operations in the same order (contraction is off, see _engine.c), so that both
 * decide the same pairs the same way and name the same distance candidates. The NumPy
 * filter pads each shape with copies of its last vertex to a common row size; a copy
 * adds no orientation, sign or candidate the last vertex does not already give, so here
 * each shape is taken with its own vertices only.
 *
 * For each pair: the sign codes of the orientations within each shape (each triple
 * once), the supporting pairs of vertices, their signs across against the other shape,
 * the verdict code, and for separated pairs the distance candidates whose bound below
 * is at most the least bound above. The candidates' exact squared distances are left to
 * the Python (integers and Fractions, shared with the NumPy filter).
 */

enum { EX_POSITIVE = 1, EX_ZERO = 2, EX_NEGATIVE = 4, EX_UNKNOWN = 8 };
enum { EX_UNDECIDED = 0, EX_SEPARATED = 1, EX_TOUCHING = 2, EX_OVERLAPPING = 3 };

/* The most vertices a shape may have here (exact_filter.MOST_VERTICES); shapes with more
   are left undecided. */
#define EX_MOST 16
/* The most distance candidates of one pair: every vertex against every vertex, and every
   pair of vertices of each shape against every vertex of the other. */
#define EX_MOST_CANDIDATES (EX_MOST * EX_MOST + 2 * (EX_MOST * (EX_MOST - 1) / 2) * EX_MOST)

/* RELATIVE_BOUND = 2^-49 and _SMALLEST_FACTOR = 2^-500 of float_filter.py. */
#define EX_RELATIVE (1.0 / 562949953421312.0)
#define EX_SMALLEST_EXPONENT (-500)

typedef struct {
    const double *x, *y; /* the scaled coordinates of its vertices */
    int64_t start;       /* the place of its first vertex in the columns */
    int n;
    double quantum_squared; /* the square of its own quantum */
    unsigned char distinct[EX_MOST][EX_MOST];
    unsigned char within[EX_MOST][EX_MOST]; /* [i][j], i < j: the OR of the codes within */
    unsigned char across[EX_MOST][EX_MOST]; /* the OR across (0 where not computed) */
} ExShape;

typedef struct {
    double low;
    int64_t point, p, q;
} ExCandidate;

/* float_filter.orient: twice the signed area of a, b, c, and its bound. */
static double ex_orient(double ax, double ay, double bx, double by, double cx, double cy,
                        double *bound)
{
    double left = (ax - cx) * (by - cy);
    double right = (ay - cy) * (bx - cx);
    *bound = EX_RELATIVE * (fabs(left) + fabs(right));
    return left - right;
}

/* float_filter.dot: (a - c) . (b - c), and its bound. */
static double ex_dot(double ax, double ay, double bx, double by, double cx, double cy,
                     double *bound)
{
    double first = (ax - cx) * (bx - cx);
    double second = (ay - cy) * (by - cy);
    *bound = EX_RELATIVE * (fabs(first) + fabs(second));
    return first + second;
}

/* float_filter.sign_codes, for one value. */
static unsigned char ex_sign(double value, double bound, double quantum_squared)
{
    if (value > bound) return EX_POSITIVE;
    if (value < -bound) return EX_NEGATIVE;
    if (fabs(value) <= bound && 2.0 * bound < quantum_squared) return EX_ZERO;
    return EX_UNKNOWN;
}

/* filter_rows._TURNED: positive and negative exchanged. */
static unsigned char ex_turned(unsigned char code)
{
    return (unsigned char)((code & ~(EX_POSITIVE | EX_NEGATIVE)) |
                           ((code & EX_NEGATIVE) ? EX_POSITIVE : 0) |
                           ((code & EX_POSITIVE) ? EX_NEGATIVE : 0));
}

/* filter_rows._within: each triple a < b < c once, with differences from c; its code
   goes to the pairs (a, b) and (b, c) as it is and to (a, c) turned (b lies between). */
static void ex_within(ExShape *s)
{
    int a, b, c;
    double bound, value;
    unsigned char code;
    for (a = 0; a < s->n; a++) {
        for (b = a + 1; b < s->n; b++) {
            s->distinct[a][b] = s->x[a] != s->x[b] || s->y[a] != s->y[b];
            s->within[a][b] = EX_ZERO; /* the pair's own vertices */
            s->across[a][b] = 0;
        }
    }
    for (a = 0; a < s->n; a++) {
        for (b = a + 1; b < s->n; b++) {
            for (c = b + 1; c < s->n; c++) {
                value = ex_orient(s->x[a], s->y[a], s->x[b], s->y[b], s->x[c], s->y[c], &bound);
                code = s->distinct[a][b] ? ex_sign(value, bound, s->quantum_squared) : EX_ZERO;
                s->within[a][b] |= code;
                s->within[a][c] |= ex_turned(code);
                s->within[b][c] |= code;
            }
        }
    }
}

/* filter_rows._supporting: possibly (surely) supporting forwards: no vertex of its shape
   proven (possibly) right of it; backwards: left. */
static int ex_forwards(const ExShape *s, int i, int j, int surely)
{
    int unknown = surely ? EX_UNKNOWN : 0;
    return s->distinct[i][j] && (s->within[i][j] & (EX_NEGATIVE | unknown)) == 0;
}

static int ex_backwards(const ExShape *s, int i, int j, int surely)
{
    int unknown = surely ? EX_UNKNOWN : 0;
    return s->distinct[i][j] && (s->within[i][j] & (EX_POSITIVE | unknown)) == 0;
}

/* Rows.build's across: the OR of the codes of orient(p, q, v) over the vertices v of the
   other shape, for the pairs that may support their shape. */
static void ex_across(ExShape *s, const ExShape *other, double quantum_squared)
{
    int i, j, v;
    double bound, value;
    for (i = 0; i < s->n; i++) {
        for (j = i + 1; j < s->n; j++) {
            if (!ex_forwards(s, i, j, 0) && !ex_backwards(s, i, j, 0)) continue;
            for (v = 0; v < other->n; v++) {
                value = ex_orient(s->x[i], s->y[i], s->x[j], s->y[j], other->x[v], other->y[v],
                                  &bound);
                s->across[i][j] |= ex_sign(value, bound, quantum_squared);
            }
        }
    }
}

/* exact_filter._height_signs: h proven positive, zero, negative for a line whose inner
   side has the sign `inner`. */
static int ex_positive(unsigned char across, int inner) { return (across & inner) != 0; }

static int ex_zero(unsigned char across, int inner)
{
    return (across & (inner | EX_UNKNOWN)) == 0 && (across & EX_ZERO) != 0;
}

/* Whether an OR of codes holds two different proven signs (exact_filter._MIXED). */
static int ex_mixed(unsigned char code)
{
    int signs = ((code & EX_POSITIVE) != 0) + ((code & EX_ZERO) != 0) + ((code & EX_NEGATIVE) != 0);
    return signs >= 2;
}

/* What exact_filter._verdicts gathers with `anywhere`, over the pairs of both shapes. */
typedef struct {
    int separated, possible, not_positive, not_at_least_zero, sure_zero, off_line;
} ExFlags;

static void ex_gather(const ExShape *s, ExFlags *f)
{
    int i, j, possible_f, possible_b, sure_f, sure_b, positive_f, positive_b, zero_f, zero_b;
    unsigned char across;
    for (i = 0; i < s->n; i++) {
        for (j = i + 1; j < s->n; j++) {
            across = s->across[i][j];
            possible_f = ex_forwards(s, i, j, 0), possible_b = ex_backwards(s, i, j, 0);
            sure_f = ex_forwards(s, i, j, 1), sure_b = ex_backwards(s, i, j, 1);
            positive_f = ex_positive(across, EX_POSITIVE);
            positive_b = ex_positive(across, EX_NEGATIVE);
            zero_f = ex_zero(across, EX_POSITIVE), zero_b = ex_zero(across, EX_NEGATIVE);
            f->separated |= (sure_f && across == EX_NEGATIVE) || (sure_b && across == EX_POSITIVE);
            f->possible |= possible_f || possible_b;
            f->not_positive |= (possible_f && !positive_f) || (possible_b && !positive_b);
            f->not_at_least_zero |= (possible_f && !(positive_f || zero_f)) ||
                                    (possible_b && !(positive_b || zero_b));
            f->sure_zero |= (sure_f && zero_f) || (sure_b && zero_b);
            f->off_line |= s->distinct[i][j] &&
                           ((s->within[i][j] & (EX_POSITIVE | EX_NEGATIVE)) != 0 || ex_mixed(across));
        }
    }
}

/* exact_filter._boxes_apart (exact comparisons). */
static int ex_boxes_apart(const ExShape *a, const ExShape *b)
{
    double low[2][2], high[2][2];
    const ExShape *shapes[2] = {a, b};
    int k, v, axis;
    for (k = 0; k < 2; k++) {
        for (axis = 0; axis < 2; axis++) {
            const double *values = axis ? shapes[k]->y : shapes[k]->x;
            low[k][axis] = high[k][axis] = values[0];
            for (v = 1; v < shapes[k]->n; v++) {
                if (values[v] < low[k][axis]) low[k][axis] = values[v];
                if (values[v] > high[k][axis]) high[k][axis] = values[v];
            }
        }
    }
    for (axis = 0; axis < 2; axis++) {
        if (high[0][axis] < low[1][axis] || high[1][axis] < low[0][axis]) return 1;
    }
    return 0;
}

/* exact_filter._verdicts for one pair (the shapes' within and across computed). */
static int ex_verdict(const ExShape *a, const ExShape *b)
{
    ExFlags f = {0, 0, 0, 0, 0, 0};
    ex_gather(a, &f);
    ex_gather(b, &f);
    if (f.separated || ex_boxes_apart(a, b)) return EX_SEPARATED;
    if (f.possible && !f.not_positive) return EX_OVERLAPPING;
    if (!f.not_at_least_zero && f.sure_zero && f.off_line) return EX_TOUCHING;
    return EX_UNDECIDED;
}

/* float_filter.squared_distance_bounds. */
static void ex_squared_bounds(double ax, double ay, double bx, double by, double *low,
                              double *high)
{
    double dx = ax - bx, dy = ay - by;
    double value = dx * dx + dy * dy;
    *low = value * (1.0 - EX_RELATIVE);
    *high = value * (1.0 + EX_RELATIVE);
}

/* exact_filter._segment_candidates for the vertex v against the segment p q (a pair of
   vertices that may support its shape): whether it is a candidate, and its bounds
   (float_filter.line_distance_bounds; no bound above unless it projects inside). */
static int ex_segment_bounds(const ExShape *s, int p, int q, const ExShape *other, int v,
                             double smallest, double *low, double *high)
{
    double px = s->x[p], py = s->y[p], qx = s->x[q], qy = s->y[q];
    double vx = other->x[v], vy = other->y[v];
    double bound_p, bound_q, height_bound, length_low, length_high, below, above;
    double along_p = ex_dot(vx, vy, qx, qy, px, py, &bound_p); /* (v - p).(q - p) */
    double along_q = ex_dot(vx, vy, px, py, qx, qy, &bound_q); /* (v - q).(p - q) */
    double height = ex_orient(px, py, qx, qy, vx, vy, &height_bound);
    if (!(along_p > -bound_p && along_q > -bound_q)) return 0;
    ex_squared_bounds(px, py, qx, qy, &length_low, &length_high);
    below = fabs(height) - height_bound;
    if (below < smallest) below = 0.0;
    above = fabs(height) + height_bound;
    if (above < smallest) above = smallest;
    *low = below * below / length_high * (1.0 - EX_RELATIVE);
    *high = (along_p > bound_p && along_q > bound_q) ? above * above / length_low * (1.0 + EX_RELATIVE)
                                                      : HUGE_VAL;
    return 1;
}

/* The segment candidates of the pairs of vertices of s against the vertices of other,
   appended at found + *count; the least bound above is lowered into *least. */
static void ex_segments(const ExShape *s, const ExShape *other, double smallest,
                        ExCandidate *found, int *count, double *least)
{
    int i, j, v;
    double low, high;
    for (i = 0; i < s->n; i++) {
        for (j = i + 1; j < s->n; j++) {
            if (!ex_forwards(s, i, j, 0) && !ex_backwards(s, i, j, 0)) continue;
            for (v = 0; v < other->n; v++) {
                if (!ex_segment_bounds(s, i, j, other, v, smallest, &low, &high)) continue;
                if (high < *least) *least = high;
                found[*count].low = low;
                found[*count].point = other->start + v;
                found[*count].p = s->start + i;
                found[*count].q = s->start + j;
                (*count)++;
            }
        }
    }
}

/* exact_filter._distances for one separated pair: every candidate whose bound below is
   at most the least bound above, into found; returns how many. */
static int ex_candidates(const ExShape *a, const ExShape *b, double smallest,
                         ExCandidate *found)
{
    int i, j, count = 0, kept = 0;
    double low, high, least = HUGE_VAL;
    for (i = 0; i < a->n; i++) {
        for (j = 0; j < b->n; j++) {
            ex_squared_bounds(a->x[i], a->y[i], b->x[j], b->y[j], &low, &high);
            if (high < least) least = high;
            found[count].low = low;
            found[count].point = b->start + j;
            found[count].p = found[count].q = a->start + i;
            count++;
        }
    }
    ex_segments(a, b, smallest, found, &count, &least);
    ex_segments(b, a, smallest, found, &count, &least);
    for (i = 0; i < count; i++) {
        if (found[i].low <= least) found[kept++] = found[i];
    }
    return kept;
}

/* The shape of n vertices from place `start` of the columns, its quantum 2^quantum. */
static void ex_shape(ExShape *s, const double *x, const double *y, int64_t start, int64_t n,
                     int64_t quantum)
{
    s->x = x + start;
    s->y = y + start;
    s->start = start;
    s->n = (int)n;
    s->quantum_squared = ldexp(1.0, (int)(2 * quantum));
}

/* The verdict code of pair number `pair`, shapes a and b; when they are separated, its
   candidates are appended to out as (pair, point, p, q), four int64 each (-1: an error). */
static int ex_pair(ExShape *a, ExShape *b, int64_t pair, double smallest, ExCandidate *found,
                   PyObject *out)
{
    int verdict, kept, c;
    int64_t row[4];
    double pair_squared = a->quantum_squared < b->quantum_squared ? a->quantum_squared
                                                                  : b->quantum_squared;
    ex_within(a);
    ex_within(b);
    ex_across(a, b, pair_squared);
    ex_across(b, a, pair_squared);
    verdict = ex_verdict(a, b);
    if (verdict != EX_SEPARATED) return verdict;
    kept = ex_candidates(a, b, smallest, found);
    for (c = 0; c < kept; c++) {
        row[0] = pair, row[1] = found[c].point, row[2] = found[c].p, row[3] = found[c].q;
        if (PyByteArray_Resize(out, PyByteArray_GET_SIZE(out) + (Py_ssize_t)sizeof(row)) < 0)
            return -1;
        memcpy(PyByteArray_AS_STRING(out) + PyByteArray_GET_SIZE(out) - sizeof(row), row,
               sizeof(row));
    }
    return verdict;
}

/* exact_filter(x, y, count, usable, quantum, codes) -> bytearray: the columns of
   filter_rows.Columns (x, y contiguous; count and quantum two a pair), and codes, one
   a pair, which receives each pair's verdict code (exact_filter._VERDICTS: 0 undecided,
   1 separated, 2 touching, 3 overlapping; 0 for pairs not usable or with a shape of more
   than EX_MOST vertices). Returns the candidates of the separated pairs, four int64 each:
   the pair, the vertex (its place in the columns), and the ends p, q of the segment. */
static PyObject *engine_exact_filter(PyObject *self, PyObject *args)
{
    PyObject *objects[6], *out = NULL;
    Py_buffer views[6];
    Py_ssize_t pairs, points, k;
    const int64_t *count, *quantum;
    const unsigned char *usable;
    unsigned char *codes;
    int64_t start = 0, total = 0;
    int i, verdict;
    ExShape shapes[2];
    ExCandidate *found = NULL;
    double smallest = ldexp(1.0, EX_SMALLEST_EXPONENT);
    (void)self;
    for (i = 0; i < 6; i++) views[i].obj = NULL;
    if (!PyArg_ParseTuple(args, "OOOOOO", &objects[0], &objects[1], &objects[2], &objects[3],
                          &objects[4], &objects[5]))
        return NULL;
    if (typed_buffer(objects[0], &views[0], "exact_filter", "d", 8, -1, 0) < 0) goto done;
    points = views[0].len / 8;
    if (typed_buffer(objects[1], &views[1], "exact_filter", "d", 8, points, 0) < 0) goto done;
    if (typed_buffer(objects[2], &views[2], "exact_filter", "lq", 8, -1, 0) < 0) goto done;
    pairs = views[2].len / 16;
    if (typed_buffer(objects[3], &views[3], "exact_filter", "?", 1, pairs, 0) < 0) goto done;
    if (typed_buffer(objects[4], &views[4], "exact_filter", "lq", 8, 2 * pairs, 0) < 0) goto done;
    if (typed_buffer(objects[5], &views[5], "exact_filter", "B", 1, pairs, 1) < 0) goto done;
    count = (const int64_t *)views[2].buf, quantum = (const int64_t *)views[4].buf;
    usable = (const unsigned char *)views[3].buf, codes = (unsigned char *)views[5].buf;
    if (views[2].len != 16 * pairs) {
        PyErr_SetString(PyExc_ValueError, "exact_filter: two counts a pair");
        goto done;
    }
    for (k = 0; k < 2 * pairs; k++) {
        if (count[k] < 1 || count[k] > points - total) {
            PyErr_SetString(PyExc_ValueError, "exact_filter: the counts do not match the points");
            goto done;
        }
        total += count[k];
    }
    if (total != points) {
        PyErr_SetString(PyExc_ValueError, "exact_filter: the counts do not match the points");
        goto done;
    }
    found = PyMem_Malloc(EX_MOST_CANDIDATES * sizeof(ExCandidate));
    out = PyByteArray_FromStringAndSize(NULL, 0);
    if (found == NULL || out == NULL) {
        Py_CLEAR(out);
        PyErr_NoMemory();
        goto done;
    }
    for (k = 0; k < pairs; k++) {
        const double *x = (const double *)views[0].buf, *y = (const double *)views[1].buf;
        int64_t first = count[2 * k], second = count[2 * k + 1];
        codes[k] = EX_UNDECIDED;
        if (usable[k] && first <= EX_MOST && second <= EX_MOST) {
            ex_shape(&shapes[0], x, y, start, first, quantum[2 * k]);
            ex_shape(&shapes[1], x, y, start + first, second, quantum[2 * k + 1]);
            verdict = ex_pair(&shapes[0], &shapes[1], k, smallest, found, out);
            if (verdict < 0) {
                Py_CLEAR(out);
                goto done;
            }
            codes[k] = (unsigned char)verdict;
        }
        start += first + second;
    }
done:
    for (i = 0; i < 6; i++) {
        if (views[i].obj != NULL) PyBuffer_Release(&views[i]);
    }
    PyMem_Free(found);
    return out;
}

/* Appends the coordinates of one shape's vertices to flat (a bytearray of doubles, x and y
   in turn); 0 when they are not all pairs of floats, exactly (a subclass of float may
   convert otherwise: the caller then reads them in Python, through float()),
   -1 on an error. */
static int ex_read_shape(PyObject *shape, PyObject *flat, int64_t *count)
{
    PyObject *vertices = PyObject_GetAttr(shape, s_vertices), *vertex;
    Py_ssize_t n, v, at;
    double *out;
    int result = 0;
    if (vertices == NULL) return -1;
    if (!PyTuple_Check(vertices)) goto done;
    n = PyTuple_GET_SIZE(vertices);
    at = PyByteArray_GET_SIZE(flat);
    if (n > (PY_SSIZE_T_MAX - at) / 16) goto done;
    if (PyByteArray_Resize(flat, at + 16 * n) < 0) {
        result = -1;
        goto done;
    }
    out = (double *)(PyByteArray_AS_STRING(flat) + at);
    for (v = 0; v < n; v++) {
        vertex = PyTuple_GET_ITEM(vertices, v);
        if (!PyTuple_Check(vertex) || PyTuple_GET_SIZE(vertex) != 2 ||
            !PyFloat_CheckExact(PyTuple_GET_ITEM(vertex, 0)) ||
            !PyFloat_CheckExact(PyTuple_GET_ITEM(vertex, 1)))
            goto done;
        out[2 * v] = PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(vertex, 0));
        out[2 * v + 1] = PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(vertex, 1));
    }
    *count = (int64_t)n;
    result = 1;
done:
    Py_DECREF(vertices);
    return result;
}

/* exact_read(pairs) -> (coordinates, counts) | None: the vertices of the shapes of a
   list of pairs laid end to end, as filter_rows.Columns.load reads them, when every
   coordinate is a float (taken exactly); None otherwise. */
static PyObject *engine_exact_read(PyObject *self, PyObject *pairs)
{
    PyObject *flat = NULL, *counts = NULL, *pair;
    Py_ssize_t k, total;
    int side, found;
    int64_t *count;
    (void)self;
    if (!PyList_Check(pairs)) {
        PyErr_SetString(PyExc_TypeError, "exact_read: expected a list of pairs");
        return NULL;
    }
    total = PyList_GET_SIZE(pairs);
    flat = PyByteArray_FromStringAndSize(NULL, 0);
    counts = PyByteArray_FromStringAndSize(NULL, 16 * total);
    if (flat == NULL || counts == NULL) goto fail;
    count = (int64_t *)PyByteArray_AS_STRING(counts);
    for (k = 0; k < total; k++) {
        pair = PyList_GET_ITEM(pairs, k);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) goto not_floats;
        for (side = 0; side < 2; side++) {
            found = ex_read_shape(PyTuple_GET_ITEM(pair, side), flat, &count[2 * k + side]);
            if (found < 0) goto fail;
            if (found == 0) goto not_floats;
        }
    }
    return Py_BuildValue("(NN)", flat, counts);
not_floats:
    Py_DECREF(flat);
    Py_DECREF(counts);
    Py_RETURN_NONE;
fail:
    Py_XDECREF(flat);
    Py_XDECREF(counts);
    return NULL;
}
