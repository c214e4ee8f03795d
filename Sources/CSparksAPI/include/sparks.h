/*
 * sparks.h: Sparks's C API — Core Animation emitter and replicator effects in C and C++ games.
 *
 * Link with `pkg-config --cflags --libs sparks` after `make install PREFIX=…`.
 *
 * An effect is loaded from a preset (a JSON file or string), advanced with the game's clock in
 * fixed steps, changed by Core Animation key paths, and drawn over the game's frame: into an
 * SDL_Renderer, into an ARGB pixel buffer, or read as a render list for the game's own renderer.
 *
 * Errors: functions that can fail return a sparks_status (SPARKS_OK is 0) or NULL, and never
 * abort the host process. The message of an effect's last failure is
 * sparks_effect_last_error(effect); loading reports through its `error` argument.
 *
 * Threads: every function may be called from any thread; the library serialises calls with
 * one lock, so two threads never run inside Sparks at once. An effect's drawing may use more
 * threads inside one call (sparks_effect_set_draw_threads), with the same picture.
 *
 * Coordinates are the preset's canvas points (y grows downwards). Drawing places them on the
 * output through the effect's camera: pixel = (point - origin) * zoom; by default one point per
 * pixel from the top-left corner.
 */
#ifndef SPARKS_H
#define SPARKS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An effect: the layers, emitters and particles of one preset, and its clock. */
typedef struct sparks_effect sparks_effect;

/* What a call did. */
typedef enum sparks_status {
    SPARKS_OK = 0,
    /* A NULL pointer, a negative count, a size out of range. */
    SPARKS_ERROR_ARGUMENT = 1,
    /* No such layer, cell or key; the message names the nearest one. */
    SPARKS_ERROR_KEY_PATH = 2,
    /* The value does not fit the key (wrong kind, out of range, unknown name). */
    SPARKS_ERROR_VALUE = 3,
    /* Drawing failed (a renderer that cannot draw textures). */
    SPARKS_ERROR_DRAW = 4
} sparks_status;

/* The library's version, "MAJOR.MINOR.PATCH" (semantic versioning). Never NULL; static. */
const char *sparks_version(void);

/* 1 when the library was compiled with optimisation, 0 when not (a debug build of a package
 * that depends on Sparks: it then simulates and draws tens to hundreds of times slower, and the
 * first draw says so once on standard error). */
int sparks_build_optimized(void);

/* How the library was built, in one line: its version, whether its Swift code and its pixel
 * kernels are optimised, and which kernels this machine runs ("avx2" or "baseline"); for an
 * unoptimised build, also what is slow and how to build it optimised. Never NULL; static. */
const char *sparks_build_info(void);

/*
 * Loads the preset file at `path`. Images are found beside the preset, then in `asset_dir`
 * (may be NULL). Returns NULL on failure; then, when `error` is not NULL, *error is a message
 * (every problem, one per line, with its place in the file) to free with sparks_string_free.
 */
sparks_effect *sparks_effect_load_file(const char *path, const char *asset_dir, char **error);

/* Loads a preset from its JSON text; images are found in `resource_dir` (may be NULL). */
sparks_effect *sparks_effect_load_string(const char *json, const char *resource_dir, char **error);

/* Loads a preset Sparks ships ("fire", "confetti", "sparkle", …; `sparks list` names them) with
 * its images, all built into the library: no files or folders needed. Unknown names fail with
 * the nearest name in *error. */
sparks_effect *sparks_effect_load_shipped(const char *name, char **error);

/* Frees an effect and everything it holds, including textures it made with an SDL_Renderer:
 * free effects drawn with sparks_effect_draw_sdl_renderer before destroying that renderer (or
 * call sparks_effect_release_renderer). NULL is allowed. */
void sparks_effect_free(sparks_effect *effect);

/* Frees a string Sparks returned for the caller to own. NULL is allowed. */
void sparks_string_free(char *string);

