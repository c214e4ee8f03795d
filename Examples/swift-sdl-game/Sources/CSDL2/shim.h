/* SDL through the SDL2 folder of the standard include path (Debian's libsdl2-dev puts it there;
 * elsewhere pass -Xcc -I/path/to/include), not pkg-config's flags, whose -D_REENTRANT SwiftPM
 * warns about on every build. */
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
