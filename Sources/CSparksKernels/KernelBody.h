/*
 * The kernels' one implementation, compiled twice (KernelsBaseline.c, KernelsAVX2.c) with the
 * names SPARKS_NAME gives them; see SparksKernels.h for why this is C.
 *
 * A row of a quad or a triangle is drawn 8 pixels at a time in three small stages: a source
 * makes 8 premultiplied, tinted pixels from their texture coordinates (solid colour, or texels
 * of an alpha mask or a colour image, nearest, bilinear or trilinear), a blend combines them
 * with the 8 pixels below (source-over or additive), and the row loop walks the span. Every
 * source, filter and blend is a constant argument of one always-inlined function, so each
 * combination is compiled as a loop of its own.
 *
 * Texture coordinates reach the samplers as 8.8 fixed point with 1.5·2²³ added
 * (`MAGIC_FLOAT`): a float in [0, 2²²) plus it holds the rounded value in its low mantissa
 * bits, so converting 8 floats to integers is one add and a reinterpretation. Coordinates are
 * clamped against bounds with the same bias, and the bias is taken out of texel indices in one
 * subtraction, all in wrapping (unsigned) arithmetic. Blending works on two 8-bit channels per
 * 32-bit lane, or per 16-bit lane where a channel times a factor fits. After the texture
 * coordinates everything is integer; floating-point contraction is off, so the baseline and
 * AVX2 builds give the same pixels.
 */
#include "SparksKernels.h"

#pragma clang fp contract(off)
/* The helpers below take and return 256-bit vectors but are always inlined: no call crosses the
 * ABI the baseline build warns about. */
#pragma clang diagnostic ignored "-Wpsabi"

typedef float f32x8 __attribute__((ext_vector_type(8)));
typedef int32_t i32x8 __attribute__((ext_vector_type(8)));
typedef uint32_t u32x8 __attribute__((ext_vector_type(8)));
typedef uint16_t u16x16 __attribute__((ext_vector_type(16)));
typedef short i16x16 __attribute__((__vector_size__(32)));
typedef uint8_t u8x32 __attribute__((ext_vector_type(32)));

#define INLINE static inline __attribute__((always_inline))

#define MAGIC_FLOAT 12582912.0f
#define MAGIC_BITS 0x4B400000u
#define LOW_CHANNELS 0x00FF00FFu
#define HIGH_CHANNELS 0xFF00FF00u
#define HALF_CHANNELS 0x00800080u

/* Vector reinterpretations (same size: a cast is a bit cast). */
#define AS_I32(v) ((i32x8)(v))
#define AS_U32(v) ((u32x8)(v))
#define AS_F32(v) ((f32x8)(v))
#define AS_U16(v) ((u16x16)(v))
#define AS_U8(v) ((u8x32)(v))

INLINE f32x8 splat_f(float x) { return (f32x8){x, x, x, x, x, x, x, x}; }
INLINE i32x8 splat_i(int32_t x) { return (i32x8){x, x, x, x, x, x, x, x}; }
INLINE u32x8 splat_u(uint32_t x) { return (u32x8){x, x, x, x, x, x, x, x}; }

INLINE f32x8 lane_numbers(void) { return (f32x8){0, 1, 2, 3, 4, 5, 6, 7}; }

/* v rounded to the nearest integer (ties to even), for |v| < 2²². */
INLINE i32x8 round_to_int(f32x8 v) { return AS_I32(AS_U32(v + splat_f(MAGIC_FLOAT)) - splat_u(MAGIC_BITS)); }

/* All ones in lanes below `count`, zero in the rest. */
INLINE u32x8 lane_mask(int32_t count) {
    return AS_U32(((i32x8){0, 1, 2, 3, 4, 5, 6, 7} - splat_i(count)) >> 31);
}

/* Lane-wise max and min as Swift's Float.maximum and minimum pick them (a NaN loses). */
INLINE f32x8 max_lanes(f32x8 x, f32x8 y) {
    i32x8 keep_x = (x > y) | (y != y);
    return AS_F32((AS_I32(x) & keep_x) | (AS_I32(y) & ~keep_x));
}
INLINE f32x8 min_lanes(f32x8 x, f32x8 y) {
    i32x8 keep_x = (x <= y) | (y != y);
    return AS_F32((AS_I32(x) & keep_x) | (AS_I32(y) & ~keep_x));
}
INLINE f32x8 clamp_unit(f32x8 v) { return min_lanes(max_lanes(v, splat_f(0)), splat_f(1)); }
INLINE i32x8 clamp_i(i32x8 v, int32_t lo, int32_t hi) {
    return __builtin_elementwise_min(__builtin_elementwise_max(v, splat_i(lo)), splat_i(hi));
}

typedef uint64_t u64x4 __attribute__((ext_vector_type(4)));

/* base[index] for each lane (indices in bounds by construction, never negative). The indices
 * come out of the vector two at a time: four 64-bit extractions split by scalar shifts cost
 * fewer instructions than eight 32-bit ones. */
INLINE u32x8 gather_u32(const uint32_t *base, i32x8 i) {
    u64x4 pairs = (u64x4)i;
    uint64_t a = pairs[0], b = pairs[1], c = pairs[2], d = pairs[3];
    return (u32x8){base[(uint32_t)a], base[a >> 32], base[(uint32_t)b], base[b >> 32],
                   base[(uint32_t)c], base[c >> 32], base[(uint32_t)d], base[d >> 32]};
}
INLINE i32x8 gather_u8(const uint8_t *base, i32x8 i) {
    u64x4 pairs = (u64x4)i;
    uint64_t a = pairs[0], b = pairs[1], c = pairs[2], d = pairs[3];
    return (i32x8){base[(uint32_t)a], base[a >> 32], base[(uint32_t)b], base[b >> 32],
                   base[(uint32_t)c], base[c >> 32], base[(uint32_t)d], base[d >> 32]};
}

