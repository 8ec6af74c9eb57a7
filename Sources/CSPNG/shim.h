#ifndef KINESCOPE_CSPNG_SHIM_H
#define KINESCOPE_CSPNG_SHIM_H
#include <spng.h>
#endif
