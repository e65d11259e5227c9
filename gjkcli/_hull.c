/*
 * The depth oracle's choice of Minkowski differences, compiled: included by _engine.c.
 *
 * gjkcli/verify/hull_points.py is the reference and says why it is sound. The oracle
 * hands GEOS the differences a_i - b_j of two shapes' points less those proven
 * strictly inside their convex hull; GEOS's hull of the rest is the same polygon, so
 * which points are dropped changes no answer, only the time, as long as every one
 * dropped is proven strictly inside and GEOS's route is kept. This file proves more of
 * them than the NumPy does, in less time, by the same facts:
 *
 * - GEOS's octagon, found as hull_points._octagon finds it: the first difference (in
 *   the order i, then j) with the least or the most of x, x - y, y and x + y, each
 *   computed as GEOS computes it. Rows whose estimated extreme is beyond the
 *   reference's margin of the best row's cannot hold it; the others are computed in
 *   full, in order.
 * - A fan: triangles of a centre proven strictly inside three differences and each two
 *   neighbours, by angle round it, of a ring Q of differences (here the Minkowski
 *   merge of the two point sets' hulls, found in floating point: any points of the set
 *   will do, a better guess only proves more). A point strictly inside a triangle of
 *   points of the hull, one of them strictly inside it, is strictly inside the hull
 *   (fact 2 of the module notes); so is a point in a wedge (between two rays from the
 *   centre through neighbouring corners, turning left by less than half a turn) that
 *   is strictly left of its edge: it is a combination of the three with some weight on
 *   the centre.
 * - Blocks (against a coarser fan round the same centre, every HK_COARSE-th corner,
 *   whose wedges a block spans fewer of): the differences of a run of each shape's
 *   points in order of angle round their mean lie in the box [fl(min ax - max bx),
 *   fl(max ax - min bx)] by [fl(min ay - max by), fl(max ay - min by)], rounding being
 *   monotone. A large block
 *   whose box has its four corners each strictly inside a triangle of the fan is
 *   strictly inside the hull, with every difference of it (the hull's interior is
 *   convex). A smaller one (hk_block_edges) is, when its box lies in a sector of a few
 *   wedges and every difference of it is strictly left of each of their edges, which
 *   the least of n . a over its run of A less the most of n . b over its run of B
 *   shows, beyond a bound on the rounding. A block not proven is split in two, down to
 *   a few differences, each then tested alone.
 *
 * Orientations are accepted only beyond their rounding bound, as hull_points._left
 * accepts them (CERTIFICATE_ROUNDING and UNDERFLOW are passed in): NaN or infinity
 * proves nothing. The answer is the flat indices i * len(B) + j kept, sorted, the
 * octagon among them, with at least GEOS_REDUCE_SIZE + 1 of them as the reference
 * pads them; or None, where the reference is to decide (a coordinate not finite or
 * beyond 1e300, fewer than three distinct corners, no centre proven inside, no more
 * differences than are to be kept).
 */

#define HK_LEVELS 5   /* blocks of up to 2**5 points of each shape */
#define HK_POINT_LEVELS 3 /* blocks of up to 2**3 differences are tested one by one */
#define HK_EDGE_LEVELS 6  /* blocks of up to 2**6 differences are tested edge by edge */
#define HK_COARSE 8    /* the blocks' fan: every eighth corner of the points' */
#define HK_REACH 1e300 /* coordinates beyond: the reference decides */

typedef struct {
    double rounding, underflow;
} HkBounds;

typedef struct {
    double x, y;
} HkPoint;

/* hull_points._left: whether p is proven strictly left of the line from s to e. */
static int hk_left(const HkBounds *k, HkPoint s, HkPoint e, HkPoint p)
{
    double left = (e.x - s.x) * (p.y - s.y);
    double right = (e.y - s.y) * (p.x - s.x);
    double bound = k->rounding * (fabs(left) + fabs(right)) + k->underflow;
    return left - right > bound;
}

/* hull_points._pseudo_angle (only for ordering here: any rounding will do). */
static double hk_pseudo(double x, double y)
{
    double sum = fabs(x) + fabs(y);
    return sum > 0.0 ? copysign(1.0 - x / sum, y) : 0.0;
}

/* ---------------------------------------------------------------- */
/* Sorting indices by a key                                          */
/* ---------------------------------------------------------------- */

typedef struct {
    double key, second;
    Py_ssize_t index;
} HkKeyed;

static int hk_by_value(const void *p, const void *q)
{
    int64_t a = *(const int64_t *)p, b = *(const int64_t *)q;
    return a < b ? -1 : a > b;
}

