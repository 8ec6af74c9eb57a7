#ifndef KINESCOPE_CX11_SHIM_H
#define KINESCOPE_CX11_SHIM_H
// Makes XDestroyImage / XGetPixel real functions that Swift can call.
#define XUTIL_DEFINE_FUNCTIONS 1
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>

// Xlib's input-method calls are variadic (name/value lists ending in NULL), which Swift cannot
// call: these fixed-argument wrappers make the three calls Kinescope needs.

/// Whether `im` offers the input style `style` (XNQueryInputStyle).
static inline int kinescope_im_supports_style(XIM im, XIMStyle style) {
    XIMStyles *styles = NULL;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, NULL) != NULL || styles == NULL) return 0;
    int found = 0;
    for (unsigned short i = 0; i < styles->count_styles; i++) {
        if (styles->supported_styles[i] == style) { found = 1; break; }
    }
    XFree(styles);
    return found;
}

/// An input context of `style` for `window` (client and focus window), or NULL.
static inline XIC kinescope_create_ic(XIM im, XIMStyle style, Window window) {
    return XCreateIC(im, XNInputStyle, style, XNClientWindow, window, XNFocusWindow, window, NULL);
}

/// The events the input context needs selected on its window (XNFilterEvents), 0 if it says none.
static inline long kinescope_ic_filter_events(XIC ic) {
    unsigned long mask = 0;
    if (XGetICValues(ic, XNFilterEvents, &mask, NULL) != NULL) return 0;
    return (long)mask;
}
#endif
