/*
 * Sparks's bulk loops: the CPU rasterizer's pixel kernels (filling the rows of a quad or a
 * triangle, 8 pixels at a time, and compositing a group's image; SparksRaster hands a draw's
 * quads here as the draw list holds them, to be set up and filled, and sets up each triangle) and the simulation's (a step's motion and each emitter
 * behaviour, 8 particles at a time; SparksCore's ParticleStorage hands its columns here).
 *
 * Why C: the kernels run 2 to 3 times faster with AVX2 than with the baseline x86-64 vector
 * width Swift compiles for, and a package that Sparks is a dependency of cannot pass the
 * compiler a CPU target (SwiftPM refuses unsafe flags from dependencies). Swift has no way to
 * compile one function for two CPU targets in one build; C has the `target` attribute. So the
 * one implementation of the kernels (KernelBody.h) is compiled twice, for the baseline and for
 * AVX2 with FMA, and the fastest the machine runs is chosen once per process. Arithmetic is
 * integer after the texture coordinates and floating-point contraction is off, so every choice
 * gives the same pixels, bit for bit.
 */
#ifndef SPARKS_KERNELS_H
#define SPARKS_KERNELS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where a draw may write: columns x0..<x1 and rows y0..<y1 of a buffer of 32-bit premultiplied
 * 0xAARRGGBB pixels whose rows are `row_stride` pixels apart and padded by at least 8 pixels. */
typedef struct sparks_area {
    uint32_t *buffer;
    intptr_t row_stride;
    int32_t x0, x1, y0, y1;
} sparks_area;

/* One mip level: premultiplied texels, and for alpha masks each texel's alpha and its 2x2
 * bilinear footprint of alphas (bytes: this texel, right, below, below right). */
typedef struct sparks_level {
    const uint32_t *texels;
    const uint8_t *alpha;
    const uint32_t *footprints;
    int32_t width, height;
} sparks_level;

enum {
    /* The tint itself (no texture). */
    SPARKS_SOURCE_SOLID = 0,
    /* A white image whose alpha is the shape, tinted. */
    SPARKS_SOURCE_MASK = 1,
    /* A colour image, tinted. */
    SPARKS_SOURCE_COLOR = 2,
};

enum {
    SPARKS_FILTER_NEAREST = 0,
    SPARKS_FILTER_LINEAR = 1,
    /* Linear in `level` and `next_level`, blended by `trilinear_weight`. */
    SPARKS_FILTER_TRILINEAR = 2,
};

enum {
    /* Premultiplied source-over. */
    SPARKS_BLEND_OVER = 0,
    /* Additive, each channel stopping at 255. */
    SPARKS_BLEND_ADD = 1,
};

/* What a draw samples and how it blends. */
typedef struct sparks_source {
    int32_t kind, filter, blend;
    /* Weight of `next_level`, of 256 (trilinear). */
    int32_t trilinear_weight;
    sparks_level level, next_level;
} sparks_source;

/* A quad's straight-alpha tint as factors in 256ths: round(colour · alpha · 256) and
 * round(alpha · 256). */
typedef struct sparks_tint {
    int32_t red, green, blue, alpha;
} sparks_tint;

/* MARK: Rules shared with Swift
 *
 * Small rules the kernels and SparksCore's and SparksRaster's Swift both follow, written once
 * here as inline functions Swift calls: a tint's factors, how many texels a pixel spans, which
 * mip level and filter that asks for, and the source a choice samples. Their arithmetic is
 * exactly Swift's (min and max pick as Swift.min and Swift.max do; no contraction), so a quad
 * drawn here and the same rule in Swift agree to the bit. */
#define SPARKS_SHARED static inline __attribute__((always_inline))

/* Swift.min and Swift.max for floats: y < x ? y : x and y >= x ? y : x. */
SPARKS_SHARED float sparks_min(float x, float y) { return y < x ? y : x; }
SPARKS_SHARED float sparks_max(float x, float y) { return y >= x ? y : x; }

/* A float holding a whole number in (−2²², 2²²) as an integer (1.5·2²³ added, bits read). */
SPARKS_SHARED int32_t sparks_whole_number(float v) {
#pragma clang fp contract(off)
    float shifted = v + 12582912.0f;
    uint32_t bits;
    __builtin_memcpy(&bits, &shifted, sizeof bits);
    return (int32_t)(bits - 0x4B400000u);
}