static int hk_by_key(const void *p, const void *q)
{
    const HkKeyed *a = p, *b = q;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    if (a->second != b->second) return a->second < b->second ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* ---------------------------------------------------------------- */
/* GEOS's octagon                                                    */
/* ---------------------------------------------------------------- */

/* Key k (0: x, 1: x - y, 2: y, 3: x + y) of a point, as _keys rounds it. */
static double hk_key(int k, double x, double y)
{
    switch (k) {
    case 0: return x;
    case 1: return x - y;
    case 2: return y;
    default: return x + y;
    }
}

static const int HK_OCTAGON_KEYS[8] = {0, 1, 2, 3, 0, 1, 2, 3};
static const int HK_OCTAGON_MOST[8] = {0, 0, 1, 1, 1, 1, 0, 0};

/* hull_points._octagon: the flat indices of GEOS's eight extreme differences. The
   margin is the reference's, 4 CERTIFICATE_ROUNDING times the shapes' local sizes and
   the differences' spread, plus UNDERFLOW: rows whose estimate is beyond it from the
   best row's hold no extreme; the others are computed in full, in order. */
static void hk_octagon(const HkBounds *k, const HkPoint *a, Py_ssize_t n, const HkPoint *b,
                       Py_ssize_t m, const double box[4], double *estimates, int64_t out[8])
{
    double size_ax = 0.0, size_ay = 0.0, size_bx = 0.0, size_by = 0.0, sizes, spread, margin;
    Py_ssize_t i, j;
    int t;
    for (i = 0; i < n; i++) {
        size_ax = fmax(size_ax, fabs(a[i].x - a[0].x));
        size_ay = fmax(size_ay, fabs(a[i].y - a[0].y));
    }
    for (j = 0; j < m; j++) {
        size_bx = fmax(size_bx, fabs(b[j].x - b[0].x));
        size_by = fmax(size_by, fabs(b[j].y - b[0].y));
    }
    sizes = size_ax + size_ay + size_bx + size_by;
    spread = fmax(fabs(box[0]), fabs(box[2])) + fmax(fabs(box[1]), fabs(box[3]));
    margin = 4.0 * k->rounding * (sizes + spread) + k->underflow;
    for (t = 0; t < 8; t++) {
        int key = HK_OCTAGON_KEYS[t], most = HK_OCTAGON_MOST[t];
        double beta_extreme = 0.0, best_estimate = 0.0, best = 0.0;
        int64_t found = -1;
        /* row i's extreme is about alpha_i less B's opposite extreme of beta */
        for (j = 0; j < m; j++) {
            double beta = hk_key(key, b[j].x - b[0].x, b[j].y - b[0].y);
            if (j == 0 || (most ? beta < beta_extreme : beta > beta_extreme)) beta_extreme = beta;
        }
        for (i = 0; i < n; i++) {
            estimates[i] = hk_key(key, a[i].x - a[0].x, a[i].y - a[0].y) - beta_extreme;
            if (i == 0 || (most ? estimates[i] > best_estimate : estimates[i] < best_estimate))
                best_estimate = estimates[i];
        }
        for (i = 0; i < n; i++) {
            if (most ? !(estimates[i] >= best_estimate - margin)
                     : !(estimates[i] <= best_estimate + margin))
                continue;
            for (j = 0; j < m; j++) {
                double value = hk_key(key, a[i].x - b[j].x, a[i].y - b[j].y);
                if (found < 0 || (most ? value > best : value < best)) {
                    best = value;
                    found = (int64_t)i * m + j;
                }
            }
        }
        out[t] = found;
    }
}

/* ---------------------------------------------------------------- */
/* The polygon Q: the Minkowski merge of the two sets' hulls          */
/* ---------------------------------------------------------------- */

static double hk_cross(HkPoint o, HkPoint p, HkPoint q)
{
    return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x);
}

/* The counter-clockwise hull of points (indices into them), by Andrew's monotone
   chain in floating point, from the least (x, y); returns its size. `order` holds
   n slots, `hull` n + 1. */
static Py_ssize_t hk_hull(const HkPoint *p, Py_ssize_t n, HkKeyed *order, Py_ssize_t *hull)
{
    Py_ssize_t i, size = 0, lower;
    int sorted = 1;
    for (i = 0; i < n; i++) {
        order[i].key = p[i].x;
        order[i].second = p[i].y;
        order[i].index = i;
        if (i > 0 && hk_by_key(&order[i - 1], &order[i]) > 0) sorted = 0;
    }
    if (!sorted) /* (the oracle's points come sorted, as _distinct leaves them) */
        qsort(order, (size_t)n, sizeof(HkKeyed), hk_by_key);
    for (i = 0; i < n; i++) {
        HkPoint q = p[order[i].index];
        while (size >= 2 && hk_cross(p[hull[size - 2]], p[hull[size - 1]], q) <= 0.0) size--;
        hull[size++] = order[i].index;
    }
    lower = size + 1;
    for (i = n - 2; i >= 0; i--) {
        HkPoint q = p[order[i].index];
        while (size >= lower && hk_cross(p[hull[size - 2]], p[hull[size - 1]], q) <= 0.0) size--;
        hull[size++] = order[i].index;
    }
    return size > 1 ? size - 1 : size; /* the first point came again at the end */
}

/* The merge of hull ha of A and the reflection of hull hb of B, both counter-clockwise
   from their least (x, y) (so the reflection's from its greatest): the pairs (i, j)
   of the differences a_i - b_j round the hull of the differences, in order. */
static Py_ssize_t hk_merge(const HkPoint *a, const Py_ssize_t *ha, Py_ssize_t na,
                           const HkPoint *b, const Py_ssize_t *hb, Py_ssize_t nb,
                           HkPoint *q)
{
    Py_ssize_t i = 0, j = 0, count = 0, start_b = 0, s;
    /* -B's least (x, y) is B's greatest */
    for (s = 1; s < nb; s++) {
        HkPoint u = b[hb[s]], v = b[hb[start_b]];
        if (u.x > v.x || (u.x == v.x && u.y > v.y)) start_b = s;
    }
    while (i < na || j < nb) {
        Py_ssize_t ia = ha[i % na], ib = hb[(start_b + j) % nb];
        HkPoint ea, eb;
        double turn;
        q[count].x = a[ia].x - b[ib].x;
        q[count].y = a[ia].y - b[ib].y;
        count++;
        ea.x = a[ha[(i + 1) % na]].x - a[ia].x;
        ea.y = a[ha[(i + 1) % na]].y - a[ia].y;
        /* -B's edge: -(b_next - b) */
        eb.x = b[ib].x - b[hb[(start_b + j + 1) % nb]].x;
        eb.y = b[ib].y - b[hb[(start_b + j + 1) % nb]].y;
        turn = ea.x * eb.y - ea.y * eb.x;
        if (j >= nb || (i < na && turn > 0.0))
            i++;
        else if (i >= na || turn < 0.0)
            j++;
        else {
            i++;
            j++;
        }
    }
    return count;
}

