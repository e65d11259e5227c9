/* The scanner of gjkcli.batch.plain: the commonest line of a JSON Lines batch, two plain
   polygons, read without json.loads.

   Included by _engine.c. scan_plain takes a chunk's texts and gives, for each text of
   exactly the form

       {"a": SHAPE, "b": SHAPE}, and optionally "name": STRING, keys in any order,
       SHAPE = {"type": "polygon", "points": [[X, Y], ...]}, keys in any order,

   with JSON whitespace wherever JSON allows it, the tuple (name or None, points of a,
   points of b), the points as lists of (x, y) float tuples: what json.loads and
   gjkcli.io.node.plain_points give for the line. Every other text gives None, and
   plain.py reads that line its own way: another or a repeated key, an escape or a
   control character in a string, a number JSON does not allow (NaN, +1, .5, 1., 01),
   a value not finite as a float, too few or too many points, anything after the
   closing brace but whitespace, text that is not JSON at all.

   The scanner only finds where each token begins and ends, by the JSON grammar. A
   number's value is CPython's own PyOS_string_to_double of its text: the correctly
   rounded conversion that float() and json use. An integer literal is read by json as
   an int, which plain_points converts with float(), the same correctly rounded value
   except for its sign: -0 is +0.0 there, so it is here too. A line is scanned into plain
   C values first; the Python objects are made only for a line that is taken. Nothing is
   read past a text's end (the conversion stops at the NUL that ends every text's UTF-8,
   at the latest), and nothing is raised but MemoryError. */

#define SCAN_MOST_POINTS 4096 /* the largest ring scan_plain may be asked to allow */

typedef struct {
    const char *at;  /* the next character to read */
    const char *end; /* just past the text's last character */
} Cursor;

typedef struct {
    double *xy;      /* the points' coordinates, x and y in turn */
    Py_ssize_t size; /* the number of points */
} Ring;

/* A line's expectation, for the lane (scan_polygons): which keys it states, and their
   values (intersects as 0 or 1; the verdict as 1 separated, 2 touching, 3 overlapping). */
enum {
    EXPECT_GIVEN = 1,
    EXPECT_INTERSECTS = 2,
    EXPECT_DISTANCE = 4,
    EXPECT_DEPTH = 8,
    EXPECT_TOLERANCE = 16,
    EXPECT_VERDICT = 32,
};

enum { EXPECT_VALUES = 5 }; /* intersects, distance, depth, tolerance, verdict */

typedef struct {
    int keys;
    double values[EXPECT_VALUES];
} Expectation;

/* The kinds of shape a line may hold: a polygon; and for the lane, the other polytopes
   the plain loader builds (perhaps with a rectangle's rotation or a transform, mapped as
   it maps them; no margin or name). */
enum { SCAN_POLYGON = 0, SCAN_RECTANGLE = 1, SCAN_SEGMENT = 2, SCAN_POINT = 3, SCAN_HULL = 4 };

typedef struct {
    Ring rings[2];    /* a's and b's */
    const char *name; /* the name's characters (UTF-8), or NULL when the line has none */
    Py_ssize_t name_size;
    int lane;         /* scan_polygons: an "expect" of the plain keys, and the other plain
                         polytopes, are taken too */
    int kinds[2];     /* a's and b's kind (SCAN_POLYGON, ...) */
    Expectation expect;
} Line;

enum { SCAN_ERROR = -1, SCAN_NOT_PLAIN = 0, SCAN_TAKEN = 1 };

static void scan_space(Cursor *c)
{
    while (c->at < c->end && (*c->at == ' ' || *c->at == '\t' || *c->at == '\n' || *c->at == '\r'))
        c->at++;
}

/* Whether the next character after any whitespace is `wanted` (then read past it). */
static int scan_char(Cursor *c, char wanted)
{
    scan_space(c);
    if (c->at < c->end && *c->at == wanted) {
        c->at++;
        return 1;
    }
    return 0;
}

/* A string after any whitespace, with neither escape nor control character: its
   characters between the quotes in *text and *size. 0 for anything else. */
