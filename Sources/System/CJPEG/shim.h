// jpeglib.h needs FILE and size_t declared before it is included.
#include <stdio.h>
#include <stddef.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>