/* ---------------------------------------------------------------- */
/* The fan                                                           */
/* ---------------------------------------------------------------- */

#define HK_BINS 1024 /* bins of pseudo-angle (-2 to 2) for finding a wedge */

typedef struct {
    HkPoint centre;
    HkPoint *corner; /* the corners by angle round the centre */
    double *turn;    /* their pseudo-angles, ascending */
    Py_ssize_t count;
    Py_ssize_t below[HK_BINS]; /* the corners in the bins below each */
    unsigned char *proper;     /* wedge k (corner k to k + 1) proven to turn left round it */
    HkPoint *local;            /* each corner less the reference a_0 - b_0 */
} HkFan;

/* The bin of a pseudo-angle: monotone (NaN in the first). */
static Py_ssize_t hk_bin(double turn)
{
    double position = (turn + 2.0) * (HK_BINS / 4.0);
    if (!(position > 0.0)) return 0;
    return position >= HK_BINS - 1 ? HK_BINS - 1 : (Py_ssize_t)position;
}

/* The fan of the ring q (count points, consecutive repeats allowed), as
   hull_points._Fan.around picks its centre; 0 where none is proven inside. */
static int hk_fan(const HkBounds *k, HkPoint *q, Py_ssize_t count, HkKeyed *keyed, HkFan *fan)
{
    Py_ssize_t distinct = 0, i, third[3];
    HkPoint t[3];
    for (i = 0; i < count; i++) { /* a point equal to the one before it goes */
        HkPoint before = q[(i + count - 1) % count];
        if (count == 1 || q[i].x != before.x || q[i].y != before.y) q[distinct++] = q[i];
    }
    if (distinct < 3) return 0;
    third[0] = 0, third[1] = distinct / 3, third[2] = 2 * distinct / 3;
    for (i = 0; i < 3; i++) t[i] = q[third[i]];
    fan->centre.x = 0.7 * ((t[0].x + t[1].x + t[2].x) / 3.0) + 0.3 * t[0].x;
    fan->centre.y = 0.7 * ((t[0].y + t[1].y + t[2].y) / 3.0) + 0.3 * t[0].y;
    for (i = 0; i < 3; i++)
        if (!hk_left(k, t[i], t[(i + 1) % 3], fan->centre)) return 0;
    for (i = 0; i < distinct; i++) {
        keyed[i].key = hk_pseudo(q[i].x - fan->centre.x, q[i].y - fan->centre.y);
        keyed[i].second = 0.0;
        keyed[i].index = i;
    }
    {
        Py_ssize_t descents = 0, first = 0;
        for (i = 0; i < distinct; i++) {
            Py_ssize_t next = (i + 1) % distinct;
            if (keyed[next].key < keyed[i].key) descents++, first = next;
        }
        if (descents == 1) /* in order of angle already, round the ring from its least */
            for (i = 0; i < distinct; i++) keyed[i].index = (first + i) % distinct;
        for (i = 0; i < distinct && descents == 1; i++)
            keyed[i].key = hk_pseudo(q[keyed[i].index].x - fan->centre.x,
                                     q[keyed[i].index].y - fan->centre.y);
        if (descents != 1) qsort(keyed, (size_t)distinct, sizeof(HkKeyed), hk_by_key);
    }
    for (i = 0; i < distinct; i++) {
        fan->corner[i] = q[keyed[i].index];
        fan->turn[i] = keyed[i].key;
    }
    fan->count = distinct;
    for (i = 0; i < distinct; i++)
        fan->proper[i] = (unsigned char)hk_left(k, fan->centre, fan->corner[i],
                                                fan->corner[(i + 1) % distinct]);
    {
        Py_ssize_t b, c = 0;
        for (b = 0; b < HK_BINS; b++) {
            while (c < distinct && hk_bin(fan->turn[c]) < b) c++;
            fan->below[b] = c;
        }
    }
    return 1;
}

/* A coarser fan round the same centre: every `step`-th corner of `fine` (in order of
   angle), its wedges' turns and bins worked out again. The corners' local coordinates
   are filled in where the blocks are set up. */
static void hk_subfan(const HkBounds *k, const HkFan *fine, Py_ssize_t step, HkFan *fan)
{
    Py_ssize_t i, b, c = 0;
    fan->centre = fine->centre;
    fan->count = 0;
    for (i = 0; i < fine->count; i += step, fan->count++) {
        fan->corner[fan->count] = fine->corner[i];
        fan->turn[fan->count] = fine->turn[i];
    }
    for (i = 0; i < fan->count; i++)
        fan->proper[i] = (unsigned char)hk_left(k, fan->centre, fan->corner[i],
                                                fan->corner[(i + 1) % fan->count]);
    for (b = 0; b < HK_BINS; b++) {
        while (c < fan->count && hk_bin(fan->turn[c]) < b) c++;
        fan->below[b] = c;
    }
}

/* The first corner past p's angle round the centre (0 to count; -1 for NaN): p lies in
   the wedge from the one before it (round the ring) to it, unless rounding hides it. */
