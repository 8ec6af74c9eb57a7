#ifndef KINESCOPE_CVPX_SHIM_H
#define KINESCOPE_CVPX_SHIM_H
#include <vpx/vpx_encoder.h>
#include <vpx/vp8cx.h>

// `vpx_codec_enc_init` and `vpx_codec_control` are macros (ABI version, typed controls): these
// plain functions stand in for them.
static inline vpx_codec_err_t kinescope_vpx_codec_enc_init(vpx_codec_ctx_t *context, const vpx_codec_enc_cfg_t *config) {
    return vpx_codec_enc_init(context, vpx_codec_vp9_cx(), config, 0);
}
static inline vpx_codec_err_t kinescope_vpx_control_int(vpx_codec_ctx_t *context, int id, int value) {
    return vpx_codec_control_(context, id, value);
}
#endif
