/*
 * The certificate re-check's support lines of a curved shape, compiled: included by
 * _engine.c.
 *
 * gjkcli/verify/certificates.py (_support_lines) is the reference: along each
 * direction n, the height n . s(n) of the shape's support point, no point of the shape
 * lying beyond. The shapes here are chains the Python flattens (certificates._chain):
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

/* support_heights(chain, directions): the height n . s(n) along each direction (float64
   pairs), as bytes of float64; ValueError for a chain that does not read. */
static PyObject *engine_support_heights(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer chain, directions;
    OlLink links[OL_MOST_LINKS];
    Py_ssize_t size, at = 0, count, i;
    const double *numbers;
    PyObject *out = NULL;
    int depth = 0;
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "support_heights takes 2 arguments");
        return NULL;
    }
    if (PyObject_GetBuffer(args[0], &chain, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    if (PyObject_GetBuffer(args[1], &directions, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&chain);
        return NULL;
    }
    if (chain.itemsize != 8 || strcmp(chain.format, "d") != 0 || directions.itemsize != 8 ||
        strcmp(directions.format, "d") != 0 || directions.len % 16 != 0)
        goto bad;
    numbers = (const double *)chain.buf, size = chain.len / 8;
    for (;;) { /* read the links, innermost (a polytope) last */
        if (at >= size || depth == OL_MOST_LINKS) goto bad;
        links[depth].kind = (int)numbers[at];
        if (links[depth].kind == OL_POLYTOPE) {
            if (at + 1 >= size) goto bad;
            count = (Py_ssize_t)numbers[at + 1];
            if (count < 1 || at + 2 + 2 * count != size) goto bad;
            links[depth].numbers = numbers + at + 2, links[depth].count = count;
            break;
        }
        if (links[depth].kind == OL_ROUNDED && at + 2 <= size)
            links[depth].numbers = numbers + at + 1, at += 2;
        else if (links[depth].kind == OL_MAPPED && at + 7 <= size)
            links[depth].numbers = numbers + at + 1, at += 7;
        else
            goto bad;
        depth++;
    }
    count = directions.len / 16;
    out = PyBytes_FromStringAndSize(NULL, 8 * count);
    if (out != NULL) {
        const double *d = (const double *)directions.buf;
        double *height = (double *)PyBytes_AS_STRING(out);
        for (i = 0; i < count; i++) {
            double x, y;
            ol_support(links, 0, d[2 * i], d[2 * i + 1], &x, &y);
            height[i] = d[2 * i] * x + d[2 * i + 1] * y;
        }
    }
    PyBuffer_Release(&chain);
    PyBuffer_Release(&directions);
    return out;
bad:
    PyBuffer_Release(&chain);
    PyBuffer_Release(&directions);
    PyErr_SetString(PyExc_ValueError, "support_heights: a chain or directions that do not read");
    return NULL;
}