static Py_ssize_t hk_wedge(const HkFan *fan, HkPoint p)
{
    double turn = hk_pseudo(p.x - fan->centre.x, p.y - fan->centre.y);
    Py_ssize_t low;
    if (!isfinite(turn)) return -1;
    low = fan->below[hk_bin(turn)]; /* none of the corners in the bins below is past it */
    while (low < fan->count && fan->turn[low] <= turn) low++;
    return low;
}

/* Whether p is proven strictly inside triangle w of the fan: the centre, corner w - 1
   and corner w (round the ring). */
static int hk_in_wedge(const HkBounds *k, const HkFan *fan, Py_ssize_t w, HkPoint p)
{
    HkPoint start = fan->corner[(w + fan->count - 1) % fan->count];
    HkPoint end = fan->corner[w % fan->count];
    return hk_left(k, fan->centre, start, p) && hk_left(k, start, end, p) &&
           hk_left(k, end, fan->centre, p);
}

/* Whether p is proven strictly inside a triangle of the fan: the one its angle falls
   in, or a neighbour (rounding may have put it on the other side of a corner's ray). */
static int hk_inside(const HkBounds *k, const HkFan *fan, HkPoint p)
{
    Py_ssize_t low = hk_wedge(fan, p);
    if (low < 0) return 0;
    return hk_in_wedge(k, fan, low, p) || hk_in_wedge(k, fan, low + 1, p) ||
           hk_in_wedge(k, fan, low + fan->count - 1, p);
}

/* ---------------------------------------------------------------- */
/* Blocks                                                            */
/* ---------------------------------------------------------------- */

/* One shape's points in order of their angle round their mean, and the bounding boxes
   of their aligned runs of 2**level, for each level up to HK_LEVELS. */
typedef struct {
    Py_ssize_t *order;
    double *box[HK_LEVELS + 1]; /* per run: least x, least y, most x, most y */
    Py_ssize_t count;
} HkRuns;

static Py_ssize_t hk_run_count(Py_ssize_t count, int level)
{
    return ((count - 1) >> level) + 1;
}

/* The slots the runs' boxes of a shape of `count` points take. */
static Py_ssize_t hk_run_room(Py_ssize_t count)
{
    Py_ssize_t room = 0;
    int level;
    for (level = 0; level <= HK_LEVELS; level++) room += 4 * hk_run_count(count, level);
    return room;
}

/* `hull` (its `hulled` points, counter-clockwise) orders the points when it holds them
   all; else they are sorted by angle round their mean. Any order is sound: runs of
   neighbours only prove more. */
static void hk_runs(const HkPoint *p, Py_ssize_t count, const Py_ssize_t *hull,
                    Py_ssize_t hulled, HkKeyed *keyed, double *room, HkRuns *runs)
{
    double mean_x = 0.0, mean_y = 0.0;
    Py_ssize_t i, r;
    int level;
    runs->count = count;
    if (hulled == count) {
        for (i = 0; i < count; i++) runs->order[i] = hull[i];
    } else {
        for (i = 0; i < count; i++) mean_x += p[i].x, mean_y += p[i].y;
        mean_x /= (double)count, mean_y /= (double)count;
        for (i = 0; i < count; i++) {
            keyed[i].key = hk_pseudo(p[i].x - mean_x, p[i].y - mean_y);
            keyed[i].second = 0.0;
            keyed[i].index = i;
        }
        qsort(keyed, (size_t)count, sizeof(HkKeyed), hk_by_key);
        for (i = 0; i < count; i++) runs->order[i] = keyed[i].index;
    }
    for (level = 0; level <= HK_LEVELS; level++) {
        runs->box[level] = room;
        room += 4 * hk_run_count(count, level);
    }
    for (i = 0; i < count; i++) {
        HkPoint q = p[runs->order[i]];
        double *box = runs->box[0] + 4 * i;
        box[0] = box[2] = q.x, box[1] = box[3] = q.y;
    }
    for (level = 1; level <= HK_LEVELS; level++) {
        Py_ssize_t below = hk_run_count(count, level - 1);
        for (r = 0; r < hk_run_count(count, level); r++) {
            const double *first = runs->box[level - 1] + 8 * r;
            double *box = runs->box[level] + 4 * r;
            if (2 * r + 1 < below) {
                const double *second = first + 4;
                box[0] = fmin(first[0], second[0]), box[1] = fmin(first[1], second[1]);
                box[2] = fmax(first[2], second[2]), box[3] = fmax(first[3], second[3]);
            } else
                memcpy(box, first, 4 * sizeof(double));
        }
    }
}

typedef struct {
    int64_t *index;
    Py_ssize_t count, room;
} HkKept;

static int hk_keep(HkKept *kept, int64_t index)
{
    if (kept->count == kept->room) {
        Py_ssize_t room = 2 * kept->room + 64;
        int64_t *grown = PyMem_Realloc(kept->index, (size_t)room * sizeof(int64_t));
        if (grown == NULL) return -1;
        kept->index = grown, kept->room = room;
    }
    kept->index[kept->count++] = index;
    return 0;
}

typedef struct {
    const HkBounds *bounds;
    const HkFan *fan;    /* the points alone are tested against it */
    const HkFan *coarse; /* the blocks, against this coarser one (fewer edges a block) */
    const HkPoint *a, *b;
    const HkPoint *local_a, *local_b; /* a - a_0, b - b_0 */
    const HkRuns *ra, *rb;
    Py_ssize_t m;
    double size_x, size_y; /* bounds on the sizes the rounding of an edge test is relative to */
    HkKept *kept;
} HkBlocks;