/* One factor of a tint, in 256ths: round(v · 256) of v limited to 0…1. */
SPARKS_SHARED int32_t sparks_tint_factor(float v) {
#pragma clang fp contract(off)
    return sparks_whole_number(__builtin_roundf(sparks_min(sparks_max(v, 0), 1) * 256));
}

/* The tint of a straight-alpha colour: each channel times alpha, and alpha, as factors. */
SPARKS_SHARED sparks_tint sparks_tint_of(float red, float green, float blue, float alpha) {
#pragma clang fp contract(off)
    float a = sparks_min(sparks_max(alpha, 0), 1);
    sparks_tint t = {sparks_tint_factor(sparks_min(sparks_max(red, 0), 1) * a), sparks_tint_factor(sparks_min(sparks_max(green, 0), 1) * a),
                     sparks_tint_factor(sparks_min(sparks_max(blue, 0), 1) * a), sparks_tint_factor(a)};
    return t;
}

/* Level-0 texels per pixel from the texel coordinates' derivatives along the screen's x and y:
 * the longer of the two footprints (OpenGL's ρ). */
SPARKS_SHARED float sparks_texels_per_pixel(float du_dx, float dv_dx, float du_dy, float dv_dy) {
#pragma clang fp contract(off)
    return sparks_max(__builtin_sqrtf(du_dx * du_dx + dv_dx * dv_dx), __builtin_sqrtf(du_dy * du_dy + dv_dy * dv_dy));
}

/* What one draw samples: a filter (SPARKS_FILTER_*), a mip level and, for trilinear, the weight
 * of the next level (0…1). */
typedef struct sparks_choice {
    int32_t filter, level;
    float blend;
} sparks_choice;

/* The level and filter for a footprint of `texels_per_pixel`: magnification (at most a texel
 * per pixel) samples level 0 with `magnification`; minification the level nearest
 * log2(texels_per_pixel) + bias (`bias_factor` is 2^bias; trilinear: the level below, blended
 * with the next), at most the last of `level_count`. */
SPARKS_SHARED sparks_choice sparks_choose(float texels_per_pixel, int32_t level_count, int32_t minification, int32_t magnification,
                                          float bias_factor) {
#pragma clang fp contract(off)
    int32_t top = level_count - 1 > 0 ? level_count - 1 : 0;
    sparks_choice choice = {SPARKS_FILTER_LINEAR, 0, 0};
    if (!__builtin_isfinite(texels_per_pixel) || !(texels_per_pixel > 1)) {
        choice.filter = magnification == SPARKS_FILTER_NEAREST ? SPARKS_FILTER_NEAREST : SPARKS_FILTER_LINEAR;
        return choice;
    }
    /* log2(texels_per_pixel) + bias > 0 ⇔ texels_per_pixel · 2^bias > 1. */
    float biased = texels_per_pixel * bias_factor;
    if (!(biased > 1)) {
        choice.filter = minification == SPARKS_FILTER_NEAREST ? SPARKS_FILTER_NEAREST : SPARKS_FILTER_LINEAR;
        return choice;
    }
    if (minification != SPARKS_FILTER_TRILINEAR) {
        /* The nearest level: ⌊log2(biased) + ½⌋ = ⌊log2(biased · √2)⌋, the float's exponent
         * (`biased` is above 1, finite and normal). */
        float scaled = biased * __builtin_sqrtf(2.0f);
        uint32_t bits;
        __builtin_memcpy(&bits, &scaled, sizeof bits);
        int32_t exponent = (int32_t)((bits >> 23) & 0xFF) - 127;
        choice.filter = minification == SPARKS_FILTER_NEAREST ? SPARKS_FILTER_NEAREST : SPARKS_FILTER_LINEAR;
        choice.level = top < exponent ? top : exponent;
        return choice;
    }
    float lod = sparks_min(__builtin_log2f(biased), 64);
    int32_t below = (int32_t)lod;
    below = top < below ? top : below;
    float fraction = below < top ? lod - (float)below : 0;
    choice.filter = fraction > 0 ? SPARKS_FILTER_TRILINEAR : SPARKS_FILTER_LINEAR;
    choice.level = below;
    choice.blend = sparks_min(fraction, 1);
    return choice;
}