/* The message of the effect's last failed call ("" when none); owned by the effect, valid
 * until its next call. */
const char *sparks_effect_last_error(const sparks_effect *effect);

/*
 * Advances by `seconds` of game time (times the speed; nothing while paused) in whole fixed
 * steps, carrying the rest to the next call. Returns the steps taken (0 for a NULL effect).
 */
int sparks_effect_advance(sparks_effect *effect, double seconds);

/* Takes `count` fixed steps now, paused or not. Returns the steps taken: fewer when one call
 * would run more than 600 s of steps or more work than a preset's prewarm may (the steps times
 * the particles alive; 2 billion particle-steps), and the last error then says so. */
int sparks_effect_step(sparks_effect *effect, int count);

/* Starts the effect again from time 0 (as SpriteKit's resetSimulation and LÖVE's reset): its
 * particles and waiting bursts are gone; values the game set, the pause, the speed, the
 * emitting switch and the finished callback stay. */
void sparks_effect_reset(sparks_effect *effect);

/* Turns birth from the emitters off (0) or on (non-zero; the default). Off, the live particles
 * play out, bursts still burst, and the effect then finishes (see sparks_effect_on_finished). */
void sparks_effect_set_emitting(sparks_effect *effect, int emitting);

/* 1 while the emitters give birth, else 0. */
int sparks_effect_is_emitting(const sparks_effect *effect);

/* Called once when the effect has played out (sparks_effect_is_finished becomes 1), from the
 * sparks_effect_advance or sparks_effect_step that finished it, after its steps and outside
 * Sparks's lock: it may reset, burst or change the effect, but not free it. */
typedef void (*sparks_finished_callback)(sparks_effect *effect, void *user_data);

/* Sets (or with NULL, removes) the effect's finished callback and the pointer it is given. */
void sparks_effect_on_finished(sparks_effect *effect, sparks_finished_callback callback, void *user_data);

/* Pauses (non-zero) or resumes (0) sparks_effect_advance. */
void sparks_effect_set_paused(sparks_effect *effect, int paused);

/* How fast effect time runs against game time (1: normal, 0.5: slow motion). */
void sparks_effect_set_speed(sparks_effect *effect, double speed);

/* The effect's time in seconds. */
double sparks_effect_time(const sparks_effect *effect);

/* Particles alive now. */
long sparks_effect_live_count(const sparks_effect *effect);

/* 1 when the effect has played out: no particle alive, no burst waiting, no emitter that can
 * emit again (a one-shot effect a game can now free); else 0. */
int sparks_effect_is_finished(const sparks_effect *effect);

/* The preset's canvas size in points. */
void sparks_effect_canvas_size(const sparks_effect *effect, double *width, double *height);

/*
 * Setting values by key path "LAYER.KEYPATH", as Core Animation's setValue:forKeyPath: on
 * that layer: "fireEmitter.emitterPosition", "fireEmitter.emitterCells.fire.birthRate".
 */
sparks_status sparks_effect_set_number(sparks_effect *effect, const char *key_path, double value);
/* A point, size, rectangle or other vector of 1 to 4 numbers. */
sparks_status sparks_effect_set_vector(sparks_effect *effect, const char *key_path, const double *values, int count);
/* A colour, straight alpha, each 0 to 1. */
sparks_status sparks_effect_set_color(sparks_effect *effect, const char *key_path, double red, double green, double blue, double alpha);
/* Any value, written as in a preset: "line", "#ff8800", "[400, 300]", "spark.png". */
sparks_status sparks_effect_set_string(sparks_effect *effect, const char *key_path, const char *text);

/* Births `count` particles of the cell "LAYER.CELL" at the next step, whatever its birthRate
 * (one-shot explosions from a cell whose rate is 0). */
sparks_status sparks_effect_burst(sparks_effect *effect, const char *cell_path, int count);

/* Places the effect on the output: the canvas point drawn at the top-left pixel, and pixels
 * per point. */
