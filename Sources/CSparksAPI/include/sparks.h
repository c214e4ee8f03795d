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

/* The presets Sparks ships: how many, and the name of one, in name order (NULL out of range;
 * static). */
int sparks_shipped_preset_count(void);
const char *sparks_shipped_preset_name(int index);

/* Images a game supplies instead of files (textures it already decoded, generated images,
 * regions of an atlas), asked for by the names presets use ("contents": "spark.png") before
 * any file. The images are copied: free the set once the effects are loaded. */
typedef struct sparks_images sparks_images;

/* An empty set of images. */
sparks_images *sparks_images_create(void);

/* Adds (or replaces) the image called `name`: width x height pixels of 4 bytes each, red,
 * green, blue, alpha (straight), row by row from the top. SPARKS_ERROR_ARGUMENT for a NULL
 * pointer or a size outside 1 to 32768. */
sparks_status sparks_images_add_rgba(sparks_images *images, const char *name, const unsigned char *rgba, int width, int height);

/* Adds the image called `name` as a region of the image `atlas` the set holds already:
 * `width` x `height` pixels from (x, y). SPARKS_ERROR_ARGUMENT when there is no such image or
 * the region is not inside it. */
sparks_status sparks_images_add_region(sparks_images *images, const char *name, const char *atlas, int x, int y, int width, int height);

/* Frees a set of images. NULL is allowed. */
void sparks_images_free(sparks_images *images);

/* sparks_effect_load_file with the game's images (may be NULL) and the most particles alive at
 * once (births beyond are refused; 0 or less: the default, 2 million). */
sparks_effect *sparks_effect_load_file_with(
    const char *path, const char *asset_dir, const sparks_images *images, long max_particles, char **error);

/* sparks_effect_load_string with the game's images (may be NULL) and particle limit. */
sparks_effect *sparks_effect_load_string_with(
    const char *json, const char *resource_dir, const sparks_images *images, long max_particles, char **error);

/* An independent copy of an effect (LÖVE's clone): the same preset with every change the game
 * made, the same settings and images, particles of its own, starting at time 0; NULL for a
 * NULL effect. Free it with sparks_effect_free. The finished callback is not copied. */
sparks_effect *sparks_effect_clone(const sparks_effect *effect);

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

/* Runs `seconds` of the effect now, every fixed step of them, paused or not and whatever the
 * speed (an effect that should already be going when it appears, or a jump ahead); at most
 * 600 s and a prewarm's work at once. Returns the steps taken. */
int sparks_effect_fast_forward(sparks_effect *effect, double seconds);

/* Seconds per fixed step (1/60 unless the preset's stepRate says otherwise). */
double sparks_effect_step_duration(const sparks_effect *effect);

/* Starts the effect again from time 0 (as SpriteKit's resetSimulation and LÖVE's reset): its
 * particles and waiting bursts are gone; values the game set, the pause, the speed, the
 * emitting switch and the finished callback stay. A one-shot effect emits one cycle again. */
void sparks_effect_reset(sparks_effect *effect);

/* Starts the effect again and emitting (Godot's restart): sparks_effect_reset, then emitting
 * on. */
void sparks_effect_restart(sparks_effect *effect);

/* Turns birth from the emitters off (0) or on (non-zero; the default). Off, the live particles
 * play out, bursts still burst, and the effect then finishes (see sparks_effect_on_finished). */
void sparks_effect_set_emitting(sparks_effect *effect, int emitting);

/* 1 while the emitters give birth, else 0. */
int sparks_effect_is_emitting(const sparks_effect *effect);

/* Emits `count` more particles from the emitters' shapes at their birth rates, then stops
 * emitting (SpriteKit's numParticlesToEmit); turns emitting on. Bursts and sub-cells are not
 * counted. 0 stops emitting now. */
void sparks_effect_emit_count(sparks_effect *effect, int count);

/* Emits for `seconds` more of the effect's time, then stops emitting (LÖVE's
 * setEmitterLifetime); turns emitting on. Not a positive finite number: no end. */
