#ifndef KINESCOPE_BENCH_CCAIRO_SHIM_H
#define KINESCOPE_BENCH_CCAIRO_SHIM_H
#include <cairo.h>
#endif