INLINE u32x8 load8(const uint32_t *p) {
    u32x8 v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}
INLINE void store8(uint32_t *p, u32x8 v) { __builtin_memcpy(p, &v, sizeof v); }

/* Pixels from sums of channels weighted in 256ths (red and blue, alpha and green, each pair in
 * the 16-bit halves of a lane), rounded. */
INLINE u32x8 pack_weighted(u32x8 rb, u32x8 ag) {
    return (((rb + HALF_CHANNELS) >> 8) & LOW_CHANNELS) | ((ag + HALF_CHANNELS) & HIGH_CHANNELS);
}

/* MARK: Tint
 *
 * A straight-alpha tint as factors per lane, in 256ths: a premultiplied texel channel c becomes
 * (c · k + 128) >> 8 with k = round(alpha · colour · 256), so an opaque white texel under an
 * opaque white tint stays 255. The products fit in 16 bits: red with blue and alpha with green
 * share a 32-bit lane. */
typedef struct tint {
    u32x8 red_blue, alpha_green;
} tint;

INLINE tint make_tint(i32x8 red, i32x8 green, i32x8 blue, i32x8 alpha) {
    tint t;
    t.red_blue = AS_U32((red << 16) | blue);
    t.alpha_green = AS_U32((alpha << 16) | green);
    return t;
}

INLINE tint uniform_tint(sparks_tint k) { return make_tint(splat_i(k.red), splat_i(k.green), splat_i(k.blue), splat_i(k.alpha)); }

/* A tint per lane from colours already limited to 0…1. */
INLINE tint float_tint(f32x8 red, f32x8 green, f32x8 blue, f32x8 alpha) {
    f32x8 scale = splat_f(256);
    return make_tint(
        round_to_int(red * alpha * scale), round_to_int(green * alpha * scale), round_to_int(blue * alpha * scale),
        round_to_int(alpha * scale));
}

/* Tinted pixels of an alpha mask (texels white at alpha a, 0…255). */
INLINE u32x8 tint_alpha(tint t, i32x8 a) {
    u32x8 ua = AS_U32(a);
    u32x8 rb = ((ua * t.red_blue + HALF_CHANNELS) >> 8) & LOW_CHANNELS;
    u32x8 ag = (ua * t.alpha_green + HALF_CHANNELS) & HIGH_CHANNELS;
    return rb | ag;
}

INLINE u32x8 tint_solid(tint t) { return tint_alpha(t, splat_i(255)); }

/* Tinted premultiplied texels: blue and red, green and alpha, each multiplied by its factor in
 * 16-bit lanes (a channel times a factor is at most 255 · 256). */
INLINE u32x8 tint_texels(tint t, u32x8 p) {
    u16x16 rb = AS_U16(p & LOW_CHANNELS) * AS_U16(t.red_blue);
    u16x16 ag = AS_U16((p >> 8) & LOW_CHANNELS) * AS_U16(t.alpha_green);
    return AS_U32((rb + (uint16_t)128) >> 8) | AS_U32((ag + (uint16_t)128) & (uint16_t)0xFF00);
}

/* MARK: Texels */

/* One level as the samplers address it: texel coordinates are biased 8.8 fixed point. */
typedef struct level_view {
    const uint32_t *texels;
    const uint8_t *alpha;
    const uint32_t *footprints;
    int32_t width, height;
    /* Largest biased coordinates: any point of the last texel (nearest), the last texel's
     * centre (bilinear, whose coordinates are shifted by half a texel). */
    int32_t nearest_last_u, nearest_last_v, bilinear_last_u, bilinear_last_v;
    /* (v >> 8)·width + (u >> 8) of biased coordinates exceeds the texel index by this. */
    uint32_t index_bias;
} level_view;

INLINE level_view make_view(const sparks_level *l) {
    level_view view;
    uint32_t w = (uint32_t)l->width, h = (uint32_t)l->height, whole = MAGIC_BITS >> 8;
    view.texels = l->texels;
    view.alpha = l->alpha;
    view.footprints = l->footprints;
    view.width = l->width;
    view.height = l->height;
    view.nearest_last_u = (int32_t)(MAGIC_BITS + (w << 8) - 1);
    view.nearest_last_v = (int32_t)(MAGIC_BITS + (h << 8) - 1);
    view.bilinear_last_u = (int32_t)(MAGIC_BITS + ((w - 1) << 8));
    view.bilinear_last_v = (int32_t)(MAGIC_BITS + ((h - 1) << 8));
    view.index_bias = whole * w + whole;
    return view;
}

/* A quad's coordinates in one level, 8.8 fixed point. */
typedef struct level_plane {
    float u0, dudx, dudy, v0, dvdx, dvdy;
} level_plane;

/* A span in one level: the next 8 pixels' biased coordinates and how far 8 pixels move them. */
typedef struct level_row {
    f32x8 u, v;
    float u_step, v_step;
} level_row;

/* The quad's plane in `view`'s coordinates, shifted by `offset` (−128 puts texel centres on
 * whole numbers, for bilinear filtering). */
INLINE level_plane view_plane(const level_view *view, const sparks_quad_setup *q, float offset) {
    float su = (float)view->width * 256, sv = (float)view->height * 256;
    level_plane p = {q->s0 * su + offset, q->dsdx * su, q->dsdy * su, q->t0 * sv + offset, q->dtdx * sv, q->dtdy * sv};
    return p;
}

/* The biased coordinates of 8 spans' first pixels, at the output's pixel centres (X, Y) (each
 * rounded to 1/256 texel). */
INLINE void plane_starts(level_plane p, f32x8 X, f32x8 Y, f32x8 *u, f32x8 *v) {
    *u = splat_f(p.u0) + Y * p.dudy + X * p.dudx + MAGIC_FLOAT;
    *v = splat_f(p.v0) + Y * p.dvdy + X * p.dvdx + MAGIC_FLOAT;
}

