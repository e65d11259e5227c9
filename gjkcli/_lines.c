/*
 * The certificate re-check's support lines of a curved shape, compiled: included by
 * _engine.c.
 *
 * gjkcli/verify/certificates.py (_support_lines and membership_problems) is the
 * reference: along each direction n, the height n . s(n) of the shape's support point, no
 * point of the shape lying beyond; a point is a member when it lies behind each line,
 * within a slack. The shapes here are chains the Python flattens (certificates._chain):
 * a polytope, grown by a disc, mapped by an affine map, any of these around another,
 * innermost last. Each support point is found as the shapes' own support functions
 * find it (shapes/polytope.py, rounded.py, affine.py), with the same IEEE operations in
 * the same order (the first farthest vertex, by products summed unfused; the direction
 * over CPython's hypot, gjk_hypot, times the radius; the map's products and offset),
 * and so is each height: the numbers the Python computes, to the bit.
 *
 * A chain is read from one float64 array: for each link, its kind, then its numbers
 * (OL_POLYTOPE: the vertex count, then the vertices; OL_ROUNDED: the radius;
 * OL_MAPPED: a, b, c, e of the matrix and the offset's x and y).
 */

#define OL_POLYTOPE 0
#define OL_ROUNDED 1
#define OL_MAPPED 2
#define OL_MOST_LINKS 8

typedef struct {
    int kind;
    const double *numbers;
    Py_ssize_t count; /* a polytope's vertices */
} OlLink;

/* The support point of the chain from link k inwards along (dx, dy). */
static void ol_support(const OlLink *links, int k, double dx, double dy, double *x, double *y)
{
    const OlLink *link = &links[k];
    if (link->kind == OL_POLYTOPE) {
        const double *v = link->numbers;
        Py_ssize_t best = 0, i;
        double best_dot = v[0] * dx + v[1] * dy;
        for (i = 1; i < link->count; i++) {
            double dot = v[2 * i] * dx + v[2 * i + 1] * dy;
            if (dot > best_dot) best = i, best_dot = dot;
        }
        *x = v[2 * best], *y = v[2 * best + 1];
    } else if (link->kind == OL_ROUNDED) {
        double radius = link->numbers[0], length;
        ol_support(links, k + 1, dx, dy, x, y);
        if (radius == 0.0) return;
        length = gjk_hypot(dx, dy);
        if (length == 0.0) return;
        *x = *x + dx / length * radius;
        *y = *y + dy / length * radius;
    } else {
        const double *m = link->numbers;
        double inner_x, inner_y;
        ol_support(links, k + 1, m[0] * dx + m[2] * dy, m[1] * dx + m[3] * dy, &inner_x, &inner_y);
        *x = m[0] * inner_x + m[1] * inner_y + m[4];
        *y = m[2] * inner_x + m[3] * inner_y + m[5];
    }
}

/* The links of a chain read from its numbers into links (innermost, a polytope, last):
   1, or 0 for numbers that are not a chain. */
static int ol_read(const double *numbers, Py_ssize_t size, OlLink *links)
{
    Py_ssize_t at = 0, count;
    int depth = 0;
    for (;;) {
        if (at >= size || depth == OL_MOST_LINKS) return 0;
        links[depth].kind = (int)numbers[at];
        if (links[depth].kind == OL_POLYTOPE) {
            if (at + 1 >= size) return 0;
            count = (Py_ssize_t)numbers[at + 1];
            if (count < 1 || at + 2 + 2 * count != size) return 0;
            links[depth].numbers = numbers + at + 2, links[depth].count = count;
            return 1;
        }
        if (links[depth].kind == OL_ROUNDED && at + 2 <= size)
            links[depth].numbers = numbers + at + 1, at += 2;
        else if (links[depth].kind == OL_MAPPED && at + 7 <= size)
            links[depth].numbers = numbers + at + 1, at += 7;
        else
            return 0;
        depth++;
    }
}

/* The chain (args[0]) and the directions (args[1], float64 pairs) of a call, read: the
   count of directions, or -1 with an exception set. The buffers are to be released. */
static Py_ssize_t ol_arguments(PyObject *const *args, const char *name, Py_buffer *chain,
                               Py_buffer *directions, OlLink *links)
{
    chain->obj = directions->obj = NULL;
    if (PyObject_GetBuffer(args[0], chain, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    if (PyObject_GetBuffer(args[1], directions, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return -1;
    if (chain->itemsize != 8 || strcmp(chain->format, "d") != 0 || directions->itemsize != 8 ||
        strcmp(directions->format, "d") != 0 || directions->len % 16 != 0 ||
        !ol_read((const double *)chain->buf, chain->len / 8, links)) {
        PyErr_Format(PyExc_ValueError, "%s: a chain or directions that do not read", name);
        return -1;
    }
    return directions->len / 16;
}

static void ol_release(Py_buffer *chain, Py_buffer *directions)
{
    if (chain->obj != NULL) PyBuffer_Release(chain);
    if (directions->obj != NULL) PyBuffer_Release(directions);
}

/* The height n . s(n) of the chain's support point along direction n = (d[0], d[1]). */
static double ol_height(const OlLink *links, const double *d)
{
    double x, y;
    ol_support(links, 0, d[0], d[1], &x, &y);
    return d[0] * x + d[1] * y;
}

/* support_beyond(chain, directions, x, y, slack): the first direction n along which the
   point (x, y) lies beyond the chain's support line, not n . p <= n . s(n) + slack as
   certificates.membership_problems compares them (floats, unfused), or -1 where it lies
   behind every one; ValueError for a chain or directions that do not read. */
static PyObject *engine_support_beyond(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer chain, directions;
    OlLink links[OL_MOST_LINKS];
    Py_ssize_t count, i, first = -1;
    double x, y, slack;
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "support_beyond takes 5 arguments");
        return NULL;
    }
    x = PyFloat_AsDouble(args[2]), y = PyFloat_AsDouble(args[3]), slack = PyFloat_AsDouble(args[4]);
    if (PyErr_Occurred()) return NULL;
    count = ol_arguments(args, "support_beyond", &chain, &directions, links);
    if (count < 0) {
        ol_release(&chain, &directions);
        return NULL;
    }
    for (i = 0; i < count && first < 0; i++) {
        const double *d = (const double *)directions.buf + 2 * i;
        if (!(d[0] * x + d[1] * y <= ol_height(links, d) + slack)) first = i;
    }
    ol_release(&chain, &directions);
    return PyLong_FromSsize_t(first);
}
