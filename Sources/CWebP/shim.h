#ifndef KINESCOPE_CWEBP_SHIM_H
#define KINESCOPE_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>

// The ABI-checked initialisers are static inline in the headers; these wrappers are plain
// functions Swift calls like any other.
static inline int kinescope_WebPConfigInit(WebPConfig *config) { return WebPConfigInit(config); }
static inline int kinescope_WebPPictureInit(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline int kinescope_WebPAnimEncoderOptionsInit(WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderOptionsInit(options);
}
static inline WebPAnimEncoder *kinescope_WebPAnimEncoderNew(int width, int height, const WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderNew(width, height, options);
}
static inline int kinescope_WebPAnimDecoderOptionsInit(WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderOptionsInit(options);
}
static inline WebPAnimDecoder *kinescope_WebPAnimDecoderNew(const WebPData *data, const WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderNew(data, options);
}
#endif
