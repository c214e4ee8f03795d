/*
 * The simulation's bulk loops, compiled twice with the pixel kernels (KernelsBaseline.c,
 * KernelsAVX2.c; see SparksKernels.h for why C): a step's motion, colour, scale and age for a
 * run of particle slots, and each emitter behaviour's change. Eight particles at a time in
 * vector lanes; the motion's last few slots one at a time with the same arithmetic, the
 * behaviours' in lanes of their own. Contraction is off (KernelBody.h), so every build and
 * every choice of kernels gives the same particles, bit for bit, as the formulas in SparksCore
 * (`ParticleStorage.integrate`, `BehaviorKernel`) describe them.
 */

INLINE f32x8 load_floats(const float *p, int64_t n) {
    if (n == 8) {
        f32x8 v;
        __builtin_memcpy(&v, p, sizeof v);
        return v;
    }
    f32x8 v = splat_f(0);
    for (int64_t k = 0; k < n; k++) v[k] = p[k];
    return v;
}

INLINE void store_floats(float *p, f32x8 v, int64_t n) {
    if (n == 8) {
        __builtin_memcpy(p, &v, sizeof v);
        return;
    }
    for (int64_t k = 0; k < n; k++) p[k] = v[k];
}

/* v with lanes below 0 set to 0 and above 1 set to 1 (NaN stays NaN). */
INLINE f32x8 clamp01_keep_nan(f32x8 v) {
    i32x8 below = v < 0, above = v > 1;
    v = AS_F32(AS_I32(v) & ~below);
    return AS_F32((AS_I32(v) & ~above) | (AS_I32(splat_f(1)) & above));
}

INLINE f32x8 select_f(i32x8 mask, f32x8 yes, f32x8 no) { return AS_F32((AS_I32(yes) & mask) | (AS_I32(no) & ~mask)); }

INLINE float clamp01_scalar(float v) {
    float low = 0 >= v ? 0 : v; /* Swift's max(v, 0): NaN stays NaN */
    return 1 < low ? 1 : low;   /* and min(·, 1) */
}

int64_t SPARKS_NAME(integrate)(const sparks_particles *p, int64_t lo, int64_t hi, const sparks_motion *m) {
    if (hi <= lo) return 0;
    const float dt = m->dt, half_dt2 = 0.5f * m->dt * m->dt;
    const float ax = m->ax, ay = m->ay, az = m->az;
    const float dr = m->red * dt, dg = m->green * dt, db = m->blue * dt, da = m->alpha * dt;
    const float ds = m->scale * dt;
    /* The columns never overlap: restrict lets loads and stores of different columns pass. */
    float *restrict px = p->position_x, *restrict py = p->position_y, *restrict pz = p->position_z;
    float *restrict vx = p->velocity_x, *restrict vy = p->velocity_y, *restrict vz = p->velocity_z;
    float *restrict r = p->red, *restrict g = p->green, *restrict b = p->blue, *restrict al = p->alpha;
    float *restrict s = p->scale, *restrict age = p->age, *restrict life = p->lifetime;
    i32x8 died = splat_i(0);
    int64_t i = lo;
    for (; i + 8 <= hi; i += 8) {
        f32x8 x = load_floats(vx + i, 8), y = load_floats(vy + i, 8), z = load_floats(vz + i, 8);
        store_floats(px + i, load_floats(px + i, 8) + x * dt + ax * half_dt2, 8);
        store_floats(py + i, load_floats(py + i, 8) + y * dt + ay * half_dt2, 8);
        store_floats(pz + i, load_floats(pz + i, 8) + z * dt + az * half_dt2, 8);
        store_floats(vx + i, x + ax * dt, 8);
        store_floats(vy + i, y + ay * dt, 8);
        store_floats(vz + i, z + az * dt, 8);
        store_floats(r + i, clamp01_keep_nan(load_floats(r + i, 8) + dr), 8);
        store_floats(g + i, clamp01_keep_nan(load_floats(g + i, 8) + dg), 8);
        store_floats(b + i, clamp01_keep_nan(load_floats(b + i, 8) + db), 8);
        store_floats(al + i, clamp01_keep_nan(load_floats(al + i, 8) + da), 8);
        store_floats(s + i, load_floats(s + i, 8) + ds, 8);
        f32x8 a0 = load_floats(age + i, 8), l = load_floats(life + i, 8);
        f32x8 a1 = a0 + dt;
        store_floats(age + i, a1, 8);
        died += ((a0 < l) & (a1 >= l)) & 1;
    }
    int64_t deaths = __builtin_reduce_add(died);
    for (; i < hi; i++) {
        float x = p->velocity_x[i], y = p->velocity_y[i], z = p->velocity_z[i];
        p->position_x[i] = p->position_x[i] + x * dt + ax * half_dt2;
        p->position_y[i] = p->position_y[i] + y * dt + ay * half_dt2;
        p->position_z[i] = p->position_z[i] + z * dt + az * half_dt2;
        p->velocity_x[i] = x + ax * dt;
        p->velocity_y[i] = y + ay * dt;
        p->velocity_z[i] = z + az * dt;
        p->red[i] = clamp01_scalar(p->red[i] + dr);
        p->green[i] = clamp01_scalar(p->green[i] + dg);
        p->blue[i] = clamp01_scalar(p->blue[i] + db);
        p->alpha[i] = clamp01_scalar(p->alpha[i] + da);
        p->scale[i] = p->scale[i] + ds;
        float a0 = p->age[i], a1 = a0 + dt;
        p->age[i] = a1;
        if (a0 < p->lifetime[i] && a1 >= p->lifetime[i]) deaths++;
    }
    return deaths;
}

