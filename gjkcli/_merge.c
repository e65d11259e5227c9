/*
 * The convex decomposition's merge of triangles into parts, compiled: included by
 * _engine.c.
 *
 * gjkcli/algorithms/decompose.py is the reference: _counter_clockwise (the triangles
 * with an area, each turned counter-clockwise) and _merge (Hertel-Mehlhorn: each
 * internal edge, in the order of its ends, removed when the two parts beside it stay
 * convex; the parts as cycles of the triangles' edges relinked, a union-find of the
 * merges; each part's ring read from its first triangle's first corner). The steps and
 * their order are the reference's, and so are the parts, corner for corner.
 *
 * The turns are decided exactly, as shapes/rings.orientation decides them: the
 * floating-point cross product where it clears the same bound (_DOUBT of the edges'
 * sizes), else the exact sign of the determinant, here from its terms as exact sums of
 * products (fma) added up without rounding. Where the products would leave the range
 * where fma's remainders are exact (near underflow or overflow), the merge is left to
 * the Python, which decides in rationals.
 */

#define DM_DOUBT 1e-12      /* shapes/rings._DOUBT */
#define DM_SMALLEST 0x1p-900 /* products' sizes within which fma's remainders are exact */
#define DM_LARGEST 0x1p+900

/* The exact sign of the sum of `count` terms (each exact), by Shewchuk's grow-expansion:
   the terms added one at a time into a nonoverlapping expansion, without rounding. */
static int dm_sign(const double *terms, int count)
{
    double expansion[64];
    int size = 0, i, j;
    for (i = 0; i < count; i++) {
        double q = terms[i];
        int kept = 0;
        for (j = 0; j < size; j++) {
            double sum = q + expansion[j], virtual_b = sum - q, virtual_a = sum - virtual_b;
            double error = (q - virtual_a) + (expansion[j] - virtual_b);
            q = sum;
            if (error != 0.0) expansion[kept++] = error;
        }
        if (q != 0.0) expansion[kept++] = q;
        size = kept;
    }
    if (size == 0) return 0;
    return expansion[size - 1] > 0.0 ? 1 : -1;
}

/* a - b as hi + lo, exactly (two-difference). */
static void dm_difference(double a, double b, double out[2])
{
    double hi = a - b, virtual_b = a - hi, virtual_a = hi + virtual_b;
    out[0] = hi;
    out[1] = (a - virtual_a) + (virtual_b - b);
}

/* shapes/rings.orientation: the exact sign of the turn a -> b -> c (1 left, -1 right, 0
   straight on); 2 where it cannot be decided here. */
static int dm_orientation(const double *a, const double *b, const double *c)
{
    double ex = b[0] - a[0], ey = b[1] - a[1], fx = c[0] - b[0], fy = c[1] - b[1];
    double cross = ex * fy - ey * fx, e[2][2], f[2][2], terms[16];
    int i, j, count = 0;
    if (fabs(cross) > DM_DOUBT * (fabs(ex) + fabs(ey)) * (fabs(fx) + fabs(fy)))
        return cross > 0.0 ? 1 : -1;
    dm_difference(b[0], a[0], e[0]), dm_difference(b[1], a[1], e[1]);
    dm_difference(c[0], b[0], f[0]), dm_difference(c[1], b[1], f[1]);
    /* (ex)(fy) - (ey)(fx), each factor hi + lo: sixteen exact terms (products and their
       remainders) */
    for (i = 0; i < 2; i++)
        for (j = 0; j < 2; j++) {
            double first = e[0][i] * f[1][j], second = e[1][i] * f[0][j];
            double size = fmax(fabs(first), fabs(second));
            /* a product of 0 is exact only when a factor is 0: else it underflowed */
            int lost_first = first == 0.0 ? e[0][i] != 0.0 && f[1][j] != 0.0
                                          : !(fabs(first) >= DM_SMALLEST);
            int lost_second = second == 0.0 ? e[1][i] != 0.0 && f[0][j] != 0.0
                                            : !(fabs(second) >= DM_SMALLEST);
            if (lost_first || lost_second || !(size <= DM_LARGEST)) return 2;
            terms[count++] = first;
            terms[count++] = fma(e[0][i], f[1][j], -first);
            terms[count++] = -second;
            terms[count++] = -fma(e[1][i], f[0][j], -second);
        }
    return dm_sign(terms, count);
}

