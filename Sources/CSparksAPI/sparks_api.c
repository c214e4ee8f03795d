/* The C API's types, shared with its Swift implementation (Sources/SparksC): the functions
 * sparks.h declares are defined there. */
#include "sparks.h"