/* A span from its first pixel's biased coordinates: each 8 pixels add the step. */
INLINE level_row row_from(level_plane p, float u, float v) {
    level_row row = {splat_f(u) + lane_numbers() * p.dudx, splat_f(v) + lane_numbers() * p.dvdx, 8 * p.dudx, 8 * p.dvdx};
    return row;
}

INLINE void row_next(level_row *row, i32x8 *u, i32x8 *v) {
    *u = AS_I32(row->u);
    *v = AS_I32(row->v);
    row->u += row->u_step;
    row->v += row->v_step;
}

/* Biased fixed-point coordinates of unit coordinates, shifted by `offset`. */
INLINE void view_fixed(const level_view *view, f32x8 s, f32x8 t, float offset, i32x8 *u, i32x8 *v) {
    float su = (float)view->width * 256, sv = (float)view->height * 256, bias = offset + MAGIC_FLOAT;
    *u = AS_I32(s * su + bias);
    *v = AS_I32(t * sv + bias);
}

/* The index of the texel a biased point lies in. */
INLINE i32x8 view_index(const level_view *view, i32x8 u, i32x8 v) {
    return AS_I32(AS_U32(v >> 8) * (uint32_t)view->width + AS_U32(u >> 8) - view->index_bias);
}

/* The texel holding each point, clamped to the level. */
INLINE i32x8 nearest_index(const level_view *view, i32x8 u, i32x8 v) {
    return view_index(
        view, clamp_i(u, (int32_t)MAGIC_BITS, view->nearest_last_u), clamp_i(v, (int32_t)MAGIC_BITS, view->nearest_last_v));
}

/* A bilinear footprint: the index of its top-left texel, the weights (0…255, of 256) of the
 * texels to its right and below, and the index offsets of those neighbours. Coordinates
 * (shifted so texel centres are whole) are clamped to the first and last centres as integers:
 * whatever a lane held, even NaN in lanes past a span, its index is inside the level; the
 * neighbours of the last column and row are themselves (clamp to edge). */
typedef struct footprint {
    i32x8 index, fx, fy, right, down;
} footprint;

INLINE footprint make_footprint(const level_view *view, i32x8 cu, i32x8 cv) {
    footprint f;
    i32x8 u = clamp_i(cu, (int32_t)MAGIC_BITS, view->bilinear_last_u);
    i32x8 v = clamp_i(cv, (int32_t)MAGIC_BITS, view->bilinear_last_v);
    /* 1 where a neighbour exists (the point lies before the last centre), 0 on the last
     * column or row. */
    f.right = clamp_i(splat_i(view->bilinear_last_u) - u, 0, 1);
    f.down = AS_I32(AS_U32(clamp_i(splat_i(view->bilinear_last_v) - v, 0, 1)) * (uint32_t)view->width);
    f.index = view_index(view, u, v);
    f.fx = u & 0xFF;
    f.fy = v & 0xFF;
    return f;
}

/* Alpha-mask bilinear: alpha 0…255 from one footprint load per pixel. */
INLINE i32x8 bilinear_alpha(const level_view *view, i32x8 u, i32x8 v) {
    footprint f = make_footprint(view, u, v);
    i32x8 q = AS_I32(gather_u32(view->footprints, f.index));
    i32x8 top, bottom;
#if defined(SPARKS_KERNELS_AVX2)
    /* a00 and a10 as the 16-bit halves of a lane (a01 and a11 for the row below), weighed by
     * 256 − fx and fx in one multiply-add: a00·(256 − fx) + a10·fx, the sums below exactly. */
    u8x32 bytes = AS_U8(q), zero = {0};
    i32x8 top_pair = AS_I32(__builtin_shufflevector(
        bytes, zero, 0, 32, 1, 32, 4, 32, 5, 32, 8, 32, 9, 32, 12, 32, 13, 32, 16, 32, 17, 32, 20, 32, 21, 32, 24, 32, 25, 32, 28, 32, 29, 32));
    i32x8 bottom_pair = AS_I32(__builtin_shufflevector(
        bytes, zero, 2, 32, 3, 32, 6, 32, 7, 32, 10, 32, 11, 32, 14, 32, 15, 32, 18, 32, 19, 32, 22, 32, 23, 32, 26, 32, 27, 32, 30, 32, 31, 32));
    i16x16 weights = (i16x16)((splat_i(256) - f.fx) | (f.fx << 16));
    top = __builtin_ia32_pmaddwd256((i16x16)top_pair, weights);
    bottom = __builtin_ia32_pmaddwd256((i16x16)bottom_pair, weights);
#else
    i32x8 a00 = q & 0xFF, a10 = (q >> 8) & 0xFF, a01 = (q >> 16) & 0xFF, a11 = (q >> 24) & 0xFF;
    top = (a00 << 8) + (a10 - a00) * f.fx;
    bottom = (a01 << 8) + (a11 - a01) * f.fx;
#endif
    return ((top << 8) + (bottom - top) * f.fy) >> 16;
}

/* Colour bilinear: premultiplied texels weighted by their shares of the footprint. */
INLINE u32x8 bilinear_texels(const level_view *view, i32x8 u, i32x8 v) {
    footprint f = make_footprint(view, u, v);
    u32x8 t00 = gather_u32(view->texels, f.index), t10 = gather_u32(view->texels, f.index + f.right);
    u32x8 t01 = gather_u32(view->texels, f.index + f.down), t11 = gather_u32(view->texels, f.index + f.down + f.right);
    /* Weights of the four texels, summing to 256. */
    i32x8 w11 = (f.fx * f.fy + 128) >> 8;
    i32x8 w10 = f.fx - w11, w01 = f.fy - w11;
    i32x8 w00 = splat_i(256) - f.fx - f.fy + w11;
    u32x8 k00 = AS_U32(w00), k10 = AS_U32(w10), k01 = AS_U32(w01), k11 = AS_U32(w11);
    u32x8 rb = (t00 & LOW_CHANNELS) * k00 + (t10 & LOW_CHANNELS) * k10 + (t01 & LOW_CHANNELS) * k01 + (t11 & LOW_CHANNELS) * k11;
    u32x8 ag = ((t00 >> 8) & LOW_CHANNELS) * k00 + ((t10 >> 8) & LOW_CHANNELS) * k10 + ((t01 >> 8) & LOW_CHANNELS) * k01 +
               ((t11 >> 8) & LOW_CHANNELS) * k11;
    return pack_weighted(rb, ag);
}

