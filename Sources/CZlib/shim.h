#ifndef SHARELINT_CZLIB_SHIM_H
#define SHARELINT_CZLIB_SHIM_H
#include <zlib.h>
#endif
