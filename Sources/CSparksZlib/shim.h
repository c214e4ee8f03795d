#ifndef SPARKS_CZLIB_SHIM_H
#define SPARKS_CZLIB_SHIM_H

/* zlib, from the standard include path (Debian's zlib1g-dev; SDL2_image's PNG decoding needs it
 * too): the inflater for the gzip-compressed images Particle Designer embeds in its files. */
#include <zlib.h>

/* inflateInit2 is a macro; Swift calls this instead. windowBits 15 + 32 reads a zlib or gzip
 * header, whichever the data has. */
static inline int SparksInflateInit(z_stream *stream) { return inflateInit2(stream, 15 + 32); }

#endif