/* Two levels blended by `weight` (of 256) of the second. */
INLINE i32x8 blend_levels_alpha(i32x8 a, i32x8 b, int32_t weight) { return ((a << 8) + (b - a) * weight + 128) >> 8; }

INLINE u32x8 blend_levels_texels(u32x8 a, u32x8 b, int32_t weight) {
    uint32_t w = (uint32_t)weight, keep = (uint32_t)(256 - weight);
    u32x8 rb = (a & LOW_CHANNELS) * keep + (b & LOW_CHANNELS) * w;
    u32x8 ag = ((a >> 8) & LOW_CHANNELS) * keep + ((b >> 8) & LOW_CHANNELS) * w;
    return pack_weighted(rb, ag);
}

/* MARK: Sources
 *
 * A source along a span: the samplers' rows (two for trilinear), the levels, and the tint. */
typedef struct span_source {
    level_view first, second;
    level_plane first_plane, second_plane;
    int32_t weight;
    tint tint;
} span_source;

typedef struct span_rows {
    level_row first, second;
} span_rows;

INLINE float filter_offset(int filter) { return filter == SPARKS_FILTER_NEAREST ? 0 : -128; }

/* Moves the rows on by 8 pixels without sampling them. */
INLINE void source_skip(span_rows *rows, int kind, int filter) {
    i32x8 u, v;
    if (kind == SPARKS_SOURCE_SOLID) return;
    row_next(&rows->first, &u, &v);
    if (filter == SPARKS_FILTER_TRILINEAR) row_next(&rows->second, &u, &v);
}

/* One level's alpha or texels at biased coordinates. */
INLINE i32x8 level_alpha(const level_view *view, int filter, i32x8 u, i32x8 v) {
    return filter == SPARKS_FILTER_NEAREST ? gather_u8(view->alpha, nearest_index(view, u, v)) : bilinear_alpha(view, u, v);
}
INLINE u32x8 level_texels(const level_view *view, int filter, i32x8 u, i32x8 v) {
    return filter == SPARKS_FILTER_NEAREST ? gather_u32(view->texels, nearest_index(view, u, v)) : bilinear_texels(view, u, v);
}

/* The next 8 premultiplied, tinted pixels of a span, moving it on. */
INLINE u32x8 source_pixels(const span_source *s, span_rows *rows, int kind, int filter, tint t) {
    i32x8 u, v, u2, v2;
    if (kind == SPARKS_SOURCE_SOLID) return tint_solid(t);
    row_next(&rows->first, &u, &v);
    if (filter == SPARKS_FILTER_TRILINEAR) {
        row_next(&rows->second, &u2, &v2);
        if (kind == SPARKS_SOURCE_MASK)
            return tint_alpha(
                t, blend_levels_alpha(
                       level_alpha(&s->first, SPARKS_FILTER_LINEAR, u, v), level_alpha(&s->second, SPARKS_FILTER_LINEAR, u2, v2),
                       s->weight));
        return tint_texels(
            t, blend_levels_texels(
                   level_texels(&s->first, SPARKS_FILTER_LINEAR, u, v), level_texels(&s->second, SPARKS_FILTER_LINEAR, u2, v2),
                   s->weight));
    }
    if (kind == SPARKS_SOURCE_MASK) return tint_alpha(t, level_alpha(&s->first, filter, u, v));
    return tint_texels(t, level_texels(&s->first, filter, u, v));
}

/* 8 premultiplied, tinted pixels at unit texture coordinates (triangles). */
INLINE u32x8 source_pixels_at(const span_source *s, int kind, int filter, f32x8 ss, f32x8 tt, tint t) {
    i32x8 u, v, u2, v2;
    if (kind == SPARKS_SOURCE_SOLID) return tint_solid(t);
    view_fixed(&s->first, ss, tt, filter_offset(filter), &u, &v);
    if (filter == SPARKS_FILTER_TRILINEAR) {
        view_fixed(&s->second, ss, tt, -128, &u2, &v2);
        if (kind == SPARKS_SOURCE_MASK)
            return tint_alpha(
                t, blend_levels_alpha(
                       level_alpha(&s->first, SPARKS_FILTER_LINEAR, u, v), level_alpha(&s->second, SPARKS_FILTER_LINEAR, u2, v2),
                       s->weight));
        return tint_texels(
            t, blend_levels_texels(
                   level_texels(&s->first, SPARKS_FILTER_LINEAR, u, v), level_texels(&s->second, SPARKS_FILTER_LINEAR, u2, v2),
                   s->weight));
    }
    if (kind == SPARKS_SOURCE_MASK) return tint_alpha(t, level_alpha(&s->first, filter, u, v));
    return tint_texels(t, level_texels(&s->first, filter, u, v));
}

/* MARK: Blending */

/* Source-over: d' = s + d · (255 − sα) / 255, rounded, per channel; 255 − sα in both 16-bit
 * halves, and x + (x >> 8) with x = c·k + 128 stays below 2¹⁶. */