void sparks_effect_emit_for(sparks_effect *effect, double seconds);

/* Non-zero: the effect emits one cycle (the longest lifetime of its top-level cells) from the
 * start and after each reset or restart, then stops (Godot's one_shot). 0 (the default): as
 * the preset says. */
void sparks_effect_set_one_shot(sparks_effect *effect, int one_shot);

/* 1 for a one-shot effect, else 0. */
int sparks_effect_is_one_shot(const sparks_effect *effect);

/* The most particles alive at once (births beyond are refused); the game may change it while
 * the effect runs. Negative counts as 0. */
void sparks_effect_set_max_particles(sparks_effect *effect, long count);

/* The most particles alive at once. */
long sparks_effect_max_particles(const sparks_effect *effect);

/* Births refused because the particle limit was reached, since the start. */
long sparks_effect_refused_births(const sparks_effect *effect);

/* Called once when the effect has played out (sparks_effect_is_finished becomes 1), from the
 * sparks_effect_advance or sparks_effect_step that finished it, after its steps and outside
 * Sparks's lock: it may reset, burst or change the effect, but not free it. */
typedef void (*sparks_finished_callback)(sparks_effect *effect, void *user_data);

/* Sets (or with NULL, removes) the effect's finished callback and the pointer it is given. */
void sparks_effect_on_finished(sparks_effect *effect, sparks_finished_callback callback, void *user_data);

/* Pauses (non-zero) or resumes (0) sparks_effect_advance. */
void sparks_effect_set_paused(sparks_effect *effect, int paused);

/* 1 while paused, else 0. */
int sparks_effect_is_paused(const sparks_effect *effect);

/* How fast effect time runs against game time (1: normal, 0.5: slow motion; negative, NaN or
 * infinite count as 0, 0 and 1). */
void sparks_effect_set_speed(sparks_effect *effect, double speed);

/* How fast effect time runs against game time. */
double sparks_effect_speed(const sparks_effect *effect);

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

/*
 * Reading values by key path: the value the effect holds now (what the game or the preset set;
 * not an animation's current value). A number (a switch is 0 or 1); a point, size, rectangle,
 * colour (red, green, blue, alpha) or other list of numbers; or any value as a preset writes
 * it. SPARKS_ERROR_KEY_PATH for a path that names nothing, SPARKS_ERROR_VALUE for a value of
 * another kind (a list read as a number).
 */
sparks_status sparks_effect_get_number(const sparks_effect *effect, const char *key_path, double *value);
/* Writes up to `capacity` numbers to `values` and their count to *count (which may exceed the
 * capacity: call again with room for them). */
sparks_status sparks_effect_get_vector(const sparks_effect *effect, const char *key_path, double *values, int capacity, int *count);
/* *text is the value as a preset writes it ("line", "[400, 300]", "150"), to free with
 * sparks_string_free. */
sparks_status sparks_effect_get_string(const sparks_effect *effect, const char *key_path, char **text);

/* Moves emitter layer `layer`'s emitterPosition under canvas point (x, y), through the layer
 * tree (a layer with a position, a transform or superlayers gets the point in its own
 * coordinates), so the next particles are born where (x, y) is on the canvas. */
sparks_status sparks_effect_move_emitter(sparks_effect *effect, const char *layer, double x, double y);

/* Points emitter layer `layer`'s top-level cells: sets their emissionLongitude (radians, 0
 * along +x, clockwise on screen). */
sparks_status sparks_effect_aim_emitter(sparks_effect *effect, const char *layer, double longitude);

/* Births `count` particles of the cell "LAYER.CELL" at the next step, whatever its birthRate
 * (one-shot explosions from a cell whose rate is 0). */
sparks_status sparks_effect_burst(sparks_effect *effect, const char *cell_path, int count);

/* sparks_effect_burst around canvas point (x, y): the emitter's shape centred there for this
 * burst alone (the emitter stays). Bursts asked for before one step each happen where they
 * were asked. */