/* The least and the greatest of four wedge numbers. */
static void hk_span(const Py_ssize_t wedge[4], Py_ssize_t *low, Py_ssize_t *high)
{
    int i;
    *low = *high = wedge[0];
    for (i = 1; i < 4; i++) {
        if (wedge[i] < *low) *low = wedge[i];
        if (wedge[i] > *high) *high = wedge[i];
    }
}

/* Whether every difference of run u of A (2**level_a points) and run v of B, whose box
   has the corners given, is proven strictly inside the fan by its edges: the box lies in the sector
   of a few wedges, each turning left, and every difference is strictly left of each of
   their edges, by the least of n . a over the run of A less the most of n . b over the
   run of B (n the edge's left normal; from the points less a_0 and b_0, the corner less
   a_0 - b_0), beyond 2 CERTIFICATE_ROUNDING times the sizes those products and their
   roundings are made of (the differences' own rounding, the local points', the
   normal's). A difference in a wedge and strictly left of its edge is strictly inside
   its triangle, or on the side it shares with the next, between the centre and the
   edges: strictly inside the hull either way. */
static int hk_block_edges(const HkBlocks *w, int level_a, Py_ssize_t u, int level_b,
                          Py_ssize_t v, const HkPoint corners[4])
{
    const HkFan *fan = w->coarse;
    Py_ssize_t wedge[4], low, high, s, e, k, i;
    Py_ssize_t a0 = u << level_a, a1 = (u + 1) << level_a;
    Py_ssize_t b0 = v << level_b, b1 = (v + 1) << level_b;
    HkPoint start, end;
    if (a1 > w->ra->count) a1 = w->ra->count;
    if (b1 > w->rb->count) b1 = w->rb->count;
    for (i = 0; i < 4; i++) {
        wedge[i] = hk_wedge(fan, corners[i]);
        if (wedge[i] < 0) return 0;
    }
    hk_span(wedge, &low, &high);
    if (2 * (high - low) > fan->count) { /* across -x: the small ones a turn on */
        for (i = 0; i < 4; i++)
            if (2 * wedge[i] < fan->count) wedge[i] += fan->count;
        hk_span(wedge, &low, &high);
    }
    s = low - 2 + fan->count, e = high + 1 + fan->count; /* a corner more each side */
    if (e - s >= fan->count) return 0;
    start = fan->corner[s % fan->count], end = fan->corner[e % fan->count];
    for (i = 0; i < 4; i++)
        if (!hk_left(w->bounds, fan->centre, start, corners[i]) ||
            !hk_left(w->bounds, end, fan->centre, corners[i]))
            return 0;
    for (k = s; k < e; k++) {
        Py_ssize_t here = k % fan->count, next = (k + 1) % fan->count, j;
        double nx, ny, least_a = 0.0, most_b = 0.0, corner, margin;
        if (!fan->proper[here]) return 0;
        nx = -(fan->corner[next].y - fan->corner[here].y);
        ny = fan->corner[next].x - fan->corner[here].x;
        for (j = a0; j < a1; j++) {
            HkPoint q = w->local_a[w->ra->order[j]];
            double value = nx * q.x + ny * q.y;
            if (j == a0 || value < least_a) least_a = value;
        }
        for (j = b0; j < b1; j++) {
            HkPoint q = w->local_b[w->rb->order[j]];
            double value = nx * q.x + ny * q.y;
            if (j == b0 || value > most_b) most_b = value;
        }
        corner = nx * fan->local[here].x + ny * fan->local[here].y;
        margin = 2.0 * w->bounds->rounding * (fabs(nx) * w->size_x + fabs(ny) * w->size_y) +
                 w->bounds->underflow;
        if (!(least_a - most_b - corner > margin)) return 0;
    }
    return 1;
}

/* The differences of run u (of 2**level_a points of A, by angle) and run v of B: proven
   inside together (by their box, or edge by edge), else split in two along the longer
   side, down to a few differences, each tested alone; those not proven are kept. */
static int hk_block(const HkBlocks *w, int level_a, Py_ssize_t u, int level_b, Py_ssize_t v)
{
    const double *box_a = w->ra->box[level_a] + 4 * u, *box_b = w->rb->box[level_b] + 4 * v;
    HkPoint corners[4];
    int i, inside = 1;
    corners[0].x = box_a[0] - box_b[2], corners[0].y = box_a[1] - box_b[3];
    if (level_a + level_b <= HK_POINT_LEVELS) { /* a few differences: each alone */
        Py_ssize_t s, t, s1 = (u + 1) << level_a, t1 = (v + 1) << level_b;
        if (s1 > w->ra->count) s1 = w->ra->count;
        if (t1 > w->rb->count) t1 = w->rb->count;
        for (s = u << level_a; s < s1; s++)
            for (t = v << level_b; t < t1; t++) {
                Py_ssize_t i = w->ra->order[s], j = w->rb->order[t];
                HkPoint p;
                p.x = w->a[i].x - w->b[j].x, p.y = w->a[i].y - w->b[j].y;
                if (!hk_inside(w->bounds, w->fan, p) && hk_keep(w->kept, (int64_t)i * w->m + j) < 0)
                    return -1;
            }
        return 0;
    }
    corners[1].x = box_a[2] - box_b[0], corners[1].y = corners[0].y;
    corners[2].x = corners[1].x, corners[2].y = box_a[3] - box_b[1];
    corners[3].x = corners[0].x, corners[3].y = corners[2].y;
    if (level_a + level_b > HK_EDGE_LEVELS) {
        for (i = 0; i < 4 && inside; i++) inside = hk_inside(w->bounds, w->coarse, corners[i]);
        if (inside) return 0;
    }
    if (level_a + level_b <= HK_EDGE_LEVELS && hk_block_edges(w, level_a, u, level_b, v, corners))
        return 0;
    if (level_a >= level_b) {
        if (hk_block(w, level_a - 1, 2 * u, level_b, v) < 0) return -1;
        if ((2 * u + 1) << (level_a - 1) < w->ra->count)
            return hk_block(w, level_a - 1, 2 * u + 1, level_b, v);
        return 0;
    }
    if (hk_block(w, level_a, u, level_b - 1, 2 * v) < 0) return -1;
    if ((2 * v + 1) << (level_b - 1) < w->rb->count)
        return hk_block(w, level_a, u, level_b - 1, 2 * v + 1);
    return 0;
}