/* What a draw samples for `choice` from `count` levels (NULL: solid colour), blended by `blend`. */
SPARKS_SHARED sparks_source sparks_source_for(const sparks_level *levels, int32_t count, int32_t is_alpha_mask, int32_t blend,
                                              sparks_choice choice) {
#pragma clang fp contract(off)
    sparks_source source;
    __builtin_memset(&source, 0, sizeof source);
    source.blend = blend;
    if (!levels || count < 1) {
        source.kind = SPARKS_SOURCE_SOLID;
        return source;
    }
    int32_t level = choice.level < 0 ? 0 : choice.level > count - 1 ? count - 1 : choice.level;
    source.kind = is_alpha_mask ? SPARKS_SOURCE_MASK : SPARKS_SOURCE_COLOR;
    source.filter = choice.filter;
    source.level = levels[level];
    if (choice.filter == SPARKS_FILTER_TRILINEAR) {
        int32_t next = choice.level + 1 < 0 ? 0 : choice.level + 1 > count - 1 ? count - 1 : choice.level + 1;
        source.trilinear_weight = (int32_t)__builtin_roundf(choice.blend * 256);
        source.next_level = levels[next];
    }
    return source;
}

/* MARK: Quads */

/* SparksCore's DrawQuad, field for field: a parallelogram in output pixels (the corner where
 * the texture coordinate is (u0, v0), and its u and v edges), its unit texture coordinates
 * and its straight-alpha tint. */
typedef struct sparks_draw_quad {
    float origin_x, origin_y, u_axis_x, u_axis_y, v_axis_x, v_axis_y;
    float u0, v0, u1, v1;
    float red, green, blue, alpha;
} sparks_draw_quad;

/* The rows a quad can touch, first…last (empty when last < first). */
typedef struct sparks_quad_rows {
    int32_t first, last;
} sparks_quad_rows;

/* A run of quads' texture, sampling and blending: `levels` (NULL: solid colour), their count
 * and whether they are an alpha mask; the filters when minified and magnified; 2^bias. */
typedef struct sparks_quad_draw {
    const sparks_level *levels;
    int32_t level_count, is_alpha_mask;
    int32_t minification, magnification;
    float bias_factor;
    int32_t blend;
} sparks_quad_draw;

/* One quad, set up: its unit texture coordinates over the output (s = s0 + X·dsdx + Y·dsdy at
 * the pixel centre X, Y pixels right of and below pixel (0, 0)), the bounds each parameter puts
 * on a row (with Y the row's offset below the quad's origin, 0 ≤ p < 1 for columns from
 * Y·slope + near to Y·slope + far, plus column_offset), and the rows to fill. */
typedef struct sparks_quad_setup {
    float s0, dsdx, dsdy, t0, dtdx, dtdy;
    float s_slope, s_near, s_far;
    float t_slope, t_near, t_far;
    float origin_y, column_offset;
    int32_t first_row, end_row;
    sparks_tint tint;
} sparks_quad_setup;

/* An edge function a·X + b·Y + c in 1/16 pixels, not negative inside. */
typedef struct sparks_edge {
    int64_t a, b, c;
} sparks_edge;

/* A value across a triangle: value + dx·X + dy·Y at pixel centres (X, Y) from pixel (0, 0). */
typedef struct sparks_plane {
    float value, dx, dy;
} sparks_plane;

/* One triangle, set up: its edges, its rows, and the planes of 1/w and of each attribute over w
 * (texture coordinates, straight-alpha colour), for perspective-correct interpolation. */
typedef struct sparks_triangle_setup {
    sparks_edge edges[3];
    int32_t first_row, end_row;
    sparks_plane q, u, v, red, green, blue, alpha;
} sparks_triangle_setup;

/* One cell's particle columns, each indexed by slot (SparksCore's ParticleStorage). */
typedef struct sparks_particles {
    float *position_x, *position_y, *position_z;
    float *velocity_x, *velocity_y, *velocity_z;
    float *red, *green, *blue, *alpha;
    float *scale, *age, *lifetime;
} sparks_particles;

/* One step: its length in seconds, the acceleration, and the colour and scale speeds per second. */
typedef struct sparks_motion {
    float dt, ax, ay, az, red, green, blue, alpha, scale;
} sparks_motion;

