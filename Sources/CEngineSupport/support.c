#define _GNU_SOURCE
#include <math.h>
#include "CEngineSupport.h"

void glayers_sincos_libm(double x, double *s, double *c) {
    sincos(x, s, c);
}
