#ifndef KINESCOPE_BENCH_CPANGOCAIRO_SHIM_H
#define KINESCOPE_BENCH_CPANGOCAIRO_SHIM_H
#include <pango/pangocairo.h>
#endif