static int scan_string(Cursor *c, const char **text, Py_ssize_t *size)
{
    const char *start;
    if (!scan_char(c, '"'))
        return 0;
    start = c->at;
    while (c->at < c->end && *c->at != '"') {
        if (*c->at == '\\' || (unsigned char)*c->at < 0x20)
            return 0;
        c->at++;
    }
    if (c->at == c->end)
        return 0;
    *text = start;
    *size = c->at - start;
    c->at++;
    return 1;
}

/* Whether a string's characters are `word`. */
static int scan_is(const char *text, Py_ssize_t size, const char *word)
{
    return (size_t)size == strlen(word) && memcmp(text, word, (size_t)size) == 0;
}

/* The key of an object's member, and the colon after it: which of `keys` it is (its
   index), or -1 for another key or anything else. */
static int scan_key(Cursor *c, const char *const *keys, int count)
{
    const char *text;
    Py_ssize_t size;
    int k;
    if (!scan_string(c, &text, &size))
        return -1;
    for (k = 0; k < count; k++)
        if (scan_is(text, size, keys[k]))
            return scan_char(c, ':') ? k : -1;
    return -1;
}

static int scan_digits(Cursor *c)
{
    const char *start = c->at;
    while (c->at < c->end && *c->at >= '0' && *c->at <= '9')
        c->at++;
    return c->at > start;
}

/* A JSON number after any whitespace, -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?,
   finite as a float: its value in *value, as json.loads and float() give it. */
static int scan_number(Cursor *c, double *value)
{
    const char *start;
    char *stop;
    int integer = 1;
    scan_space(c);
    start = c->at;
    if (c->at < c->end && *c->at == '-')
        c->at++;
    if (c->at < c->end && *c->at == '0')
        c->at++;
    else if (c->at == c->end || *c->at < '1' || *c->at > '9' || !scan_digits(c))
        return SCAN_NOT_PLAIN;
    if (c->at < c->end && *c->at == '.') {
        c->at++;
        if (!scan_digits(c))
            return SCAN_NOT_PLAIN;
        integer = 0;
    }
    if (c->at < c->end && (*c->at == 'e' || *c->at == 'E')) {
        c->at++;
        if (c->at < c->end && (*c->at == '+' || *c->at == '-'))
            c->at++;
        if (!scan_digits(c))
            return SCAN_NOT_PLAIN;
        integer = 0;
    }
    /* The text ends with a NUL (PyUnicode_AsUTF8AndSize), so the conversion stops by the
       end; it must stop exactly where the grammar does ("01" is 0, then "1": not JSON). */
    *value = PyOS_string_to_double(start, &stop, NULL);
    if (*value == -1.0 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_MemoryError))
            return SCAN_ERROR;
        PyErr_Clear();
        return SCAN_NOT_PLAIN;
    }
    if (stop != c->at || !isfinite(*value))
        return SCAN_NOT_PLAIN;
    if (integer && *value == 0.0)
        *value = 0.0; /* float(int("-0")) is +0.0 */
    return SCAN_TAKEN;
}

/* A point: [X, Y]. */
static int scan_point(Cursor *c, double *xy)
{
    int status;
    if (!scan_char(c, '['))
        return SCAN_NOT_PLAIN;
    status = scan_number(c, &xy[0]);
    if (status != SCAN_TAKEN)
        return status;
    if (!scan_char(c, ','))
        return SCAN_NOT_PLAIN;
    status = scan_number(c, &xy[1]);
    if (status != SCAN_TAKEN)
        return status;
    return scan_char(c, ']') ? SCAN_TAKEN : SCAN_NOT_PLAIN;
}

