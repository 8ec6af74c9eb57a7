#ifndef KINESCOPE_BENCH_CPIXMAN_SHIM_H
#define KINESCOPE_BENCH_CPIXMAN_SHIM_H
#include <pixman.h>
#endif
