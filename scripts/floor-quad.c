/*
 * floor-quad.c -- the least an OpenGL program can do to draw one small composition: a
 * target of W x H pixels cleared, then one textured quad of QW x QH pixels drawn at its
 * centre, turned (or not), texture x opacity, premultiplied source-over, glFinish; timed per
 * frame. The floor under glayers for a one-item Lottie frame (docs/performance.md, "The floor
 * of a small frame"): whatever glayers does, llvmpipe still has to do this.
 *
 *   cc -O2 -o floor-quad scripts/floor-quad.c -lEGL -lGL -lm
 *   LP_NUM_THREADS=0 ./floor-quad [--frames N] [--size WxH] [--quad WxH] [--turn RADIANS]
 *                                 [--nearest] [--untextured]
 *
 * --turn 0 keeps the quad still and axis-aligned; any other angle turns it by a thousandth of a
 * radian a frame from there. Headless: EGL's surfaceless platform, an FBO of GL_RGBA8, OpenGL
 * 3.3 core. Prints one line: the median frame and the 10th and 90th percentiles, in ms.
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *vertexShader =
    "#version 330 core\n"
    "uniform vec4 u_turn;   // the 2 x 2 rotation\n"
    "uniform vec2 u_centre; // pixels\n"
    "uniform vec2 u_size;   // the quad, pixels\n"
    "uniform vec2 u_target; // pixels\n"
    "out vec2 v_uv;\n"
    "void main() {\n"
    "    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));\n"
    "    vec2 p = (corner - 0.5) * u_size;\n"
    "    p = vec2(u_turn.x * p.x + u_turn.z * p.y, u_turn.y * p.x + u_turn.w * p.y) + u_centre;\n"
    "    v_uv = corner;\n"
    "    gl_Position = vec4(2.0 * p / u_target - 1.0, 0.0, 1.0);\n"
    "}\n";

static const char *texturedShader =
    "#version 330 core\n"
    "uniform sampler2D u_texture;\n"
    "uniform float u_opacity;\n"
    "in vec2 v_uv;\n"
    "out vec4 o_color;\n"
    "void main() { o_color = texture(u_texture, v_uv) * u_opacity; }\n";

static const char *untexturedShader =
    "#version 330 core\n"
    "uniform float u_opacity;\n"
    "in vec2 v_uv;\n"
    "out vec4 o_color;\n"
    "void main() { o_color = vec4(v_uv, 0.5, 1.0) * u_opacity; }\n";

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void fail(const char *what) {
    fprintf(stderr, "floor-quad: %s\n", what);
    exit(1);
}

static GLuint compile(GLenum kind, const char *source) {
    GLuint shader = glCreateShader(kind);
    glShaderSource(shader, 1, &source, NULL);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1024];
        glGetShaderInfoLog(shader, sizeof log, NULL, log);
        fail(log);
    }
    return shader;
}

static int compareDoubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int frames = 20000, width = 100, height = 100, quadWidth = 77, quadHeight = 52;
    int nearest = 0, textured = 1;
    double turn = 0.3;
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(argv[i], "--frames")) frames = atoi(value), i++;
        else if (!strcmp(argv[i], "--size")) sscanf(value, "%dx%d", &width, &height), i++;
        else if (!strcmp(argv[i], "--quad")) sscanf(value, "%dx%d", &quadWidth, &quadHeight), i++;
        else if (!strcmp(argv[i], "--turn")) turn = atof(value), i++;
        else if (!strcmp(argv[i], "--nearest")) nearest = 1;
        else if (!strcmp(argv[i], "--untextured")) textured = 0;
        else fail("usage: floor-quad [--frames N] [--size WxH] [--quad WxH] [--turn R] [--nearest] [--untextured]");
    }
    if (frames < 10 || width < 1 || height < 1 || quadWidth < 1 || quadHeight < 1) fail("bad sizes or frames");

    PFNEGLGETPLATFORMDISPLAYEXTPROC getPlatformDisplay =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    if (!getPlatformDisplay) fail("no eglGetPlatformDisplayEXT");
    EGLDisplay display = getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (!eglInitialize(display, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) fail("no EGL display");
    const EGLint contextAttributes[] = {
        EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
    };
    EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, contextAttributes);
    if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
        fail("no OpenGL 3.3 core context");

    GLuint framebuffer, target;
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glGenTextures(1, &target);
    glBindTexture(GL_TEXTURE_2D, target);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);

    // An opaque texture of the quad's size (a shape raster drawn texel for pixel).
    unsigned char *pixels = malloc((size_t)quadWidth * (size_t)quadHeight * 4);
    if (!pixels) fail("out of memory");
    for (int i = 0; i < quadWidth * quadHeight; i++) {
        pixels[4 * i] = 200, pixels[4 * i + 1] = 100, pixels[4 * i + 2] = 50, pixels[4 * i + 3] = 255;
    }
    GLuint texture;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, quadWidth, quadHeight, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    free(pixels);
    GLint filter = nearest ? GL_NEAREST : GL_LINEAR;
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

    GLuint program = glCreateProgram();
    glAttachShader(program, compile(GL_VERTEX_SHADER, vertexShader));
    glAttachShader(program, compile(GL_FRAGMENT_SHADER, textured ? texturedShader : untexturedShader));
    glLinkProgram(program);
    glUseProgram(program);
    GLuint vertexArray;
    glGenVertexArrays(1, &vertexArray);
    glBindVertexArray(vertexArray);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glViewport(0, 0, width, height);
    glClearColor(0, 0, 0, 0);
    glUniform2f(glGetUniformLocation(program, "u_size"), (float)quadWidth, (float)quadHeight);
    glUniform2f(glGetUniformLocation(program, "u_centre"), width / 2.0f, height / 2.0f);
    glUniform2f(glGetUniformLocation(program, "u_target"), (float)width, (float)height);
    glUniform1f(glGetUniformLocation(program, "u_opacity"), 0.9f);
    GLint turnLocation = glGetUniformLocation(program, "u_turn");

    const int warmup = 200;
    double *periods = malloc(sizeof(double) * (size_t)frames);
    if (!periods) fail("out of memory");
    double last = seconds();
    for (int frame = 0; frame < warmup + frames; frame++) {
        float angle = turn == 0 ? 0.0f : (float)(turn + 0.001 * frame);
        glUniform4f(turnLocation, cosf(angle), sinf(angle), -sinf(angle), cosf(angle));
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        glFinish();
        double now = seconds();
        if (frame >= warmup) periods[frame - warmup] = now - last;
        last = now;
    }
    qsort(periods, (size_t)frames, sizeof(double), compareDoubles);
    printf("RESULT floor-quad size=%dx%d quad=%dx%d turn=%g frames=%d median_ms=%.4f p10_ms=%.4f p90_ms=%.4f\n",
           width, height, quadWidth, quadHeight, turn, frames, periods[frames / 2] * 1e3, periods[frames / 10] * 1e3,
           periods[frames * 9 / 10] * 1e3);
    free(periods);
    return 0;
}