/* A ring's points: [POINT, ...], `least` to `most` of them (ring->xy holds `most`). */
static int scan_ring(Cursor *c, Py_ssize_t least, Py_ssize_t most, Ring *ring)
{
    int status;
    ring->size = 0;
    if (!scan_char(c, '['))
        return SCAN_NOT_PLAIN;
    if (scan_char(c, ']'))
        return least == 0 ? SCAN_TAKEN : SCAN_NOT_PLAIN;
    do {
        if (ring->size == most)
            return SCAN_NOT_PLAIN;
        status = scan_point(c, ring->xy + 2 * ring->size);
        if (status != SCAN_TAKEN)
            return status;
        ring->size++;
    } while (scan_char(c, ','));
    if (!scan_char(c, ']') || ring->size < least)
        return SCAN_NOT_PLAIN;
    return SCAN_TAKEN;
}

/* shapes/affine.rotation: (cos, sin) of an angle in degrees, exact at quarter turns
   (whole turns taken off first by fmod, then divmod by 90 as Python's float divmod,
   whose remainder is 0 exactly when fmod's is), else the C library's cos and sin of
   the turn in radians (math.radians: times pi / 180, as CPython rounds that). */
static void scan_rotation(double degrees, double *cosine, double *sine)
{
    static const double exact[4][2] = {{1.0, 0.0}, {0.0, 1.0}, {-1.0, 0.0}, {0.0, -1.0}};
    double turn = fmod(degrees, 360.0);
    if (fmod(turn, 90.0) == 0.0) {
        int quarter = (int)(turn / 90.0); /* a whole number from -3 to 3: exact */
        quarter = ((quarter % 4) + 4) % 4;
        *cosine = exact[quarter][0], *sine = exact[quarter][1];
        return;
    }
    *cosine = cos(turn * (3.141592653589793 / 180.0));
    *sine = sin(turn * (3.141592653589793 / 180.0));
}

/* Affine.from_parts(scale, rotate, translate): the matrix (row by row) and the offset. */
static void scan_affine(const double scale[2], double rotate, const double translate[2],
                        double affine[6])
{
    double cosine, sine;
    scan_rotation(rotate, &cosine, &sine);
    affine[0] = cosine * scale[0], affine[1] = -sine * scale[1];
    affine[2] = sine * scale[0], affine[3] = cosine * scale[1];
    affine[4] = translate[0], affine[5] = translate[1];
}

/* Affine.apply to each point of a ring: (a x + b y + tx, c x + d y + ty). */
static void scan_apply(const double affine[6], Ring *ring)
{
    Py_ssize_t k;
    for (k = 0; k < ring->size; k++) {
        double x = ring->xy[2 * k], y = ring->xy[2 * k + 1];
        ring->xy[2 * k] = affine[0] * x + affine[1] * y + affine[4];
        ring->xy[2 * k + 1] = affine[2] * x + affine[3] * y + affine[5];
    }
}

/* A shape's transform, as the plain loader reads it (plain._affine): {"scale": NUMBER or
   POINT, "rotate": NUMBER, "translate": POINT}, each key at most once, any of them
   left out; the map in `affine`. */
static int scan_transform(Cursor *c, double affine[6])
{
    static const char *const keys[] = {"scale", "rotate", "translate"};
    double scale[2] = {1.0, 1.0}, rotate = 0.0, translate[2] = {0.0, 0.0};
    int seen = 0, key, status;
    if (!scan_char(c, '{'))
        return SCAN_NOT_PLAIN;
    if (!scan_char(c, '}')) {
        do {
            key = scan_key(c, keys, 3);
            if (key < 0 || seen & (1 << key))
                return SCAN_NOT_PLAIN;
            seen |= 1 << key;
            scan_space(c);
            if (key == 0 && c->at < c->end && *c->at != '[') {
                status = scan_number(c, &scale[0]);
                scale[1] = scale[0];
            }
            else if (key == 1)
                status = scan_number(c, &rotate);
            else
                status = scan_point(c, key == 0 ? scale : translate);
            if (status != SCAN_TAKEN)
                return status;
        } while (scan_char(c, ','));
        if (!scan_char(c, '}'))
            return SCAN_NOT_PLAIN;
    }
    scan_affine(scale, rotate, translate, affine);
    return SCAN_TAKEN;
}

