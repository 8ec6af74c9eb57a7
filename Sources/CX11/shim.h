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
#endif
