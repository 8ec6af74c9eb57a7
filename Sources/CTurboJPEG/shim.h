#ifndef KINESCOPE_CTURBOJPEG_SHIM_H
#define KINESCOPE_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>
#endif