/* A shape: {"type": "polygon", "points": RING}, keys in either order; with `lane`, also
   {"type": "rectangle", "center": POINT, "size": POINT of sizes >= 0, "rotation":
   NUMBER}, {"type": "segment", "points": [POINT, POINT]}, {"type": "point", "at":
   POINT} and {"type": "hull", "points": [POINT, ...]}, keys in any order, the rotation
   optional, and any of them perhaps with a "transform" (scan_transform; not one that
   flattens a polygon, which the loaders refuse): *kind says which, and `ring` holds
   the polygon's ring or the polytope's vertices as gjkcli.shapes.primitives builds them,
   mapped as the loaders map them (a rectangle's four corners (-w/2, -h/2), (w/2, -h/2),
   (w/2, h/2), (-w/2, h/2) mapped by Affine.from_parts(rotate=rotation, translate=center),
   then every point by the transform's map: io.rings.polygon_shape maps a ring before
   it checks it). */
static int scan_shape(Cursor *c, Py_ssize_t least, Py_ssize_t most, Ring *ring, int lane,
                      int *kind)
{
    static const char *const keys[] = {"type", "points", "center", "size", "at", "rotation",
                                       "transform"};
    static const char *const kinds[] = {"polygon", "rectangle", "segment", "point", "hull"};
    /* the keys each kind needs besides "type", and those it may have */
    static const int needs[] = {2, 4 | 8, 2, 16, 2};
    static const int may[] = {64, 32 | 64, 64, 64, 64};
    const char *text;
    Py_ssize_t size;
    int seen = 0, key, status, k;
    double center[2] = {0.0, 0.0}, sizes[2] = {0.0, 0.0}, at[2] = {0.0, 0.0};
    double rotation = 0.0, transform[6];
    *kind = -1;
    if (!scan_char(c, '{'))
        return SCAN_NOT_PLAIN;
    do {
        key = scan_key(c, keys, lane ? 7 : 2);
        if (key < 0 || seen & (1 << key))
            return SCAN_NOT_PLAIN;
        seen |= 1 << key;
        if (key == 0) {
            if (!scan_string(c, &text, &size))
                return SCAN_NOT_PLAIN;
            for (k = 0; k < (lane ? 5 : 1) && !scan_is(text, size, kinds[k]); k++)
                ;
            if (k == (lane ? 5 : 1))
                return SCAN_NOT_PLAIN;
            *kind = k;
        }
        else if (key == 1) {
            /* a ring for a polygon; a segment's two points and a hull's are checked below */
            status = scan_ring(c, 1, most, ring);
            if (status != SCAN_TAKEN)
                return status;
        }
        else if (key == 5) {
            status = scan_number(c, &rotation);
            if (status != SCAN_TAKEN)
                return status;
        }
        else if (key == 6) {
            status = scan_transform(c, transform);
            if (status != SCAN_TAKEN)
                return status;
        }
        else {
            status = scan_point(c, key == 2 ? center : key == 3 ? sizes : at);
            if (status != SCAN_TAKEN)
                return status;
        }
    } while (scan_char(c, ','));
    if (!scan_char(c, '}') || *kind < 0 || (seen & ~may[*kind]) != (1 | needs[*kind]))
        return SCAN_NOT_PLAIN;
    switch (*kind) {
    case SCAN_POLYGON:
        if (ring->size < least)
            return SCAN_NOT_PLAIN;
        /* a map that flattens the plane (Affine.singular) makes the loaders refuse it */
        if (seen & 64 && transform[0] * transform[3] - transform[1] * transform[2] == 0.0)
            return SCAN_NOT_PLAIN;
        break;
    case SCAN_SEGMENT:
        if (ring->size != 2)
            return SCAN_NOT_PLAIN;
        break;
    case SCAN_HULL:
        break;
    case SCAN_POINT:
        ring->xy[0] = at[0];
        ring->xy[1] = at[1];
        ring->size = 1;
        break;
    default: {
        double placement[6];
        if (sizes[0] < 0.0 || sizes[1] < 0.0 || most < 4)
            return SCAN_NOT_PLAIN;
        ring->xy[0] = -(sizes[0] / 2.0), ring->xy[1] = -(sizes[1] / 2.0);
        ring->xy[2] = sizes[0] / 2.0, ring->xy[3] = -(sizes[1] / 2.0);
        ring->xy[4] = sizes[0] / 2.0, ring->xy[5] = sizes[1] / 2.0;
        ring->xy[6] = -(sizes[0] / 2.0), ring->xy[7] = sizes[1] / 2.0;
        ring->size = 4;
        scan_affine((const double[2]){1.0, 1.0}, rotation, center, placement);
        scan_apply(placement, ring);
    }
    }
    if (seen & 64)
        scan_apply(transform, ring);
    return SCAN_TAKEN;
}