INLINE u32x8 blend_over(u32x8 s, u32x8 d) {
    u32x8 alpha = s >> 24;
    u16x16 keep = AS_U16(splat_u(LOW_CHANNELS) - (alpha | (alpha << 16)));
    u16x16 rb = AS_U16(d & LOW_CHANNELS) * keep + (uint16_t)128;
    u16x16 ag = AS_U16((d >> 8) & LOW_CHANNELS) * keep + (uint16_t)128;
    return s + (AS_U32((rb + (rb >> 8)) >> 8) | AS_U32((ag + (ag >> 8)) & (uint16_t)0xFF00));
}

/* Additive: d' = min(d + s, 255) per channel, alpha included: a byte-wise add, and all ones
 * where a byte wrapped around. */
INLINE u32x8 blend_add(u32x8 s, u32x8 d) {
    u8x32 below = AS_U8(d);
    u8x32 sum = below + AS_U8(s);
    return AS_U32(sum) | AS_U32(sum < below);
}

/* Destination-in: d' = d · sα per channel (premultiplied), what a mask does to the image below it. */
INLINE u32x8 blend_mask_in(u32x8 s, u32x8 d) {
    u32x8 alpha = s >> 24;
    u16x16 keep = AS_U16(alpha | (alpha << 16));
    u16x16 rb = AS_U16(d & LOW_CHANNELS) * keep + (uint16_t)128;
    u16x16 ag = AS_U16((d >> 8) & LOW_CHANNELS) * keep + (uint16_t)128;
    return AS_U32((rb + (rb >> 8)) >> 8) | AS_U32((ag + (ag >> 8)) & (uint16_t)0xFF00);
}

INLINE u32x8 blend(int mode, u32x8 s, u32x8 d) { return mode == SPARKS_BLEND_ADD ? blend_add(s, d) : blend_over(s, d); }

/* MARK: Spans */

/* Draws pixels x0..<x1 of `line`, sampling along `rows` (set up at pixel x0). Whole 8-pixel
 * vectors are read and written; lanes past the span add nothing (the row's padding keeps the
 * last vector inside the buffer, and a row belongs to one thread). Under additive blending, 8
 * pixels below that are all opaque white stay so: they are not sampled, so the dense centre of
 * an additive effect costs little. */
INLINE void fill_span(uint32_t *line, int32_t x0, int32_t x1, const span_source *s, span_rows rows, int kind, int filter, int mode) {
    for (int32_t x = x0; x < x1; x += 8) {
        u32x8 below = load8(line + x);
        if (mode == SPARKS_BLEND_ADD && __builtin_reduce_and(below) == 0xFFFFFFFFu) {
            source_skip(&rows, kind, filter);
            continue;
        }
        u32x8 pixels = source_pixels(s, &rows, kind, filter, s->tint);
        if (x1 - x < 8) pixels &= lane_mask(x1 - x);
        store8(line + x, blend(mode, pixels, below));
    }
}

/* The span source of a draw for a quad's plane, or for a triangle (no plane). */
INLINE span_source make_source(const sparks_source *src, const sparks_quad_setup *q, int kind, int filter) {
    span_source s;
    if (kind != SPARKS_SOURCE_SOLID) {
        s.first = make_view(&src->level);
        if (q) s.first_plane = view_plane(&s.first, q, filter_offset(filter));
        if (filter == SPARKS_FILTER_TRILINEAR) {
            s.second = make_view(&src->next_level);
            if (q) s.second_plane = view_plane(&s.second, q, -128);
        }
    }
    s.weight = src->trilinear_weight;
    if (q) s.tint = uniform_tint(q->tint);
    return s;
}

/* Lane-wise x > y ? x : y and x < y ? x : y (y where either is NaN), as vmaxps and vminps pick. */
INLINE f32x8 max_rows(f32x8 x, f32x8 y) {
    i32x8 keep_x = x > y;
    return AS_F32((AS_I32(x) & keep_x) | (AS_I32(y) & ~keep_x));
}
INLINE f32x8 min_rows(f32x8 x, f32x8 y) {
    i32x8 keep_x = x < y;
    return AS_F32((AS_I32(x) & keep_x) | (AS_I32(y) & ~keep_x));
}

/* Every covered row of one quad inside `area`: each row's span is where both parameters lie in
 * [0, 1), within the area's columns. The spans and their starting coordinates are worked out
 * for 8 rows at a time, lane by lane as they would be one by one. */
INLINE int64_t quad_rows(const sparks_quad_setup *q, const sparks_source *src, const sparks_area *area, int kind, int filter, int mode) {
    int32_t y0 = area->y0 > q->first_row ? area->y0 : q->first_row, y1 = area->y1 < q->end_row ? area->y1 : q->end_row;
    if (y0 >= y1) return 0;
    span_source s = make_source(src, q, kind, filter);
    f32x8 left = splat_f((float)area->x0), right = splat_f((float)area->x1);
    int64_t count = 0;
    float Y = (float)y0 + 0.5f - q->origin_y;
    for (int32_t base = y0; base < y1; base += 8) {
        /* Y steps by 1 from row to row, rounded at each step as the rows go. */
        float ys[8];
        for (int k = 0; k < 8; k++, Y += 1) ys[k] = Y;
        f32x8 Yv;
        __builtin_memcpy(&Yv, ys, sizeof Yv);
        f32x8 s_moved = Yv * q->s_slope, t_moved = Yv * q->t_slope;
        f32x8 lo = max_rows(s_moved + q->s_near, t_moved + q->t_near) + q->column_offset;
        f32x8 hi = min_rows(s_moved + q->s_far, t_moved + q->t_far) + q->column_offset;
        f32x8 first = max_rows(__builtin_elementwise_ceil(lo), left), end = min_rows(__builtin_elementwise_ceil(hi), right);
        i32x8 x0 = round_to_int(first), x1 = round_to_int(end), drawn = first < end;
        f32x8 X = first + 0.5f, rowY = __builtin_convertvector((i32x8){0, 1, 2, 3, 4, 5, 6, 7} + base, f32x8) + 0.5f;
        f32x8 u1, v1, u2, v2;
        if (kind != SPARKS_SOURCE_SOLID) plane_starts(s.first_plane, X, rowY, &u1, &v1);
        if (kind != SPARKS_SOURCE_SOLID && filter == SPARKS_FILTER_TRILINEAR) plane_starts(s.second_plane, X, rowY, &u2, &v2);
        int32_t rows = y1 - base < 8 ? y1 - base : 8;
        uint32_t *line = area->buffer + (intptr_t)base * area->row_stride;
        for (int32_t k = 0; k < rows; k++, line += area->row_stride) {
            if (!drawn[k]) continue;
            count += x1[k] - x0[k];
            span_rows r;
            if (kind != SPARKS_SOURCE_SOLID) r.first = row_from(s.first_plane, u1[k], v1[k]);
            if (kind != SPARKS_SOURCE_SOLID && filter == SPARKS_FILTER_TRILINEAR) r.second = row_from(s.second_plane, u2[k], v2[k]);
            fill_span(line, x0[k], x1[k], &s, r, kind, filter, mode);
        }
    }
    return count;
}