/* MARK: Behaviours: each over slots lo..<hi, eight at a time, the last few in lanes of their own. */

#define FOR_EACH_GROUP(lo, hi, i, n) for (int64_t i = (lo), n = 0; i < (hi) && ((n = (hi) - i > 8 ? 8 : (hi) - i), 1); i += n)

void SPARKS_NAME(drag)(const sparks_particles *p, int64_t lo, int64_t hi, float factor) {
    FOR_EACH_GROUP(lo, hi, i, n) {
        store_floats(p->velocity_x + i, load_floats(p->velocity_x + i, n) * factor, n);
        store_floats(p->velocity_y + i, load_floats(p->velocity_y + i, n) * factor, n);
        store_floats(p->velocity_z + i, load_floats(p->velocity_z + i, n) * factor, n);
    }
}

/* The wave's strength at `phase` turns (not negative): a triangle wave eased by smoothstep, −1
 * at whole turns and +1 at half turns. From 2²² on a float is a whole number of turns or half
 * one: held at 0; below, adding and taking away 1.5 · 2²³ rounds to the nearest whole number. */
INLINE f32x8 wave_strength(f32x8 phase) {
    f32x8 small = select_f(phase < 4194304.0f, phase, splat_f(0));
    f32x8 nearest = (small + MAGIC_FLOAT) - MAGIC_FLOAT;
    f32x8 f = small - nearest;
    f = select_f(f < 0, f + 1, f);
    f32x8 d = 2 * f - 1;
    f32x8 triangle = 1 - select_f(d < 0, -d, d);
    f32x8 eased = triangle * triangle * (3 - 2 * triangle);
    return 2 * eased - 1;
}

void SPARKS_NAME(wave)(const sparks_particles *p, int64_t lo, int64_t hi, float fx, float fy, float fz, float frequency, float dt) {
    FOR_EACH_GROUP(lo, hi, i, n) {
        f32x8 s = wave_strength(load_floats(p->age + i, n) * frequency) * dt;
        store_floats(p->velocity_x + i, load_floats(p->velocity_x + i, n) + s * fx, n);
        store_floats(p->velocity_y + i, load_floats(p->velocity_y + i, n) + s * fy, n);
        store_floats(p->velocity_z + i, load_floats(p->velocity_z + i, n) + s * fz, n);
    }
}

