/*
 * Sparks's bulk loops: the CPU rasterizer's pixel kernels (filling the rows of a quad or a
 * triangle, 8 pixels at a time, and compositing a group's image; SparksRaster sets up each quad
 * and triangle and hands it here) and the simulation's (a step's motion and each emitter
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
    /* Fills the quad's rows inside `area`; returns the pixels covered. */
    int64_t (*fill_quad)(const sparks_quad_setup *quad, const sparks_source *source, const sparks_area *area);
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
