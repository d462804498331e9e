// EGL without X11 types: native displays and windows are passed as opaque pointers, so
// this module does not need the X11 headers (the host owns X11).
#define EGL_NO_X11 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