/* MARK: Triangles */

INLINE int64_t floor_divide(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0) && ((a < 0) != (b < 0)) ? q - 1 : q;
}

INLINE int64_t ceil_divide(int64_t a, int64_t b) { return -floor_divide(-a, b); }

INLINE int32_t clamp_column(int64_t v) { return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : (int32_t)v; }

/* Columns of row y inside all three edges, within the area: false when none. */
INLINE int triangle_span(const sparks_triangle_setup *t, const sparks_area *area, int32_t y, int32_t *lo, int32_t *hi) {
    int32_t low = area->x0, high = area->x1;
    int64_t py = (int64_t)y * 16 + 8;
    for (int k = 0; k < 3; k++) {
        const sparks_edge *e = &t->edges[k];
        /* Inside where a·(16x + 8) + b·py + c ≥ 0, i.e. 16a·x ≥ −(8a + b·py + c). */
        int64_t bound = -(8 * e->a + e->b * py + e->c), step = 16 * e->a;
        if (step > 0) {
            int32_t c = clamp_column(ceil_divide(bound, step));
            if (c > low) low = c;
        } else if (step < 0) {
            int64_t f = floor_divide(bound, step);
            int32_t c = f >= INT32_MAX ? INT32_MAX : clamp_column(f + 1);
            if (c < high) high = c;
        } else if (bound > 0) {
            return 0;
        }
    }
    *lo = low;
    *hi = high;
    return low < high;
}

INLINE f32x8 plane_at(sparks_plane p, f32x8 X, float Y) { return splat_f(p.value + p.dy * Y) + X * p.dx; }

INLINE int64_t triangle_rows(
    const sparks_triangle_setup *t, const sparks_source *src, const sparks_area *area, int kind, int filter, int mode) {
    span_source s = make_source(src, 0, kind, filter);
    int64_t covered = 0;
    int32_t y0 = t->first_row > area->y0 ? t->first_row : area->y0, y1 = t->end_row < area->y1 ? t->end_row : area->y1;
    for (int32_t y = y0; y < y1; y++) {
        int32_t lo, hi;
        if (!triangle_span(t, area, y, &lo, &hi)) continue;
        covered += hi - lo;
        float Y = (float)y + 0.5f;
        uint32_t *line = area->buffer + (intptr_t)y * area->row_stride;
        f32x8 X = lane_numbers() + ((float)lo + 0.5f);
        for (int32_t x = lo; x < hi; x += 8, X += 8) {
            f32x8 w = 1 / plane_at(t->q, X, Y);
            tint k = float_tint(
                clamp_unit(plane_at(t->red, X, Y) * w), clamp_unit(plane_at(t->green, X, Y) * w), clamp_unit(plane_at(t->blue, X, Y) * w),
                clamp_unit(plane_at(t->alpha, X, Y) * w));
            u32x8 pixels = source_pixels_at(&s, kind, filter, plane_at(t->u, X, Y) * w, plane_at(t->v, X, Y) * w, k);
            if (hi - x < 8) pixels &= lane_mask(hi - x);
            store8(line + x, blend(mode, pixels, load8(line + x)));
        }
    }
    return covered;
}

/* MARK: Entry points
 *
 * Each source, filter and blend as constants: one specialised loop per combination. */

#define SPARKS_EACH_COMBINATION(CALL, ...)                                                                                     \
    switch (source->blend * 16 + source->kind * 4 + (source->kind == SPARKS_SOURCE_SOLID ? 0 : source->filter)) {          \
    case 0: return CALL(__VA_ARGS__, SPARKS_SOURCE_SOLID, 0, SPARKS_BLEND_OVER);                                            \
    case 4: return CALL(__VA_ARGS__, SPARKS_SOURCE_MASK, SPARKS_FILTER_NEAREST, SPARKS_BLEND_OVER);                          \
    case 5: return CALL(__VA_ARGS__, SPARKS_SOURCE_MASK, SPARKS_FILTER_LINEAR, SPARKS_BLEND_OVER);                           \
    case 6: return CALL(__VA_ARGS__, SPARKS_SOURCE_MASK, SPARKS_FILTER_TRILINEAR, SPARKS_BLEND_OVER);                        \
    case 8: return CALL(__VA_ARGS__, SPARKS_SOURCE_COLOR, SPARKS_FILTER_NEAREST, SPARKS_BLEND_OVER);                         \
    case 9: return CALL(__VA_ARGS__, SPARKS_SOURCE_COLOR, SPARKS_FILTER_LINEAR, SPARKS_BLEND_OVER);                          \
    case 10: return CALL(__VA_ARGS__, SPARKS_SOURCE_COLOR, SPARKS_FILTER_TRILINEAR, SPARKS_BLEND_OVER);                      \
    case 16: return CALL(__VA_ARGS__, SPARKS_SOURCE_SOLID, 0, SPARKS_BLEND_ADD);                                            \
    case 20: return CALL(__VA_ARGS__, SPARKS_SOURCE_MASK, SPARKS_FILTER_NEAREST, SPARKS_BLEND_ADD);                          \
    case 21: return CALL(__VA_ARGS__, SPARKS_SOURCE_MASK, SPARKS_FILTER_LINEAR, SPARKS_BLEND_ADD);                           \
    case 22: return CALL(__VA_ARGS__, SPARKS_SOURCE_MASK, SPARKS_FILTER_TRILINEAR, SPARKS_BLEND_ADD);                        \
    case 24: return CALL(__VA_ARGS__, SPARKS_SOURCE_COLOR, SPARKS_FILTER_NEAREST, SPARKS_BLEND_ADD);                         \
    case 25: return CALL(__VA_ARGS__, SPARKS_SOURCE_COLOR, SPARKS_FILTER_LINEAR, SPARKS_BLEND_ADD);                          \
    case 26: return CALL(__VA_ARGS__, SPARKS_SOURCE_COLOR, SPARKS_FILTER_TRILINEAR, SPARKS_BLEND_ADD);                       \
    default: return 0;                                                                                                      \
    }

