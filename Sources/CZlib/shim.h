#include <zlib.h>

/// `inflateInit2` and `deflateInit2` are macros (they pass the library's version and the
/// stream's size), so Swift cannot call them directly.
static inline int realm_zlib_inflate_init(z_stream *stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

static inline int realm_zlib_deflate_init(z_stream *stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}