enum {
    SPARKS_ATTRACTOR_RADIAL = 0,
    SPARKS_ATTRACTOR_AXIAL = 1,
    SPARKS_ATTRACTOR_PLANAR = 2,
};

/* An attractor for one step: its point, its unit axis (axial) or normal (planar), its spring,
 * and the step's length (see SparksCore's EmitterBehavior.attraction). */
typedef struct sparks_attractor {
    int32_t type;
    float x, y, z, axis_x, axis_y, axis_z;
    float stiffness, radius, falloff, falloff_distance, dt;
} sparks_attractor;

/* A stop table over normalised age (SparksCore's BehaviorKernel.StopTable): the first stop's four
 * channel values, then per segment between neighbouring stops ten floats: its start, one over
 * its length (0: it jumps), and for each of four channels the value at its start and the
 * change across it. */

/* The kernels one machine runs. */
typedef struct sparks_kernels {
    /* Draws quads first..<end (each within the rows `rows` gives it) into `area`: sets each up
     * (its inverse mapping, level and filter, tint) and fills its rows; returns the pixels
     * covered. */
    int64_t (*fill_quads)(const sparks_draw_quad *quads, const sparks_quad_rows *rows, int64_t first, int64_t end,
                          const sparks_quad_draw *draw, const sparks_area *area);
    /* Fills the triangle's rows inside `area`; returns the pixels covered. */
    int64_t (*fill_triangle)(const sparks_triangle_setup *triangle, const sparks_source *source, const sparks_area *area);
    /* Composites `source` (a group's image) faded by `opacity` (of 256) source-over onto
     * `destination`, over columns x0..<x1 and rows y0..<y1 of both (rows padded as areas are). */
    void (*composite)(uint32_t *destination, intptr_t destination_stride, const uint32_t *source, intptr_t source_stride,
                      int32_t x0, int32_t x1, int32_t y0, int32_t y1, int32_t opacity);
    /* Multiplies `destination` by the alpha of `source` (a mask's image), premultiplied, over
     * columns x0..<x1 and rows y0..<y1 of both: what lies outside the mask is cleared. */
    void (*mask_in)(uint32_t *destination, intptr_t destination_stride, const uint32_t *source, intptr_t source_stride,
                    int32_t x0, int32_t x1, int32_t y0, int32_t y1);
    /* Advances slots lo..<hi by one step of motion, colour, scale and age; returns the particles
     * whose age reached their lifetime in it. */
    int64_t (*integrate)(const sparks_particles *particles, int64_t lo, int64_t hi, const sparks_motion *motion);
    /* The behaviours, over slots lo..<hi: drag multiplies velocities by `factor`; wave adds
     * force · strength(frequency · age) · dt; attract adds the attractor's pull over the step;
     * over_life sets `target` from channel 0 of a stop table (clamped to 0…1 when `clamps`);
     * color_over_life sets the four colour columns from a table's four channels. */
    void (*drag)(const sparks_particles *particles, int64_t lo, int64_t hi, float factor);
    void (*wave)(const sparks_particles *particles, int64_t lo, int64_t hi, float fx, float fy, float fz, float frequency, float dt);
    void (*attract)(const sparks_particles *particles, int64_t lo, int64_t hi, const sparks_attractor *attractor);
    void (*over_life)(const sparks_particles *particles, float *target, int64_t lo, int64_t hi, const float *stops, int32_t segments,
                      int32_t clamps);
    void (*color_over_life)(const sparks_particles *particles, int64_t lo, int64_t hi, const float *stops, int32_t segments);
    /* "avx2" or "baseline". */
    const char *name;
} sparks_kernels;

/* The kernels for this process: AVX2 with FMA where the CPU has them, else the baseline; the
 * baseline whatever the CPU when the environment sets SPARKS_KERNELS=baseline. Chosen once. */
const sparks_kernels *sparks_kernels_active(void);

/* The baseline kernels, and the AVX2 ones (NULL where the CPU or the build has none): the tests
 * run every path the machine can run. */
const sparks_kernels *sparks_kernels_baseline(void);
const sparks_kernels *sparks_kernels_avx2(void);

/* Whether this library was compiled with optimisation (a debug build of a package that depends
 * on Sparks compiles it without). */
int sparks_kernels_optimized(void);

#ifdef __cplusplus
}
#endif

#endif