static int64_t SPARKS_NAME(fill_quad)(const sparks_quad_setup *quad, const sparks_source *source, const sparks_area *area) {
    SPARKS_EACH_COMBINATION(quad_rows, quad, source, area)
}

int64_t SPARKS_NAME(fill_triangle)(const sparks_triangle_setup *triangle, const sparks_source *source, const sparks_area *area) {
    SPARKS_EACH_COMBINATION(triangle_rows, triangle, source, area)
}

void SPARKS_NAME(composite)(
    uint32_t *destination, intptr_t destination_stride, const uint32_t *source, intptr_t source_stride, int32_t x0, int32_t x1,
    int32_t y0, int32_t y1, int32_t opacity) {
    tint fade = make_tint(splat_i(opacity), splat_i(opacity), splat_i(opacity), splat_i(opacity));
    for (int32_t y = y0; y < y1; y++) {
        uint32_t *below = destination + (intptr_t)y * destination_stride;
        const uint32_t *image = source + (intptr_t)y * source_stride;
        for (int32_t x = x0; x < x1; x += 8) {
            u32x8 pixels = tint_texels(fade, load8(image + x));
            if (x1 - x < 8) pixels &= lane_mask(x1 - x);
            store8(below + x, blend_over(pixels, load8(below + x)));
        }
    }
}

void SPARKS_NAME(mask_in)(
    uint32_t *destination, intptr_t destination_stride, const uint32_t *source, intptr_t source_stride, int32_t x0, int32_t x1,
    int32_t y0, int32_t y1) {
    for (int32_t y = y0; y < y1; y++) {
        uint32_t *below = destination + (intptr_t)y * destination_stride;
        const uint32_t *mask = source + (intptr_t)y * source_stride;
        for (int32_t x = x0; x < x1; x += 8) {
            u32x8 kept = load8(below + x);
            u32x8 masked = blend_mask_in(load8(mask + x), kept);
            if (x1 - x < 8) {
                u32x8 inside = lane_mask(x1 - x);
                masked = (masked & inside) | (kept & ~inside);
            }
            store8(below + x, masked);
        }
    }
}

/* MARK: Setting quads up
 *
 * A quad's pixel mapping turned around: a pixel (x, y) is covered when its centre lies in the
 * parallelogram, that is when, with d the centre minus the quad's origin, s = (d × v) / (u × v)
 * and t = (u × d) / (u × v) (u and v the edges, × the 2-D cross product) satisfy 0 ≤ s < 1 and
 * 0 ≤ t < 1. Along a row both are affine in x, so each bound is an interval of x. */

/* The bounds one parameter p puts on a row Y below the origin: with p = X·dx + Y·dy, 0 ≤ p < 1
 * for X (from the origin's x) in Y·slope + near ..< Y·slope + far, slope = −dy/dx and the ends
 * 0 and 1/dx in order. A parameter that barely changes along rows (a quad turned by a multiple
 * of π/2 in floating point, whose cosine is 6e-17) has huge ends and slope, used as they are. One
 * whose change along a row stays below 1e-14 per pixel (less than a float resolves across 2²⁴
 * pixels) is constant along rows and bounds the rows instead (`rows_from` ..< `rows_to` of Y). */
typedef struct edge_pair {
    float slope, near, far, rows_from, rows_to;
} edge_pair;

INLINE edge_pair make_edge_pair(float dx, float dy) {
    edge_pair e;
    const float constant_below = 1e-14f;
    if (__builtin_fabsf(dy) < constant_below) dy = 0;
    e.rows_from = -1e30f;
    e.rows_to = 1e30f;
    if (!(__builtin_fabsf(dx) >= constant_below)) {
        /* p = Y·dy ∈ [0, 1): every column, on the rows between Y = 0 and 1/dy (NaN comes here
         * too, and the quad is turned away as unusable). */
        e.slope = 0;
        e.near = -1e30f;
        e.far = 1e30f;
        if (dy != 0) {
            e.rows_from = sparks_min(0, 1 / dy);
            e.rows_to = sparks_max(0, 1 / dy);
        }
    } else {
        float reciprocal = 1 / dx;
        e.slope = -dy * reciprocal;
        e.near = sparks_min(0, reciprocal);
        e.far = sparks_max(0, reciprocal);
    }
    return e;
}

/* A row number within ±10⁷ (NaN, from a quad turned away, gives −10⁷). */
INLINE int64_t row_at(float y) { return y >= -1e7f ? (int64_t)__builtin_ceilf(sparks_min(y, 1e7f)) : -10000000; }

/* Rows first..<end narrowed to those a parameter constant along rows allows (none to narrow
 * when it is not constant). */
