#ifndef SPARKS_CSDL2_SHIM_H
#define SPARKS_CSDL2_SHIM_H

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

/* Function-like SDL macros that Swift cannot import. */
static inline int SparksWindowPosCentered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline Uint32 SparksPixelFormatARGB8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
static inline Uint32 SparksPixelFormatABGR8888(void) { return SDL_PIXELFORMAT_ABGR8888; }

#endif
