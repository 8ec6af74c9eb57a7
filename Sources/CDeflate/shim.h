#ifndef KINESCOPE_CDEFLATE_SHIM_H
#define KINESCOPE_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