/* A word after any whitespace: true, false (then read past it). */
static int scan_word(Cursor *c, const char *word)
{
    size_t size = strlen(word);
    scan_space(c);
    if ((size_t)(c->end - c->at) < size || memcmp(c->at, word, size) != 0)
        return 0;
    c->at += size;
    return 1;
}

/* An expectation of the plain keys, as io/expectation.py reads them: {"intersects": true
   or false, "distance", "depth" or "penetration", "tolerance": a number >= 0, "verdict":
   "separated", "touching" or "overlapping"}, each at most once, none null (the general
   loader reads a null as absent, and plain.py leaves such a line to it), keys in any
   order, perhaps none. */
static int scan_expect(Cursor *c, Expectation *expect)
{
    static const char *const keys[] = {"intersects", "distance", "depth", "penetration",
                                       "tolerance", "verdict"};
    static const int flags[] = {EXPECT_INTERSECTS, EXPECT_DISTANCE, EXPECT_DEPTH, EXPECT_DEPTH,
                                EXPECT_TOLERANCE, EXPECT_VERDICT};
    static const int slots[] = {0, 1, 2, 2, 3, 4};
    static const char *const verdicts[] = {"separated", "touching", "overlapping"};
    const char *text;
    Py_ssize_t size;
    int key, status, k;
    expect->keys = EXPECT_GIVEN;
    if (!scan_char(c, '{'))
        return SCAN_NOT_PLAIN;
    if (scan_char(c, '}'))
        return SCAN_TAKEN;
    do {
        key = scan_key(c, keys, 6);
        if (key < 0 || expect->keys & flags[key])
            return SCAN_NOT_PLAIN; /* another key, or one given twice (depth and penetration) */
        expect->keys |= flags[key];
        if (key == 0) {
            if (scan_word(c, "true"))
                expect->values[0] = 1.0;
            else if (scan_word(c, "false"))
                expect->values[0] = 0.0;
            else
                return SCAN_NOT_PLAIN;
        }
        else if (key == 5) {
            if (!scan_string(c, &text, &size))
                return SCAN_NOT_PLAIN;
            for (k = 0; k < 3 && !scan_is(text, size, verdicts[k]); k++)
                ;
            if (k == 3)
                return SCAN_NOT_PLAIN;
            expect->values[4] = k + 1;
        }
        else {
            status = scan_number(c, &expect->values[slots[key]]);
            if (status != SCAN_TAKEN)
                return status;
            if (expect->values[slots[key]] < 0.0)
                return SCAN_NOT_PLAIN;
        }
    } while (scan_char(c, ','));
    return scan_char(c, '}') ? SCAN_TAKEN : SCAN_NOT_PLAIN;
}

/* A whole line: {"a": SHAPE, "b": SHAPE} and perhaps "name": STRING (and, when
   line->lane, "expect": EXPECTATION), keys in any order, then nothing but
   whitespace. */
