#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <X11/extensions/XShm.h>
#include <poll.h>
#include <unistd.h>
#include <string.h>

#ifndef POLLRDHUP
#define POLLRDHUP 0x2000
#endif

/* The poll events that say the X server's end of the connection is gone. */
static inline short glayers_poll_hangup_events(void) { return POLLRDHUP | POLLHUP | POLLERR | POLLNVAL; }
static inline short glayers_poll_rdhup(void) { return POLLRDHUP; }


/* Xlib's macros are not visible to Swift; these wrap the ones glayers uses. */
static inline int glayers_connection_number(Display *d) { return ConnectionNumber(d); }
static inline int glayers_default_screen(Display *d) { return DefaultScreen(d); }
static inline Window glayers_root_window(Display *d, int screen) { return RootWindow(d, screen); }
static inline int glayers_display_width(Display *d, int screen) { return DisplayWidth(d, screen); }
static inline int glayers_display_height(Display *d, int screen) { return DisplayHeight(d, screen); }
static inline unsigned long glayers_black_pixel(Display *d, int screen) { return BlackPixel(d, screen); }
static inline Visual *glayers_default_visual(Display *d, int screen) { return DefaultVisual(d, screen); }
static inline int glayers_default_depth(Display *d, int screen) { return DefaultDepth(d, screen); }
static inline int glayers_destroy_image(XImage *image) { return XDestroyImage(image); }