/* The whole choice; 1 done (kept filled), 0 the reference decides, -1 out of memory. */
static int hk_choose(const HkBounds *k, const HkPoint *a, Py_ssize_t n, const HkPoint *b,
                     Py_ssize_t m, int64_t least_kept, HkKept *kept)
{
    Py_ssize_t most = (n > m ? n : m) + 1, i, j, ha_count, hb_count, q_count;
    Py_ssize_t *ha = NULL, *hb = NULL, *order_a = NULL, *order_b = NULL;
    double *estimates = NULL, *edges = NULL, box[4];
    HkKeyed *keyed = NULL;
    HkPoint *q = NULL;
    HkFan fan;
    HkRuns ra, rb;
    int64_t octagon[8];
    int result = -1;
    HkPoint *local = NULL;
    HkFan coarse;
    fan.corner = NULL, fan.turn = NULL, fan.proper = NULL, fan.local = NULL;
    coarse.corner = NULL, coarse.turn = NULL, coarse.proper = NULL, coarse.local = NULL;
    if ((int64_t)n * m <= least_kept) return 0; /* too few to choose from */
    for (i = 0; i < n; i++)
        if (!(fabs(a[i].x) <= HK_REACH && fabs(a[i].y) <= HK_REACH)) return 0;
    for (j = 0; j < m; j++)
        if (!(fabs(b[j].x) <= HK_REACH && fabs(b[j].y) <= HK_REACH)) return 0;
    ha = PyMem_Malloc((size_t)(n + 1) * sizeof(Py_ssize_t));
    hb = PyMem_Malloc((size_t)(m + 1) * sizeof(Py_ssize_t));
    order_a = PyMem_Malloc((size_t)n * sizeof(Py_ssize_t));
    order_b = PyMem_Malloc((size_t)m * sizeof(Py_ssize_t));
    keyed = PyMem_Malloc((size_t)(n + m + 2) * sizeof(HkKeyed));
    q = PyMem_Malloc((size_t)(n + m + 2) * sizeof(HkPoint));
    fan.corner = PyMem_Malloc((size_t)(n + m + 2) * sizeof(HkPoint));
    fan.turn = PyMem_Malloc((size_t)(n + m + 2) * sizeof(double));
    fan.proper = PyMem_Malloc((size_t)(n + m + 2));
    fan.local = PyMem_Malloc((size_t)(n + m + 2) * sizeof(HkPoint));
    coarse.corner = PyMem_Malloc((size_t)(n + m + 2) * sizeof(HkPoint));
    coarse.turn = PyMem_Malloc((size_t)(n + m + 2) * sizeof(double));
    coarse.proper = PyMem_Malloc((size_t)(n + m + 2));
    coarse.local = PyMem_Malloc((size_t)(n + m + 2) * sizeof(HkPoint));
    local = PyMem_Malloc((size_t)(n + m) * sizeof(HkPoint));
    estimates = PyMem_Malloc((size_t)most * sizeof(double));
    edges = PyMem_Malloc((size_t)(hk_run_room(n) + hk_run_room(m)) * sizeof(double));
    if (!ha || !hb || !order_a || !order_b || !keyed || !q || !fan.corner || !fan.turn ||
        !fan.proper || !fan.local || !coarse.corner || !coarse.turn || !coarse.proper ||
        !coarse.local || !local || !estimates || !edges)
        goto done;
    /* the box of the differences, to the bit (hull_points._box) */
    box[0] = box[2] = a[0].x, box[1] = box[3] = a[0].y;
    for (i = 1; i < n; i++) {
        box[0] = fmin(box[0], a[i].x), box[2] = fmax(box[2], a[i].x);
        box[1] = fmin(box[1], a[i].y), box[3] = fmax(box[3], a[i].y);
    }
    {
        double low_x = b[0].x, high_x = b[0].x, low_y = b[0].y, high_y = b[0].y;
        for (j = 1; j < m; j++) {
            low_x = fmin(low_x, b[j].x), high_x = fmax(high_x, b[j].x);
            low_y = fmin(low_y, b[j].y), high_y = fmax(high_y, b[j].y);
        }
        box[0] -= high_x, box[1] -= high_y, box[2] -= low_x, box[3] -= low_y;
    }
    hk_octagon(k, a, n, b, m, box, estimates, octagon);
    ha_count = hk_hull(a, n, keyed, ha);
    hb_count = hk_hull(b, m, keyed, hb);
    q_count = hk_merge(a, ha, ha_count, b, hb, hb_count, q);
    if (!hk_fan(k, q, q_count, keyed, &fan)) {
        result = 0;
        goto done;
    }
    ra.order = order_a, rb.order = order_b;
    hk_runs(a, n, ha, ha_count, keyed, edges, &ra);
    hk_runs(b, m, hb, hb_count, keyed, edges + hk_run_room(n), &rb);
    {
        HkBlocks w;
        Py_ssize_t u, v;
        HkPoint reference;
        double size[4] = {0.0, 0.0, 0.0, 0.0}; /* local A, B, corners: x, y; then the rest */
        hk_subfan(k, &fan, HK_COARSE, &coarse);
        w.bounds = k, w.fan = &fan, w.coarse = &coarse, w.a = a, w.b = b, w.ra = &ra;
        w.rb = &rb, w.m = m;
        w.kept = kept, w.local_a = local, w.local_b = local + n;
        reference.x = a[0].x - b[0].x, reference.y = a[0].y - b[0].y;
        for (i = 0; i < n; i++) {
            local[i].x = a[i].x - a[0].x, local[i].y = a[i].y - a[0].y;
            size[0] = fmax(size[0], fabs(local[i].x)), size[1] = fmax(size[1], fabs(local[i].y));
        }
        w.size_x = size[0], w.size_y = size[1], size[0] = size[1] = 0.0;
        for (j = 0; j < m; j++) {
            local[n + j].x = b[j].x - b[0].x, local[n + j].y = b[j].y - b[0].y;
            size[0] = fmax(size[0], fabs(local[n + j].x));
            size[1] = fmax(size[1], fabs(local[n + j].y));
        }
        w.size_x += size[0], w.size_y += size[1], size[0] = size[1] = 0.0;
        for (i = 0; i < coarse.count; i++) {
            coarse.local[i].x = coarse.corner[i].x - reference.x;
            coarse.local[i].y = coarse.corner[i].y - reference.y;
            size[0] = fmax(size[0], fabs(coarse.local[i].x));
            size[1] = fmax(size[1], fabs(coarse.local[i].y));
        }
        /* and a_0 - b_0, and the differences themselves (within their box) */
        w.size_x += size[0] + fabs(reference.x) + fmax(fabs(box[0]), fabs(box[2]));
        w.size_y += size[1] + fabs(reference.y) + fmax(fabs(box[1]), fabs(box[3]));
        for (u = 0; u < hk_run_count(n, HK_LEVELS); u++)
            for (v = 0; v < hk_run_count(m, HK_LEVELS); v++)
                if (hk_block(&w, HK_LEVELS, u, HK_LEVELS, v) < 0) goto done;
    }
    for (i = 0; i < 8; i++)
        if (hk_keep(kept, octagon[i]) < 0) goto done;
    qsort(kept->index, (size_t)kept->count, sizeof(int64_t), hk_by_value);
    {
        Py_ssize_t distinct = 0;
        for (i = 0; i < kept->count; i++)
            if (distinct == 0 || kept->index[i] != kept->index[distinct - 1])
                kept->index[distinct++] = kept->index[i];
        kept->count = distinct;
    }
    if (kept->count < least_kept) { /* as the reference pads: the first indices not kept */
        Py_ssize_t have = kept->count, r = 0;
        int64_t candidate = 0;
        while (kept->count < least_kept) {
            while (r < have && kept->index[r] < candidate) r++;
            if (!(r < have && kept->index[r] == candidate) && hk_keep(kept, candidate) < 0)
                goto done;
            candidate++;
        }
        qsort(kept->index, (size_t)kept->count, sizeof(int64_t), hk_by_value);
    }
    result = 1;
done:
    PyMem_Free(ha), PyMem_Free(hb), PyMem_Free(order_a), PyMem_Free(order_b);
    PyMem_Free(keyed), PyMem_Free(q), PyMem_Free(fan.corner), PyMem_Free(fan.turn);
    PyMem_Free(fan.proper), PyMem_Free(fan.local), PyMem_Free(local);
    PyMem_Free(coarse.corner), PyMem_Free(coarse.turn), PyMem_Free(coarse.proper);
    PyMem_Free(coarse.local);
    PyMem_Free(estimates), PyMem_Free(edges);
    return result;
}

