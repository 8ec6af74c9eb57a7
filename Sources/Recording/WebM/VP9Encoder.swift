import CVPX

/// One libvpx VP9 encoder for 8-bit 4:2:0 frames, set up for recording: one pass, no lag (each
/// frame's packet comes out of the call that gave it), constant quality, one thread (libvpx is
/// deterministic with one thread: the same frames give the same bytes), keyframes only where the
/// caller forces them, so that the colour and alpha streams of a WebM have theirs on the same
/// frames.
final class VP9Encoder {
    let width: Int, height: Int
    private var context = vpx_codec_ctx_t()
    private var image = vpx_image_t()
    private var frameCount = 0

    /// - Parameters:
    ///   - cqLevel: libvpx's quantizer, 0 (best) … 63.
    ///   - speed: libvpx's `cpu-used`, 5…9 for realtime encoding (higher is faster).
    ///   - tagsBT709: writes BT.709, limited range in each keyframe's header (colour stream);
    ///     false leaves the colour space unknown (alpha stream, whose luma is the alpha).
    init(width: Int, height: Int, framesPerSecond: Int, cqLevel: Int, speed: Int, tagsBT709: Bool) throws(VPXFailure) {
        self.width = width
        self.height = height
        var config = vpx_codec_enc_cfg_t()
        guard vpx_codec_enc_config_default(vpx_codec_vp9_cx(), &config, 0) == VPX_CODEC_OK else {
            throw VPXFailure("libvpx has no default VP9 configuration")
        }
        config.g_w = UInt32(width)
        config.g_h = UInt32(height)
        config.g_timebase = vpx_rational(num: 1, den: Int32(framesPerSecond))
        config.g_threads = 1
        config.g_lag_in_frames = 0
        config.g_pass = VPX_RC_ONE_PASS
        config.g_error_resilient = 0
        config.rc_end_usage = VPX_Q
        config.rc_min_quantizer = 0
        config.rc_max_quantizer = 63
        config.rc_dropframe_thresh = 0
        config.kf_mode = VPX_KF_DISABLED
        guard kinescope_vpx_codec_enc_init(&context, &config) == VPX_CODEC_OK else {
            throw VPXFailure("libvpx cannot start a VP9 encoder for \(width)x\(height): \(Self.message(&context))")
        }
        var controls: [(vp8e_enc_control_id, Int32)] = [
            (VP8E_SET_CPUUSED, Int32(speed)), (VP8E_SET_CQ_LEVEL, Int32(cqLevel)),
            (VP9E_SET_TILE_COLUMNS, 0), (VP9E_SET_ROW_MT, 0),
        ]
        if tagsBT709 {
            controls += [(VP9E_SET_COLOR_SPACE, Int32(VPX_CS_BT_709.rawValue)),
                         (VP9E_SET_COLOR_RANGE, Int32(VPX_CR_STUDIO_RANGE.rawValue))]
        }
        for (id, value) in controls {
            guard kinescope_vpx_control_int(&context, Int32(id.rawValue), value) == VPX_CODEC_OK else {
                let text = Self.message(&context)
                vpx_codec_destroy(&context)
                throw VPXFailure("libvpx refuses setting \(id.rawValue) = \(value): \(text)")
            }
        }
        // The planes are set per frame; wrapping a dummy buffer fills in the format fields.
        var dummy: UInt8 = 0
        vpx_img_wrap(&image, VPX_IMG_FMT_I420, UInt32(width), UInt32(height), 1, &dummy)
    }

    deinit { vpx_codec_destroy(&context) }

    private static func message(_ context: inout vpx_codec_ctx_t) -> String {
        let detail = vpx_codec_error_detail(&context).map { String(cString: $0) }
        let text = vpx_codec_error(&context).map { String(cString: $0) } ?? "unknown error"
        return detail.map { "\(text) (\($0))" } ?? text
    }

    /// Encodes one frame given as three tightly packed planes (Y′ `width` × `height`, then Cb and
    /// Cr at half size rounded up) and appends its compressed bytes to `packet` (emptied first).
    /// Returns whether the frame is a keyframe.
    func encode(y: UnsafeMutablePointer<UInt8>, cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>,
                forceKeyframe: Bool, into packet: inout [UInt8]) throws(VPXFailure) -> Bool {
        let chromaWidth = (width + 1) / 2
        image.planes.0 = y
        image.planes.1 = cb
        image.planes.2 = cr
        image.stride.0 = Int32(width)
        image.stride.1 = Int32(chromaWidth)
        image.stride.2 = Int32(chromaWidth)
        let flags: vpx_enc_frame_flags_t = forceKeyframe ? vpx_enc_frame_flags_t(VPX_EFLAG_FORCE_KF) : 0
        guard vpx_codec_encode(&context, &image, vpx_codec_pts_t(frameCount), 1, flags,
                               UInt(VPX_DL_REALTIME)) == VPX_CODEC_OK else {
            throw VPXFailure("frame \(frameCount): \(Self.message(&context))")
        }
        frameCount += 1
        packet.removeAll(keepingCapacity: true)
        var isKey = false
        var iterator: vpx_codec_iter_t?
        while let data = vpx_codec_get_cx_data(&context, &iterator) {
            guard data.pointee.kind == VPX_CODEC_CX_FRAME_PKT else { continue }
            let frame = data.pointee.data.frame
            packet.append(contentsOf: UnsafeRawBufferPointer(start: frame.buf, count: frame.sz))
            if frame.flags & UInt32(VPX_FRAME_IS_KEY) != 0 { isKey = true }
        }
        guard !packet.isEmpty else { throw VPXFailure("frame \(frameCount - 1): libvpx returned no data") }
        return isKey
    }
}

/// A libvpx failure, in libvpx's words.
struct VPXFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
