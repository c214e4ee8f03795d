/* The kernels for the baseline of the target architecture (x86-64: SSE2; ARM64: NEON). */
#define SPARKS_NAME(name) sparks_##name##_baseline
#include "KernelBody.h"
#include "SimulationBody.h"