static int scan_line(Cursor *c, Py_ssize_t least, Py_ssize_t most, Line *line)
{
    static const char *const keys[] = {"a", "b", "name", "expect"};
    int seen = 0, key, status;
    line->name = NULL;
    line->expect.keys = 0;
    if (!scan_char(c, '{'))
        return SCAN_NOT_PLAIN;
    do {
        key = scan_key(c, keys, line->lane ? 4 : 3);
        if (key < 0 || seen & (1 << key))
            return SCAN_NOT_PLAIN;
        seen |= 1 << key;
        if (key == 2) {
            if (!scan_string(c, &line->name, &line->name_size))
                return SCAN_NOT_PLAIN;
        }
        else if (key == 3) {
            status = scan_expect(c, &line->expect);
            if (status != SCAN_TAKEN)
                return status;
        }
        else {
            status = scan_shape(c, least, most, &line->rings[key], line->lane, &line->kinds[key]);
            if (status != SCAN_TAKEN)
                return status;
        }
    } while (scan_char(c, ','));
    if (!scan_char(c, '}') || (seen & 3) != 3)
        return SCAN_NOT_PLAIN;
    scan_space(c);
    return c->at == c->end ? SCAN_TAKEN : SCAN_NOT_PLAIN;
}

/* A new tuple of the objects given, whose references it takes (NULL ones: it fails,
   and releases the others). */
static PyObject *scan_tuple(PyObject **items, Py_ssize_t size)
{
    PyObject *tuple = NULL;
    Py_ssize_t i;
    for (i = 0; i < size && items[i] != NULL; i++)
        ;
    if (i == size)
        tuple = PyTuple_New(size);
    for (i = 0; i < size; i++) {
        if (tuple == NULL)
            Py_XDECREF(items[i]);
        else
            PyTuple_SET_ITEM(tuple, i, items[i]);
    }
    return tuple;
}

/* A ring's points as a list of (x, y) float tuples. */
static PyObject *scan_points_list(const Ring *ring)
{
    PyObject *points = PyList_New(ring->size), *xy[2];
    Py_ssize_t i;
    for (i = 0; points != NULL && i < ring->size; i++) {
        xy[0] = PyFloat_FromDouble(ring->xy[2 * i]);
        xy[1] = PyFloat_FromDouble(ring->xy[2 * i + 1]);
        xy[0] = scan_tuple(xy, 2);
        if (xy[0] == NULL)
            Py_CLEAR(points);
        else
            PyList_SET_ITEM(points, i, xy[0]);
    }
    return points;
}

/* Whether a name begins with a colon after any whitespace (str.isspace): plain.py counts
   the ends of keys as a quote, whitespace and a colon, so the quote that opens such a
   name counts as a key more than the line has, and plain.py leaves the line to the
   general loaders. So does the scanner. */
static int scan_name_counts_as_key(PyObject *name)
{
    Py_ssize_t i, size = PyUnicode_GET_LENGTH(name);
    Py_UCS4 character;
    for (i = 0; i < size; i++) {
        character = PyUnicode_READ_CHAR(name, i);
        if (!Py_UNICODE_ISSPACE(character))
            return character == ':';
    }
    return 0;
}

/* What a scanned line gives: (name or None, points of a, points of b), or None when its
   name is one plain.py does not take. */
static PyObject *scan_result(const Line *line)
{
    PyObject *parts[3];
    if (line->name == NULL)
        parts[0] = Py_NewRef(Py_None);
    else {
        parts[0] = PyUnicode_DecodeUTF8(line->name, line->name_size, NULL);
        if (parts[0] == NULL)
            return NULL;
        if (scan_name_counts_as_key(parts[0])) {
            Py_DECREF(parts[0]);
            Py_RETURN_NONE;
        }
    }
    parts[1] = scan_points_list(&line->rings[0]);
    parts[2] = scan_points_list(&line->rings[1]);
    return scan_tuple(parts, 3);
}