typedef struct {
    int64_t u, v, edge;
} DmKey;

static int dm_by_key(const void *p, const void *q)
{
    const DmKey *a = p, *b = q;
    if (a->u != b->u) return a->u < b->u ? -1 : 1;
    if (a->v != b->v) return a->v < b->v ? -1 : 1;
    return a->edge < b->edge ? -1 : a->edge > b->edge; /* the last edge of a pair wins */
}

/* The edge from u to v (-1: none), among keys sorted by (u, v), the last one of equals. */
static int64_t dm_edge(const DmKey *keys, int64_t count, int64_t u, int64_t v)
{
    int64_t low = 0, high = count;
    while (low < high) { /* the first key past (u, v) */
        int64_t middle = (low + high) / 2;
        if (keys[middle].u < u || (keys[middle].u == u && keys[middle].v <= v))
            low = middle + 1;
        else
            high = middle;
    }
    if (low > 0 && keys[low - 1].u == u && keys[low - 1].v == v) return keys[low - 1].edge;
    return -1;
}

/* merge_parts(points, triangles): the parts of decompose, from its corners (float64
   pairs, numbered) and GEOS's triangles (int64 triples of corner numbers): (counts,
   corners) as bytes of int64, the parts' rings one after the other; None where a turn
   cannot be decided here. */