static int hk_points(PyObject *obj, Py_buffer *view, Py_ssize_t *count)
{
    view->obj = NULL;
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    if (view->itemsize != 8 || view->format == NULL || strcmp(view->format, "d") != 0 ||
        view->len % 16 != 0 || view->len == 0) {
        PyBuffer_Release(view);
        view->obj = NULL;
        PyErr_SetString(PyExc_ValueError, "hull_kept: expected a contiguous (n, 2) float64 array");
        return -1;
    }
    *count = view->len / 16;
    return 0;
}

/* hull_kept(points_a, points_b, rounding, underflow, least_kept): bytes of the kept
   flat indices (int64, sorted), or None where the reference is to decide. */
static PyObject *engine_hull_kept(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer views[2];
    Py_ssize_t n, m;
    HkBounds bounds;
    HkKept kept = {NULL, 0, 0};
    long long least_kept;
    PyObject *out = NULL;
    int found;
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "hull_kept takes 5 arguments");
        return NULL;
    }
    bounds.rounding = PyFloat_AsDouble(args[2]);
    bounds.underflow = PyFloat_AsDouble(args[3]);
    least_kept = PyLong_AsLongLong(args[4]);
    if (PyErr_Occurred()) return NULL;
    if (hk_points(args[0], &views[0], &n) < 0) return NULL;
    if (hk_points(args[1], &views[1], &m) < 0) {
        PyBuffer_Release(&views[0]);
        return NULL;
    }
    found = hk_choose(&bounds, (const HkPoint *)views[0].buf, n, (const HkPoint *)views[1].buf,
                      m, (int64_t)least_kept, &kept);
    PyBuffer_Release(&views[0]);
    PyBuffer_Release(&views[1]);
    if (found < 0)
        PyErr_NoMemory();
    else if (found == 0)
        out = Py_NewRef(Py_None);
    else
        out = PyBytes_FromStringAndSize((const char *)kept.index,
                                        (Py_ssize_t)(kept.count * sizeof(int64_t)));
    PyMem_Free(kept.index);
    return out;
}

