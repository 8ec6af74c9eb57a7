#ifndef KINESCOPE_BENCH_CLIBPNG_SHIM_H
#define KINESCOPE_BENCH_CLIBPNG_SHIM_H
#include <png.h>
#include <stdio.h>
#endif
