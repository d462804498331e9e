// OpenGL 3.3 core through glvnd's libOpenGL, which exports every core entry point.
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
