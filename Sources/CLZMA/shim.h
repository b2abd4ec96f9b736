#include <lzma.h>

/// `LZMA_CONCATENATED` and `UINT64_MAX` as values Swift can pass: a decoder of .xz streams
/// one after another (as `xz -d` reads them) with no memory limit.
static inline lzma_ret realm_lzma_stream_decoder(lzma_stream *stream) {
    return lzma_stream_decoder(stream, UINT64_MAX, LZMA_CONCATENATED);
}
