#ifndef KINESCOPE_CHARFBUZZ_SHIM_H
#define KINESCOPE_CHARFBUZZ_SHIM_H

#include <hb.h>
#include <hb-ot.h>

/* HB_TAG is a function-like macro, which Swift cannot import. */
static inline hb_tag_t kinescope_hb_tag(unsigned char a, unsigned char b, unsigned char c, unsigned char d) {
    return HB_TAG(a, b, c, d);
}

#endif
