#ifndef KINESCOPE_CFRIBIDI_SHIM_H
#define KINESCOPE_CFRIBIDI_SHIM_H

#include <fribidi.h>

/* FRIBIDI_PAR_ON and FRIBIDI_LEVEL_IS_RTL are macros built from other macros, which Swift
   cannot import. */
static inline FriBidiParType kinescope_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType kinescope_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType kinescope_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }

#endif