/* hull_points.ring_hull_orders' proof for one set: the index of its lowest (then
   leftmost) point when every three points in a row (the last before the first) turn
   strictly left beyond rounding (hk_left) and the edges turn once round (one crossing of
   +x from below, told by the signs of their coordinates); else -1. */
static int64_t hk_ring_start(const HkBounds *k, const HkPoint *p, Py_ssize_t n)
{
    Py_ssize_t i, crossings = 0, lowest = 0;
    if (n < 3) return -1;
    for (i = 0; i < n; i++) {
        HkPoint before = p[(i + n - 1) % n], here = p[i], after = p[(i + 1) % n];
        HkPoint next = p[(i + 2) % n];
        int above = after.y > here.y || (after.y == here.y && after.x > here.x);
        int above_next = next.y > after.y || (next.y == after.y && next.x > after.x);
        if (!hk_left(k, before, here, after)) return -1;
        crossings += above_next && !above; /* the edge from the next point crosses +x */
        if (here.y < p[lowest].y || (here.y == p[lowest].y && here.x < p[lowest].x)) lowest = i;
    }
    return crossings == 1 ? (int64_t)lowest : -1;
}

/* ring_starts(points, counts, rounding, underflow): hk_ring_start of each set laid end to
   end in points (float64 pairs, counts[k] each), as bytes of int64. */
static PyObject *engine_ring_starts(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Py_buffer points, counts;
    HkBounds bounds;
    Py_ssize_t sets, k, first = 0;
    PyObject *out = NULL;
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "ring_starts takes 4 arguments");
        return NULL;
    }
    bounds.rounding = PyFloat_AsDouble(args[2]);
    bounds.underflow = PyFloat_AsDouble(args[3]);
    if (PyErr_Occurred()) return NULL;
    if (hk_points(args[0], &points, &first) < 0) return NULL;
    first = 0;
    if (PyObject_GetBuffer(args[1], &counts, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&points);
        return NULL;
    }
    sets = counts.len / 8;
    if (counts.itemsize != 8 || strchr("lq", counts.format[0]) == NULL)
        PyErr_SetString(PyExc_ValueError, "ring_starts: counts of int64");
    else {
        const int64_t *count = (const int64_t *)counts.buf;
        for (k = 0; k < sets && count[k] >= 0; k++) first += count[k];
        if (k < sets || first != points.len / 16)
            PyErr_SetString(PyExc_ValueError, "ring_starts: the counts do not match the points");
        else if ((out = PyBytes_FromStringAndSize(NULL, 8 * sets)) != NULL) {
            int64_t *start = (int64_t *)PyBytes_AS_STRING(out);
            for (k = 0, first = 0; k < sets; first += count[k], k++)
                start[k] = hk_ring_start(&bounds, (const HkPoint *)points.buf + first, count[k]);
        }
    }
    PyBuffer_Release(&points);
    PyBuffer_Release(&counts);
    return out;
}

typedef struct {
    double x, y;
    Py_ssize_t index;
} HkRow;

static int hk_by_row(const void *p, const void *q)
{
    const HkRow *a = p, *b = q;
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    if (a->y != b->y) return a->y < b->y ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* distinct_rows(points): shapely_oracle._distinct of finite float64 pairs: the rows
   sorted stably by x, then y, and the first of each run of equal ones (as floats compare:
   -0.0 is 0.0) kept, as bytes of float64 pairs; None where a coordinate is not finite. */
static PyObject *engine_distinct_rows(PyObject *self, PyObject *arg)
{
    Py_buffer view;
    Py_ssize_t count, i, kept = 0;
    HkRow *rows;
    PyObject *out = NULL;
    (void)self;
    if (hk_points(arg, &view, &count) < 0) return NULL;
    rows = PyMem_Malloc((size_t)count * sizeof(HkRow));
    if (rows == NULL) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    for (i = 0; i < count; i++) {
        const double *p = (const double *)view.buf + 2 * i;
        if (!isfinite(p[0]) || !isfinite(p[1])) break;
        rows[i].x = p[0], rows[i].y = p[1], rows[i].index = i;
    }
    if (i < count)
        out = Py_NewRef(Py_None);
    else {
        qsort(rows, (size_t)count, sizeof(HkRow), hk_by_row);
        for (i = 0; i < count; i++)
            if (kept == 0 || rows[i].x != rows[kept - 1].x || rows[i].y != rows[kept - 1].y)
                rows[kept++] = rows[i];
        out = PyBytes_FromStringAndSize(NULL, 16 * kept);
        if (out != NULL) {
            double *found = (double *)PyBytes_AS_STRING(out);
            for (i = 0; i < kept; i++) found[2 * i] = rows[i].x, found[2 * i + 1] = rows[i].y;
        }
    }
    PyMem_Free(rows);
    PyBuffer_Release(&view);
    return out;
}
