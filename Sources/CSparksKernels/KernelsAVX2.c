/* The kernels for x86-64 CPUs with AVX2 and FMA, chosen at run time (KernelDispatch.c). FMA
 * instructions are allowed but never formed: KernelBody.h turns contraction off. */
#if defined(__x86_64__)
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#define SPARKS_NAME(name) sparks_##name##_avx2
#define SPARKS_KERNELS_AVX2 1
#include "KernelBody.h"
#include "SimulationBody.h"
#pragma clang attribute pop
#endif
