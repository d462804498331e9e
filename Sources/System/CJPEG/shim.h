// TurboJPEG: the libjpeg-turbo API whose errors are return codes (no setjmp/longjmp).
#include <stddef.h>
#include <turbojpeg.h>
