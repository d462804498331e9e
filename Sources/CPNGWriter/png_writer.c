#include "png_writer.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *bytes;
    size_t size, capacity;
    char *message;
    size_t message_size;
} writer_state;

static void note(char *message, size_t message_size, const char *text) {
    if (message_size == 0) return;
    strncpy(message, text, message_size - 1);
    message[message_size - 1] = 0;
}

static void on_error(png_structp png, png_const_charp text) {
    writer_state *state = png_get_error_ptr(png);
    note(state->message, state->message_size, text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void on_write(png_structp png, png_bytep data, png_size_t length) {
    writer_state *state = png_get_io_ptr(png);
    if (length > SIZE_MAX - state->size) png_error(png, "out of memory");
    if (state->size + length > state->capacity) {
        size_t capacity = state->capacity ? state->capacity : 65536;
        while (capacity < state->size + length) capacity = capacity > SIZE_MAX / 2 ? SIZE_MAX : capacity * 2;
        uint8_t *grown = realloc(state->bytes, capacity);
        if (!grown) png_error(png, "out of memory");
        state->bytes = grown;
        state->capacity = capacity;
    }
    memcpy(state->bytes + state->size, data, length);
    state->size += length;
}

static void on_flush(png_structp png) { (void)png; }

/// The rows of one image in memory (`glayers_png_encode`).
typedef struct {
    const uint8_t *rgba;
    size_t stride;
} whole_image;

static int whole_image_rows(void *context, int first, int count, const uint8_t **rows, size_t *stride) {
    (void)count;
    whole_image *image = context;
    *rows = image->rgba + (size_t)first * image->stride;
    *stride = image->stride;
    return 0;
}

int glayers_png_encode(const uint8_t *rgba, int width, int height, size_t stride, int keep_alpha, int level,
                       uint8_t **out, size_t *out_size, char *message, size_t message_size) {
    whole_image image = {rgba, stride};
    return glayers_png_encode_rows(width, height, height, whole_image_rows, &image, keep_alpha, level, out,
                                   out_size, message, message_size);
}

int glayers_png_encode_rows(int width, int height, int strip, glayers_png_row_source source, void *context,
                            int keep_alpha, int level, uint8_t **out, size_t *out_size, char *message,
                            size_t message_size) {
    *out = NULL;
    *out_size = 0;
    note(message, message_size, "");
    // On the heap: the callbacks change it between setjmp and a longjmp, which would leave a
    // local of this function indeterminate.
    writer_state *state = calloc(1, sizeof *state);
    if (!state) {
        note(message, message_size, "out of memory");
        return -1;
    }
    state->message = message;
    state->message_size = message_size;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, state, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        note(message, message_size, "out of memory");
        free(state);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(state->bytes);
        free(state);
        return -1;
    }
    png_set_write_fn(png, state, on_write, on_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 keep_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_set_compression_level(png, level);
    png_write_info(png, info);
    if (!keep_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    if (strip < 1) strip = 1;
    for (int first = 0; first < height; first += strip) {
        int count = height - first < strip ? height - first : strip;
        const uint8_t *rows = NULL;
        size_t stride = 0;
        if (source(context, first, count, &rows, &stride) != 0) {
            png_destroy_write_struct(&png, &info);
            free(state->bytes);
            free(state);
            return 1;
        }
        for (int y = 0; y < count; y++) png_write_row(png, (png_const_bytep)(rows + (size_t)y * stride));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = state->bytes;
    *out_size = state->size;
    free(state);
    return 0;
}
