/* Which kernels this process runs: chosen once, from the CPU's features and SPARKS_KERNELS. */
#include <stdlib.h>
#include <string.h>

#include "SparksKernels.h"

int64_t sparks_fill_quads_baseline(const sparks_draw_quad *, const sparks_quad_rows *, int64_t, int64_t, const sparks_quad_draw *,
                               const sparks_area *);
int64_t sparks_fill_triangle_baseline(const sparks_triangle_setup *, const sparks_source *, const sparks_area *);
void sparks_composite_baseline(uint32_t *, intptr_t, const uint32_t *, intptr_t, int32_t, int32_t, int32_t, int32_t, int32_t);
void sparks_mask_in_baseline(uint32_t *, intptr_t, const uint32_t *, intptr_t, int32_t, int32_t, int32_t, int32_t);
int64_t sparks_integrate_baseline(const sparks_particles *, int64_t, int64_t, const sparks_motion *);
void sparks_drag_baseline(const sparks_particles *, int64_t, int64_t, float);
void sparks_wave_baseline(const sparks_particles *, int64_t, int64_t, float, float, float, float, float);
void sparks_attract_baseline(const sparks_particles *, int64_t, int64_t, const sparks_attractor *);
void sparks_over_life_baseline(const sparks_particles *, float *, int64_t, int64_t, const float *, int32_t, int32_t);
void sparks_color_over_life_baseline(const sparks_particles *, int64_t, int64_t, const float *, int32_t);

static const sparks_kernels baseline = {
    sparks_fill_quads_baseline, sparks_fill_triangle_baseline, sparks_composite_baseline, sparks_mask_in_baseline, sparks_integrate_baseline,
    sparks_drag_baseline, sparks_wave_baseline, sparks_attract_baseline, sparks_over_life_baseline,
    sparks_color_over_life_baseline, "baseline"};

const sparks_kernels *sparks_kernels_baseline(void) { return &baseline; }

#if defined(__x86_64__)
int64_t sparks_fill_quads_avx2(const sparks_draw_quad *, const sparks_quad_rows *, int64_t, int64_t, const sparks_quad_draw *,
                               const sparks_area *);
int64_t sparks_fill_triangle_avx2(const sparks_triangle_setup *, const sparks_source *, const sparks_area *);
void sparks_composite_avx2(uint32_t *, intptr_t, const uint32_t *, intptr_t, int32_t, int32_t, int32_t, int32_t, int32_t);
void sparks_mask_in_avx2(uint32_t *, intptr_t, const uint32_t *, intptr_t, int32_t, int32_t, int32_t, int32_t);
int64_t sparks_integrate_avx2(const sparks_particles *, int64_t, int64_t, const sparks_motion *);
void sparks_drag_avx2(const sparks_particles *, int64_t, int64_t, float);
void sparks_wave_avx2(const sparks_particles *, int64_t, int64_t, float, float, float, float, float);
void sparks_attract_avx2(const sparks_particles *, int64_t, int64_t, const sparks_attractor *);
void sparks_over_life_avx2(const sparks_particles *, float *, int64_t, int64_t, const float *, int32_t, int32_t);
void sparks_color_over_life_avx2(const sparks_particles *, int64_t, int64_t, const float *, int32_t);

static const sparks_kernels avx2 = {
    sparks_fill_quads_avx2, sparks_fill_triangle_avx2, sparks_composite_avx2, sparks_mask_in_avx2, sparks_integrate_avx2, sparks_drag_avx2,
    sparks_wave_avx2, sparks_attract_avx2, sparks_over_life_avx2, sparks_color_over_life_avx2, "avx2"};

const sparks_kernels *sparks_kernels_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? &avx2 : 0;
}
#else
const sparks_kernels *sparks_kernels_avx2(void) { return 0; }
#endif

const sparks_kernels *sparks_kernels_active(void) {
    static const sparks_kernels *chosen;
    const sparks_kernels *kernels = __atomic_load_n(&chosen, __ATOMIC_ACQUIRE);
    if (kernels) return kernels;
    const char *forced = getenv("SPARKS_KERNELS");
    kernels = forced && strcmp(forced, "baseline") == 0 ? 0 : sparks_kernels_avx2();
    if (!kernels) kernels = &baseline;
    __atomic_store_n(&chosen, kernels, __ATOMIC_RELEASE);
    return kernels;
}

int sparks_kernels_optimized(void) {
#if defined(__OPTIMIZE__)
    return 1;
#else
    return 0;
#endif
}