void SPARKS_NAME(attract)(const sparks_particles *p, int64_t lo, int64_t hi, const sparks_attractor *a) {
    FOR_EACH_GROUP(lo, hi, i, n) {
        f32x8 x = load_floats(p->position_x + i, n) - a->x, y = load_floats(p->position_y + i, n) - a->y;
        f32x8 z = load_floats(p->position_z + i, n) - a->z;
        if (a->type != SPARKS_ATTRACTOR_RADIAL) {
            f32x8 along = x * a->axis_x + y * a->axis_y + z * a->axis_z;
            if (a->type == SPARKS_ATTRACTOR_AXIAL) {
                x -= along * a->axis_x;
                y -= along * a->axis_y;
                z -= along * a->axis_z;
            } else {
                x = along * a->axis_x;
                y = along * a->axis_y;
                z = along * a->axis_z;
            }
        }
        f32x8 distance = __builtin_elementwise_sqrt(x * x + y * y + z * z);
        f32x8 weakening = splat_f(1);
        if (a->falloff != 0) {
            f32x8 past = distance - a->radius - a->falloff_distance;
            weakening = select_f(past > 0, 1 / (1 + a->falloff * past), weakening);
        }
        f32x8 pull = -a->stiffness * (distance - a->radius) * weakening / distance * a->dt;
        pull = select_f((distance <= a->radius) | (distance <= 0), splat_f(0), pull);
        store_floats(p->velocity_x + i, load_floats(p->velocity_x + i, n) + x * pull, n);
        store_floats(p->velocity_y + i, load_floats(p->velocity_y + i, n) + y * pull, n);
        store_floats(p->velocity_z + i, load_floats(p->velocity_z + i, n) + z * pull, n);
    }
}

/* Age over lifetime, 0…1 (1 for a lifetime that is not positive). */
INLINE f32x8 life_fraction(f32x8 age, f32x8 lifetime) {
    return select_f(lifetime > 0, clamp01_keep_nan(age / lifetime), splat_f(1));
}

/* Piecewise linear through a stop table (see SparksKernels.h) at t: each segment whose start
 * lies before t sets the value, so the last such segment decides. */
INLINE void evaluate_stops(const float *records, int32_t segments, f32x8 t, f32x8 *c0, f32x8 *c1, f32x8 *c2, f32x8 *c3) {
    *c0 = splat_f(records[0]);
    *c1 = splat_f(records[1]);
    *c2 = splat_f(records[2]);
    *c3 = splat_f(records[3]);
    const float *r = records + 4;
    for (int32_t k = 0; k < segments; k++, r += 10) {
        f32x8 f = r[1] > 0 ? clamp01_keep_nan((t - r[0]) * r[1]) : splat_f(1);
        i32x8 after = t > r[0];
        *c0 = select_f(after, r[2] + r[3] * f, *c0);
        *c1 = select_f(after, r[4] + r[5] * f, *c1);
        *c2 = select_f(after, r[6] + r[7] * f, *c2);
        *c3 = select_f(after, r[8] + r[9] * f, *c3);
    }
}

void SPARKS_NAME(over_life)(
    const sparks_particles *p, float *target, int64_t lo, int64_t hi, const float *records, int32_t segments, int32_t clamps) {
    FOR_EACH_GROUP(lo, hi, i, n) {
        f32x8 value, unused1, unused2, unused3;
        evaluate_stops(
            records, segments, life_fraction(load_floats(p->age + i, n), load_floats(p->lifetime + i, n)), &value, &unused1, &unused2,
            &unused3);
        store_floats(target + i, clamps ? clamp01_keep_nan(value) : value, n);
    }
}

void SPARKS_NAME(color_over_life)(const sparks_particles *p, int64_t lo, int64_t hi, const float *records, int32_t segments) {
    FOR_EACH_GROUP(lo, hi, i, n) {
        f32x8 r, g, b, a;
        evaluate_stops(records, segments, life_fraction(load_floats(p->age + i, n), load_floats(p->lifetime + i, n)), &r, &g, &b, &a);
        store_floats(p->red + i, r, n);
        store_floats(p->green + i, g, n);
        store_floats(p->blue + i, b, n);
        store_floats(p->alpha + i, a, n);
    }
}