INLINE void narrow_rows(edge_pair e, float origin_y, int64_t *first, int64_t *end) {
    if (!(e.rows_from > -1e29f)) return;
    int64_t a = row_at(e.rows_from + origin_y - 0.5f), b = row_at(e.rows_to + origin_y - 0.5f);
    if (a > *first) *first = a;
    if (b < *end) *end = b;
}

INLINE int32_t row_limited(int64_t r) { return (int32_t)(r < -10000000 ? -10000000 : r > 10000000 ? 10000000 : r); }

/* Sets quad `q` up to fill: its texture coordinates over the output, anchored at the output's
 * pixel (0, 0) and worked out in double (sampling then adds at most a canvas's width of steps
 * however far the quad's origin lies), its row bounds, its rows, and whether it is drawn at all
 * (not for a transparent or degenerate quad, nor for values that are not finite or too large to
 * keep coordinates precise). Level-0 texels per pixel go to `texels_per_pixel`. */
INLINE int set_quad_up(const sparks_draw_quad *q, sparks_quad_rows rows, float level_width, float level_height, sparks_quad_setup *out,
                       float *texels_per_pixel) {
    sparks_tint tint = sparks_tint_of(q->red, q->green, q->blue, q->alpha);
    if (tint.alpha == 0) return 0;
    float det = q->u_axis_x * q->v_axis_y - q->u_axis_y * q->v_axis_x;
    if (!(__builtin_fabsf(det) > 1e-6f)) return 0;
    float inverse = 1 / det;
    /* s and t per pixel along x and y; the texture coordinates follow them. */
    float dsdx = q->v_axis_y * inverse, dsdy = -q->v_axis_x * inverse, dtdx = -q->u_axis_y * inverse, dtdy = q->u_axis_x * inverse;
    float du = q->u1 - q->u0, dv = q->v1 - q->v0;
    double ux = q->u_axis_x, uy = q->u_axis_y, vx = q->v_axis_x, vy = q->v_axis_y;
    double wide_det = ux * vy - uy * vx, ox = -(double)q->origin_x, oy = -(double)q->origin_y;
    double s00 = (ox * vy - oy * vx) / wide_det, t00 = (ux * oy - uy * ox) / wide_det;
    float s0 = (float)((double)q->u0 + s00 * (double)du), t0 = (float)((double)q->v0 + t00 * (double)dv);
    float sdx = dsdx * du, sdy = dsdy * du, tdx = dtdx * dv, tdy = dtdy * dv;
    edge_pair s = make_edge_pair(dsdx, dsdy), t = make_edge_pair(dtdx, dtdy);
    /* Rows from the corners, narrowed by parameters constant along rows (row y has
     * Y = y + 0.5 − origin y; Y in [from, to)). */
    int64_t first = rows.first, end = (int64_t)rows.last + 1;
    narrow_rows(s, q->origin_y, &first, &end);
    narrow_rows(t, q->origin_y, &first, &end);
    /* Sums of magnitudes, one comparison each: NaN and infinity fail them as any large value
     * does. The ends are at most 1e14 (1/dx) or 1e30 (no bound); the slopes may be huge (an
     * axis almost along the rows) but not infinite. */
    float slopes = __builtin_fabsf(sdx) + __builtin_fabsf(sdy) + __builtin_fabsf(tdx) + __builtin_fabsf(tdy) + __builtin_fabsf(s0) +
                   __builtin_fabsf(t0);
    float bounds = __builtin_fabsf(s.near) + __builtin_fabsf(s.far) + __builtin_fabsf(t.near) + __builtin_fabsf(t.far);
    if (!(slopes < 1e6f && bounds <= 4e30f && __builtin_fabsf(s.slope) + __builtin_fabsf(t.slope) < 1e30f &&
          __builtin_fabsf(q->origin_x) + __builtin_fabsf(q->origin_y) < 1e7f))
        return 0;
    *texels_per_pixel = sparks_texels_per_pixel(sdx * level_width, tdx * level_height, sdy * level_width, tdy * level_height);
    sparks_quad_setup setup = {s0, sdx, sdy, t0, tdx, tdy, s.slope, s.near, s.far, t.slope, t.near, t.far,
                               q->origin_y, q->origin_x - 0.5f, row_limited(first), row_limited(end), tint};
    *out = setup;
    return 1;
}

int64_t SPARKS_NAME(fill_quads)(const sparks_draw_quad *quads, const sparks_quad_rows *rows, int64_t first, int64_t end,
                                const sparks_quad_draw *draw, const sparks_area *area) {
    const sparks_level *levels = draw->levels;
    float level_width = levels ? (float)levels[0].width : 0, level_height = levels ? (float)levels[0].height : 0;
    /* Quads of one draw mostly choose the same level and filter: the source is made again only
     * when the choice changes. */
    sparks_choice last = {-1, -1, 0};
    sparks_source source = sparks_source_for(levels, draw->level_count, draw->is_alpha_mask, draw->blend, last);
    int64_t covered = 0;
    for (int64_t i = first; i < end; i++) {
        sparks_quad_rows r = rows[i];
        if (!(r.last >= area->y0 && r.first < area->y1)) continue;
        sparks_quad_setup setup;
        float texels_per_pixel = 0;
        if (!set_quad_up(&quads[i], r, level_width, level_height, &setup, &texels_per_pixel)) continue;
        if (levels) {
            sparks_choice choice =
                sparks_choose(texels_per_pixel, draw->level_count, draw->minification, draw->magnification, draw->bias_factor);
            if (choice.filter != last.filter || choice.level != last.level || choice.blend != last.blend) {
                source = sparks_source_for(levels, draw->level_count, draw->is_alpha_mask, draw->blend, choice);
                last = choice;
            }
        }
        covered += SPARKS_NAME(fill_quad)(&setup, &source, area);
    }
    return covered;
}