sparks_status sparks_effect_burst_at(sparks_effect *effect, const char *cell_path, int count, double x, double y);

/* Places the effect on the output: the canvas point drawn at the top-left pixel, and pixels
 * per point (sets the camera's other fields to their defaults). */
void sparks_effect_set_camera(sparks_effect *effect, double origin_x, double origin_y, double zoom);

/* Where the effect is drawn on the output: canvas point (x, y) at output pixel (output_x,
 * output_y), the canvas zoomed, stretched by (scale_x, scale_y) and turned by `rotation`
 * radians (clockwise on the output) about it, as LÖVE's love.graphics.draw(system, output_x,
 * output_y, rotation, scale_x, scale_y, x, y). Values that are not finite, and a zoom that is
 * not positive, count as the defaults: x, y, rotation, output_x, output_y 0; zoom, scale_x,
 * scale_y 1. */
typedef struct sparks_camera {
    double x, y;
    double zoom;
    double rotation;
    double scale_x, scale_y;
    double output_x, output_y;
} sparks_camera;

/* Sets the whole camera. SPARKS_ERROR_ARGUMENT for NULL. */
sparks_status sparks_effect_set_camera_placement(sparks_effect *effect, const sparks_camera *camera);

/* Reads the camera into *camera. */
sparks_status sparks_effect_get_camera(const sparks_effect *effect, sparks_camera *camera);

/* Threads the CPU rasterizer draws with (1 to 64; default 1). */
void sparks_effect_set_draw_threads(sparks_effect *effect, int threads);

/* Threads the CPU rasterizer draws with. */
int sparks_effect_draw_threads(const sparks_effect *effect);

/* Non-zero (the default): a frame drawn between two fixed steps shows the particles where their
 * motion puts them at the game's time (the time the steps have not reached, less than a step),
 * so motion is even at any refresh rate; the simulation itself is not changed. 0: as the last
 * step left them. */
void sparks_effect_set_draws_between_steps(sparks_effect *effect, int on);

/* 1 when frames are drawn between steps, else 0. */
int sparks_effect_draws_between_steps(const sparks_effect *effect);

/* The effect's top-level layers, drawn in order: how many, and the name of one ("" for an
 * unnamed one; owned by the effect, valid until it is freed). */
int sparks_effect_layer_count(const sparks_effect *effect);
const char *sparks_effect_layer_name(const sparks_effect *effect, int index);

/*
 * Draws the effect over an SDL_Renderer's current target (pass the SDL_Renderer *), in its
 * viewport. Call it among the game's own draws, before SDL_RenderPresent. Renderers with a
 * graphics card draw through the GPU; SDL's software renderer through Sparks's rasterizer.
 */
sparks_status sparks_effect_draw_sdl_renderer(sparks_effect *effect, void *sdl_renderer);

/* Draws only `count` top-level layers from `first` (out of range: left out): some of an
 * effect's layers under the game's own sprites and the rest over them. */
sparks_status sparks_effect_draw_sdl_renderer_layers(sparks_effect *effect, void *sdl_renderer, int first, int count);

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

/* sparks_effect_draw_argb of `count` top-level layers from `first`. */
sparks_status sparks_effect_draw_argb_layers(
    sparks_effect *effect, void *pixels, size_t pixels_size, int width, int height, int pitch, int first, int count);

/* The most pixels one frame's particles may cover, counted at the canvas's size (default 500
 * million): a frame that reaches it draws its first particles and leaves out the rest. */
void sparks_effect_set_max_covered_pixels(sparks_effect *effect, double pixels);

/* Particle quads the last draw left out because the frame reached its covered-pixel budget
 * (0 when it drew everything). */
long sparks_effect_undrawn_quads(const sparks_effect *effect);

/* What the covered-pixel budget left out of the last frame, in words (how many quads, from
 * which layer on, the budget); "" when it drew everything. Owned by the effect, valid until its
 * next call. */
const char *sparks_effect_last_draw_budget_cut(const sparks_effect *effect);

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