static PyObject *engine_merge_parts(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer points_view, triangles_view;
    const double *points;
    const int64_t *given;
    int64_t corners, count, t, e, kept_triangles = 0, *start = NULL, *end = NULL, *after = NULL;
    int64_t *before = NULL, *merged_into = NULL, *some_edge = NULL, *ring = NULL;
    int64_t *counts = NULL, *found = NULL, parts = 0, written = 0;
    DmKey *keys = NULL;
    PyObject *result = NULL;
    int undecided = 0;
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "merge_parts takes 2 arguments");
        return NULL;
    }
    if (PyObject_GetBuffer(args[0], &points_view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    if (PyObject_GetBuffer(args[1], &triangles_view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&points_view);
        return NULL;
    }
    if (points_view.itemsize != 8 || strcmp(points_view.format, "d") != 0 ||
        triangles_view.itemsize != 8 || strchr("lq", triangles_view.format[0]) == NULL ||
        points_view.len % 16 != 0 || triangles_view.len % 24 != 0) {
        PyErr_SetString(PyExc_ValueError, "merge_parts: arrays of the wrong kind");
        goto done;
    }
    points = (const double *)points_view.buf, given = (const int64_t *)triangles_view.buf;
    corners = points_view.len / 16, count = triangles_view.len / 24;
    for (t = 0; t < 3 * count; t++)
        if (given[t] < 0 || given[t] >= corners) {
            PyErr_SetString(PyExc_ValueError, "merge_parts: a corner number out of range");
            goto done;
        }
    start = PyMem_Malloc((size_t)(3 * count + 1) * sizeof(int64_t));
    end = PyMem_Malloc((size_t)(3 * count + 1) * sizeof(int64_t));
    after = PyMem_Malloc((size_t)(3 * count + 1) * sizeof(int64_t));
    before = PyMem_Malloc((size_t)(3 * count + 1) * sizeof(int64_t));
    merged_into = PyMem_Malloc((size_t)(count + 1) * sizeof(int64_t));
    some_edge = PyMem_Malloc((size_t)(count + 1) * sizeof(int64_t));
    ring = PyMem_Malloc((size_t)(3 * count + 1) * sizeof(int64_t));
    counts = PyMem_Malloc((size_t)(count + 1) * sizeof(int64_t));
    found = PyMem_Malloc((size_t)(3 * count + 1) * sizeof(int64_t));
    keys = PyMem_Malloc((size_t)(3 * count + 1) * sizeof(DmKey));
    if (!start || !end || !after || !before || !merged_into || !some_edge || !ring || !counts ||
        !found || !keys) {
        PyErr_NoMemory();
        goto done;
    }
    /* _counter_clockwise: the triangles with an area, each turned left */
    for (t = 0; t < count; t++) {
        const int64_t *corner = given + 3 * t;
        int turn = dm_orientation(points + 2 * corner[0], points + 2 * corner[1],
                                  points + 2 * corner[2]);
        int64_t *out = start + 3 * kept_triangles;
        if (turn == 2) {
            undecided = 1;
            break;
        }
        if (turn == 0) continue;
        out[0] = turn > 0 ? corner[0] : corner[2], out[1] = corner[1];
        out[2] = turn > 0 ? corner[2] : corner[0];
        kept_triangles++;
    }
    count = kept_triangles;
    for (e = 0; e < 3 * count && !undecided; e++) {
        int64_t side = e % 3;
        end[e] = start[side < 2 ? e + 1 : e - 2];
        after[e] = side < 2 ? e + 1 : e - 2;
        before[e] = side > 0 ? e - 1 : e + 2;
        keys[e].u = start[e], keys[e].v = end[e], keys[e].edge = e;
    }
    if (!undecided) {
        qsort(keys, (size_t)(3 * count), sizeof(DmKey), dm_by_key);
        for (t = 0; t < count; t++) merged_into[t] = -1, some_edge[t] = 3 * t;
        for (e = 0; e < 3 * count; e++) {
            int64_t u = keys[e].u, v = keys[e].v, forth, back, p, q;
            int64_t into_u, out_of_u, into_v, out_of_v;
            int first_turn, second_turn;
            if (!(u < v) || (e + 1 < 3 * count && keys[e + 1].u == u && keys[e + 1].v == v))
                continue; /* each (u, v) once: its last edge */
            back = dm_edge(keys, 3 * count, v, u);
            if (back < 0) continue;
            forth = keys[e].edge;
            for (p = forth / 3; merged_into[p] >= 0;) p = merged_into[p];
            for (q = back / 3; merged_into[q] >= 0;) q = merged_into[q];
            if (p == q) continue;
            into_u = before[forth], out_of_u = after[back];
            into_v = before[back], out_of_v = after[forth];
            first_turn = dm_orientation(points + 2 * start[into_u], points + 2 * u,
                                        points + 2 * end[out_of_u]);
            if (first_turn == 2) {
                undecided = 1;
                break;
            }
            if (first_turn < 0) continue;
            second_turn = dm_orientation(points + 2 * start[into_v], points + 2 * v,
                                         points + 2 * end[out_of_v]);
            if (second_turn == 2) {
                undecided = 1;
                break;
            }
            if (second_turn < 0) continue;
            after[into_u] = out_of_u, before[out_of_u] = into_u;
            after[into_v] = out_of_v, before[out_of_v] = into_v;
            merged_into[q] = p;
            some_edge[q] = -1;
            some_edge[p] = out_of_u;
        }
    }
    if (undecided) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    for (t = 0; t < count; t++) { /* _ring: each part's cycle, from its triangle's corner */
        int64_t first = some_edge[t], size = 1, k, at = 0;
        if (first < 0) continue;
        ring[0] = start[first];
        for (e = after[first]; e != first && size <= 3 * count; e = after[e])
            ring[size++] = start[e];
        while (at < size && ring[at] != start[3 * t]) at++;
        if (at == size) { /* not expected: the Python's ring.index would raise */
            result = Py_NewRef(Py_None);
            goto done;
        }
        for (k = 0; k < size; k++) found[written + k] = ring[(at + k) % size];
        written += size;
        counts[parts++] = size;
    }
    result = Py_BuildValue("(y#y#)", (const char *)counts, (Py_ssize_t)(parts * 8),
                           (const char *)found, (Py_ssize_t)(written * 8));
done:
    PyBuffer_Release(&points_view);
    PyBuffer_Release(&triangles_view);
    PyMem_Free(start), PyMem_Free(end), PyMem_Free(after), PyMem_Free(before);
    PyMem_Free(merged_into), PyMem_Free(some_edge), PyMem_Free(ring), PyMem_Free(counts);
    PyMem_Free(found), PyMem_Free(keys);
    return result;
}