void sparks_effect_set_camera(sparks_effect *effect, double origin_x, double origin_y, double zoom);

/* Threads the CPU rasterizer draws with (1 to 64; default 1). */
void sparks_effect_set_draw_threads(sparks_effect *effect, int threads);

/*
 * Draws the effect over an SDL_Renderer's current target (pass the SDL_Renderer *), in its
 * viewport. Call it among the game's own draws, before SDL_RenderPresent. Renderers with a
 * graphics card draw through the GPU; SDL's software renderer through Sparks's rasterizer.
 */
sparks_status sparks_effect_draw_sdl_renderer(sparks_effect *effect, void *sdl_renderer);

/* Frees the textures the effect made with the last SDL_Renderer it drew into (they are made
 * again at the next draw). Call it before destroying that renderer. */
void sparks_effect_release_renderer(sparks_effect *effect);

/*
 * Draws the effect over `width` x `height` pixels of 32-bit 0xAARRGGBB words (SDL's ARGB8888,
 * premultiplied colour; opaque pixels are plain ARGB), rows `pitch` bytes apart, in a buffer of
 * `pixels_size` bytes. Exactly those pixels are read and written: the buffer's size, not the
 * effect's canvas; the camera places the canvas on them (by default one point per pixel from
 * the top-left corner, so a canvas larger than the buffer is cut off at its right and bottom).
 * A buffer smaller than (height - 1) x pitch + width x 4 bytes, or a pitch below width x 4, is
 * refused with SPARKS_ERROR_ARGUMENT and nothing is written.
 */
sparks_status sparks_effect_draw_argb(sparks_effect *effect, void *pixels, size_t pixels_size, int width, int height, int pitch);

/* The most pixels one frame's particles may cover, counted at the canvas's size (default 500
 * million): a frame that reaches it draws its first particles and leaves out the rest. */
void sparks_effect_set_max_covered_pixels(sparks_effect *effect, double pixels);

/* Particle quads the last draw left out because the frame reached its covered-pixel budget
 * (0 when it drew everything). */
long sparks_effect_undrawn_quads(const sparks_effect *effect);

/* Render list: what the effect shows now, for a game that draws with its own renderer. */

/* One run of quads drawn alike. */
typedef struct sparks_batch {
    /* The image the quads sample, as the preset names it; NULL for solid colour. Valid until
     * the effect is freed. */
    const char *texture;
    /* 1: colours add (additive render mode); 0: premultiplied source-over. */
    int additive;
    /* 0 textured or solid rectangles; 1 rounded rectangles; 2 borders; 3 gradients; 4 paths
     * (kinds 1-4 are drawn fully only by Sparks's own drawing). */
    int shape;
    /* Canvas point of a quad's local point: (x, y, z, 1) times this 4x4 matrix, row-major,
     * row vectors (Core Animation's CATransform3D layout); divide by w when it is not 1. */
    double transform[16];
    /* The batch's quads: sparks_effect_quad(effect, first_quad + i) for i below quad_count. */
    int first_quad;
    int quad_count;
} sparks_batch;

/* One quad: a rectangle of 2 half_width x 2 half_height turned by `rotation` radians about
 * its centre, its image part from (u0, v0) to (u1, v1) (0 to 1), tinted by straight-alpha
 * colour. */
typedef struct sparks_quad {
    float center_x, center_y, center_z;
    float half_width, half_height;
    float rotation;
    float red, green, blue, alpha;
    float u0, v0, u1, v1;
} sparks_quad;

/* Rebuilds the effect's render list; returns its batch count (0 for a NULL effect). */
int sparks_effect_build_render_list(sparks_effect *effect);
/* Batch `index` of the last built list. */
sparks_status sparks_effect_batch(const sparks_effect *effect, int index, sparks_batch *batch);
/* Quad `index` of the last built list. */
sparks_status sparks_effect_quad(const sparks_effect *effect, int index, sparks_quad *quad);

#ifdef __cplusplus
}
#endif

#endif
