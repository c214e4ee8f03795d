/*
 * A ship flies across the screen leaving an engine trail (an emitter that follows it); Space
 * (or --explode-at SECONDS) blows it up (a burst of 300 particles from a cell whose birthRate
 * is 0) and puts its engine out (the effect stops emitting); when the explosion has played
 * out (the effect's finished callback), the effect is reset and a new ship sets off. Arrow keys
 * steer. The effect comes from ../effects/ship.json, drawn over the game's frame by libsparks
 * into the game's own SDL_Renderer. A torch, the fire Sparks ships, follows the mouse (or stands
 * at --torch-at X,Y): its emitter is moved to the mouse in the window's pixels, which are the
 * canvas's points here.
 *
 *   make && ./c-sdl-game [--seconds S] [--explode-at S] [--torch-at X,Y] [--screenshot FILE.png]
 */
#include <SDL.h>
#include <SDL_image.h>
#include <sparks.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef EFFECTS_DIR
#define EFFECTS_DIR "../effects"
#endif

static sparks_effect *effect, *torch;
static double ship_x = 100, ship_y = 240, launched_at = 0, time_now = 0;
static int ship_alive = 1;

static void explode(void) {
    if (!ship_alive) return;
    ship_alive = 0;
    /* The debris bursts where the ship is, whatever the explosion emitter's position. */
    if (sparks_effect_burst_at(effect, "explosion.debris", 300, ship_x, ship_y) != SPARKS_OK)
        fprintf(stderr, "c-sdl-game: %s\n", sparks_effect_last_error(effect));
    sparks_effect_set_emitting(effect, 0);
}

/* Lights the torch (the first time) and moves it to (x, y). */
static void move_torch(double x, double y) {
    if (!torch) {
        char *error = NULL;
        torch = sparks_effect_load_shipped("fire", &error);
        if (!torch) {
            fprintf(stderr, "c-sdl-game: %s\n", error);
            sparks_string_free(error);
            return;
        }
    }
    if (sparks_effect_move_emitter(torch, "fireEmitter", x, y) != SPARKS_OK)
        fprintf(stderr, "c-sdl-game: %s\n", sparks_effect_last_error(torch));
}

/* The explosion has played out: the effect starts again and so does a new ship. */
static void played_out(sparks_effect *finished, void *user_data) {
    (void)user_data;
    printf("c-sdl-game: the explosion played out at %.2f s; a new ship sets off\n", time_now);
    sparks_effect_reset(finished);
    sparks_effect_set_emitting(finished, 1);
    ship_alive = 1;
    launched_at = time_now;
}

int main(int argc, char **argv) {
    double seconds = -1, explode_at = -1, torch_x = -1, torch_y = -1;
    const char *screenshot = NULL;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "--seconds") == 0) seconds = atof(argv[++i]);
        else if (i + 1 < argc && strcmp(argv[i], "--explode-at") == 0) explode_at = atof(argv[++i]);
        else if (i + 1 < argc && strcmp(argv[i], "--torch-at") == 0 && sscanf(argv[++i], "%lf,%lf", &torch_x, &torch_y) == 2) {}
        else if (i + 1 < argc && strcmp(argv[i], "--screenshot") == 0) screenshot = argv[++i];
        else {
            fprintf(stderr, "usage: c-sdl-game [--seconds S] [--explode-at S] [--torch-at X,Y] [--screenshot FILE.png]\n");
            return 2;
        }
    }
    if (torch_x >= 0) move_torch(torch_x, torch_y);

    char *error = NULL;
    effect = sparks_effect_load_file(EFFECTS_DIR "/ship.json", NULL, &error);
    if (!effect) {
        fprintf(stderr, "c-sdl-game: %s\n", error);
        sparks_string_free(error);
        return 1;
    }
    sparks_effect_on_finished(effect, played_out, NULL);
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "c-sdl-game: starting SDL: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *window = SDL_CreateWindow("Sparks - c-sdl-game", 100, 100, 640, 480, SDL_WINDOW_SHOWN);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED) : NULL;
    if (window && !renderer) renderer = SDL_CreateRenderer(window, -1, 0);
    if (!renderer) {
        fprintf(stderr, "c-sdl-game: opening a window: %s\n", SDL_GetError());
        return 1;
    }

    /* A fixed frame time when scripted, so a run is the same every time; the wall clock
     * otherwise. */
    int scripted = seconds >= 0;
    double time = 0;
    Uint64 last = SDL_GetPerformanceCounter();
    int running = 1;
    while (running) {
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            if (event.type == SDL_QUIT) running = 0;
            /* A scripted run ignores the pointer (an X server reports where it rests). */
            if (event.type == SDL_MOUSEMOTION && !scripted) move_torch(event.motion.x, event.motion.y);
            if (event.type == SDL_KEYDOWN) {
                switch (event.key.keysym.sym) {
                case SDLK_SPACE: explode(); break;
                case SDLK_ESCAPE: running = 0; break;
                case SDLK_UP: ship_y -= 10; break;
                case SDLK_DOWN: ship_y += 10; break;
                default: break;
                }
            }
        }
        Uint64 now = SDL_GetPerformanceCounter();
        double dt = scripted ? 1.0 / 60 : (double)(now - last) / (double)SDL_GetPerformanceFrequency();
        last = now;
        time += dt;
        time_now = time;

        if (ship_alive) {
            ship_x = 100 + 150 * (time - launched_at);
            if (ship_x > 700) ship_x -= 700;
            /* In canvas points, through the emitter layer's own position. */
            sparks_effect_move_emitter(effect, "trail", ship_x, ship_y);
        }
        if (explode_at >= 0 && time >= explode_at) {
            explode();
            explode_at = -1;
        }
        sparks_effect_advance(effect, dt);
        if (torch) sparks_effect_advance(torch, dt);

        /* The game's frame: a dark sky, the ship, then the effect over it. */
        SDL_SetRenderDrawColor(renderer, 8, 10, 24, 255);
        SDL_RenderClear(renderer);
        if (ship_alive) {
            SDL_Color c = {230, 230, 240, 255};
            SDL_Vertex v[3] = {
                {{(float)(ship_x + 14), (float)ship_y}, c, {0, 0}},
                {{(float)(ship_x - 8), (float)(ship_y - 8)}, c, {0, 0}},
                {{(float)(ship_x - 8), (float)(ship_y + 8)}, c, {0, 0}},
            };
            SDL_RenderGeometry(renderer, NULL, v, 3, NULL, 0);
        }
        if (sparks_effect_draw_sdl_renderer(effect, renderer) != SPARKS_OK
            || (torch && sparks_effect_draw_sdl_renderer(torch, renderer) != SPARKS_OK)) {
            fprintf(stderr, "c-sdl-game: %s\n", sparks_effect_last_error(effect));
            return 1;
        }

        if (scripted && time >= seconds) {
            if (screenshot) {
                int w, h;
                SDL_GetRendererOutputSize(renderer, &w, &h);
                SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
                SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_ARGB8888, surface->pixels, surface->pitch);
                if (IMG_SavePNG(surface, screenshot) != 0) {
                    fprintf(stderr, "c-sdl-game: writing %s: %s\n", screenshot, SDL_GetError());
                    return 1;
                }
                SDL_FreeSurface(surface);
            }
            running = 0;
        }
        SDL_RenderPresent(renderer);
        if (!scripted) SDL_Delay(1);
    }
    printf("c-sdl-game: %ld particles at %.2f s; finished: %d\n", sparks_effect_live_count(effect), time, sparks_effect_is_finished(effect));
    sparks_effect_free(effect);
    sparks_effect_free(torch);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