/* One text of the chunk: its result, None when it is not of the form, NULL on an error. */
static PyObject *scan_text(PyObject *text, Py_ssize_t least, Py_ssize_t most, Line *line)
{
    const char *utf8;
    Py_ssize_t size;
    Cursor cursor;
    int status;
    if (!PyUnicode_Check(text))
        Py_RETURN_NONE;
    utf8 = PyUnicode_AsUTF8AndSize(text, &size);
    if (utf8 == NULL) { /* a lone surrogate: json.loads reads it, plain.py is asked */
        if (PyErr_ExceptionMatches(PyExc_MemoryError))
            return NULL;
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    cursor.at = utf8;
    cursor.end = utf8 + size;
    status = scan_line(&cursor, least, most, line);
    if (status == SCAN_ERROR)
        return NULL;
    if (status == SCAN_NOT_PLAIN)
        Py_RETURN_NONE;
    return scan_result(line);
}

static PyObject *engine_scan_plain(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *texts, *results, *result;
    Py_ssize_t least, most, i;
    Line line;
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "scan_plain(texts, least, most) takes 3 arguments");
        return NULL;
    }
    least = PyLong_AsSsize_t(args[1]);
    most = least == -1 && PyErr_Occurred() ? -1 : PyLong_AsSsize_t(args[2]);
    if (most == -1 && PyErr_Occurred())
        return NULL;
    if (least < 0 || most < least || most > SCAN_MOST_POINTS) {
        PyErr_SetString(PyExc_ValueError, "scan_plain: 0 <= least <= most <= 4096");
        return NULL;
    }
    texts = PySequence_Tuple(args[0]); /* held, and unchanged, while it is read */
    if (texts == NULL)
        return NULL;
    line.lane = 0;
    line.rings[0].xy = PyMem_Malloc(4 * (size_t)(most > 0 ? most : 1) * sizeof(double));
    line.rings[1].xy = line.rings[0].xy == NULL ? NULL : line.rings[0].xy + 2 * most;
    results = line.rings[0].xy == NULL ? PyErr_NoMemory() : PyList_New(PyTuple_GET_SIZE(texts));
    for (i = 0; results != NULL && i < PyTuple_GET_SIZE(texts); i++) {
        result = scan_text(PyTuple_GET_ITEM(texts, i), least, most, &line);
        if (result == NULL)
            Py_CLEAR(results);
        else
            PyList_SET_ITEM(results, i, result);
    }
    PyMem_Free(line.rings[0].xy);
    Py_DECREF(texts);
    return results;
}

/* A growing buffer of bytes, for scan_polygons. */
typedef struct {
    char *data;
    Py_ssize_t size, capacity;
} ScanBytes;

static int scan_bytes_add(ScanBytes *b, const void *data, Py_ssize_t size)
{
    if (b->size + size > b->capacity) {
        Py_ssize_t capacity = 2 * (b->size + size) + 1024;
        char *grown = PyMem_Realloc(b->data, (size_t)capacity);
        if (grown == NULL) {
            PyErr_NoMemory();
            return 0;
        }
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->size, data, (size_t)size);
    b->size += size;
    return 1;
}

/* The lines scan_plain takes, laid out as columns (for gjkcli/batch/lane.py), without
   the Python objects of their points: 1 a line added, 0 not taken, -1 an error. */
static int scan_polygon_columns(PyObject *text, Py_ssize_t least, Py_ssize_t most, Line *line,
                                PyObject *names, ScanBytes *xy, ScanBytes *sizes,
                                ScanBytes *expects)
{
    const char *utf8;
    Py_ssize_t size;
    Cursor cursor;
    PyObject *name;
    int status, k;
    if (!PyUnicode_Check(text))
        return 0;
    utf8 = PyUnicode_AsUTF8AndSize(text, &size);
    if (utf8 == NULL) { /* as scan_text */
        if (PyErr_ExceptionMatches(PyExc_MemoryError))
            return -1;
        PyErr_Clear();
        return 0;
    }
    cursor.at = utf8;
    cursor.end = utf8 + size;
    status = scan_line(&cursor, least, most, line);
    if (status != SCAN_TAKEN)
        return status == SCAN_ERROR ? -1 : 0;
    if (line->name == NULL)
        name = Py_NewRef(Py_None);
    else {
        name = PyUnicode_DecodeUTF8(line->name, line->name_size, NULL);
        if (name == NULL)
            return -1;
        if (scan_name_counts_as_key(name)) { /* as scan_result */
            Py_DECREF(name);
            return 0;
        }
    }
    status = PyList_Append(names, name);
    Py_DECREF(name);
    if (status < 0)
        return -1;
    for (k = 0; k < 2; k++) {
        long long points = (long long)line->rings[k].size, kind = line->kinds[k];
        if (!scan_bytes_add(xy, line->rings[k].xy,
                            2 * line->rings[k].size * (Py_ssize_t)sizeof(double)) ||
            !scan_bytes_add(sizes, &points, sizeof points) ||
            !scan_bytes_add(sizes, &kind, sizeof kind))
            return -1;
    }
    {
        double row[1 + EXPECT_VALUES];
        row[0] = line->expect.keys;
        for (k = 0; k < EXPECT_VALUES; k++)
            row[1 + k] = line->expect.keys & (2 << k) ? line->expect.values[k] : 0.0;
        if (!scan_bytes_add(expects, row, sizeof row))
            return -1;
    }
    return 1;
}

