// Writing PNG files with libpng's full API, which Swift cannot call directly: its errors
// longjmp out of the failing call, so the setjmp that catches them must live in C.
#ifndef GLAYERS_PNG_WRITER_H
#define GLAYERS_PNG_WRITER_H

#include <stddef.h>
#include <stdint.h>

/// Encodes `height` rows of `width` RGBA pixels (straight alpha, 4 bytes each, rows `stride`
/// bytes apart, top row first) as an 8-bit PNG: RGBA when `keep_alpha` is nonzero, RGB
/// otherwise (the alpha bytes are dropped as the rows are written, with no copy of the
/// image). Chunks: IHDR, sRGB (perceptual), IDAT, IEND. Rows are filtered with PNG's "up"
/// filter and deflated at zlib level `level` (1 is fastest).
///
/// On success returns 0 and sets `*out` to a malloc'd buffer of `*out_size` bytes that the
/// caller frees with `free`. On failure returns -1, sets `*out` to NULL and writes libpng's
/// message (or "out of memory") into `message` (NUL-terminated, at most `message_size` bytes).
int glayers_png_encode(const uint8_t *rgba, int width, int height, size_t stride, int keep_alpha, int level,
                       uint8_t **out, size_t *out_size, char *message, size_t message_size);

/// Supplies rows `first` ..< `first + count` (counted from the top) to `glayers_png_encode_rows`:
/// sets `*rows` to the first of them (RGBA, straight alpha) and `*stride` to the bytes from one
/// row to the next, and returns 0; or returns nonzero to stop the encoding.
typedef int (*glayers_png_row_source)(void *context, int first, int count, const uint8_t **rows, size_t *stride);

/// `glayers_png_encode` with the rows asked from `source`, at most `strip` at a time and in
/// order, so that the image need not be in memory at once; the same bytes for the same rows.
/// Returns 1, with no output and no message, when `source` stopped it.
int glayers_png_encode_rows(int width, int height, int strip, glayers_png_row_source source, void *context,
                            int keep_alpha, int level, uint8_t **out, size_t *out_size, char *message,
                            size_t message_size);

#endif
