#ifndef KINESCOPE_CFONTCONFIG_SHIM_H
#define KINESCOPE_CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

#endif
