#ifndef SPARKS_CSDL2_SHIM_H
#define SPARKS_CSDL2_SHIM_H

/* Through the SDL2 folder of the standard include path: SDL's pkg-config flags add
 * -D_REENTRANT, which SwiftPM refuses with a warning on every build (Package.swift says more). */
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>

/* Function-like SDL macros that Swift cannot import. */
static inline int SparksWindowPosCentered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline Uint32 SparksPixelFormatARGB8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
static inline Uint32 SparksPixelFormatABGR8888(void) { return SDL_PIXELFORMAT_ABGR8888; }

#endif