/* scan_polygons(texts, least, most): what scan_plain takes, and the same lines with an
   expectation of the plain keys (scan_expect) or other plain polytopes (scan_shape), as
   columns: (taken, names, xy, sizes, expects). taken holds a byte per text (1 taken); names the name (or None) of each
   taken line; xy (float64) every taken line's rings' points as written, end to end, x and
   y in turn; sizes (int64) two numbers a shape, A's then B's, line by line: its number of
   points and its kind (0 polygon, 1 rectangle, 2 segment, 3 point, 4 hull: scan_shape);
   expects (float64) six numbers a taken line: the keys its expectation states (the
   EXPECT_ flags, 0 for none), then the values of intersects, distance, depth, tolerance
   and the verdict's code (0 where not stated). */
static PyObject *engine_scan_polygons(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *texts, *names = NULL, *taken = NULL, *result = NULL;
    Py_ssize_t least, most, i, count;
    ScanBytes xy = {NULL, 0, 0}, sizes = {NULL, 0, 0}, expects = {NULL, 0, 0};
    Line line;
    (void)self;
    line.lane = 1;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "scan_polygons(texts, least, most) takes 3 arguments");
        return NULL;
    }
    least = PyLong_AsSsize_t(args[1]);
    most = least == -1 && PyErr_Occurred() ? -1 : PyLong_AsSsize_t(args[2]);
    if (most == -1 && PyErr_Occurred())
        return NULL;
    /* a rectangle's four corners (and a point's one) are written whatever `least` says */
    if (least < 0 || most < least || most < 4 || most > SCAN_MOST_POINTS) {
        PyErr_SetString(PyExc_ValueError, "scan_polygons: 0 <= least <= most, 4 <= most <= 4096");
        return NULL;
    }
    texts = PySequence_Tuple(args[0]);
    if (texts == NULL)
        return NULL;
    count = PyTuple_GET_SIZE(texts);
    line.rings[0].xy = PyMem_Malloc(4 * (size_t)(most > 0 ? most : 1) * sizeof(double));
    line.rings[1].xy = line.rings[0].xy == NULL ? NULL : line.rings[0].xy + 2 * most;
    if (line.rings[0].xy == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    names = PyList_New(0);
    taken = names == NULL ? NULL : PyBytes_FromStringAndSize(NULL, count);
    if (taken == NULL)
        goto done;
    for (i = 0; i < count; i++) {
        int found = scan_polygon_columns(PyTuple_GET_ITEM(texts, i), least, most, &line, names,
                                         &xy, &sizes, &expects);
        if (found < 0)
            goto done;
        PyBytes_AS_STRING(taken)[i] = (char)found;
    }
    result = Py_BuildValue("(OOy#y#y#)", taken, names, xy.data ? xy.data : "", xy.size,
                           sizes.data ? sizes.data : "", sizes.size,
                           expects.data ? expects.data : "", expects.size);
done:
    Py_XDECREF(names);
    Py_XDECREF(taken);
    PyMem_Free(xy.data);
    PyMem_Free(sizes.data);
    PyMem_Free(expects.data);
    PyMem_Free(line.rings[0].xy);
    Py_DECREF(texts);
    return result;
}
