// Design note. Decoding streams rows out of libspng (`SPNG_DECODE_PROGRESSIVE`) into one reused
// row buffer and converts each row straight into the bitmap, so peak memory is the bitmap plus a
// few rows, even for Adam7 images: `spng_decode_row` writes a pass's pixels at their final
// columns of a full-width row, and only those columns (start and step from the pass number) are
// converted. Limits are set before anything is decoded: image size via `ImageLimits.check` right
// after IHDR (so the bitmap is never allocated for absurd headers), chunk length
// and ancillary-chunk cache via `spng_set_chunk_limits`; zlib inflation is bounded by the image
// size, so an IDAT "bomb" ends as soon as the declared rows are complete.

import CSPNG
import Raster

enum PNGDecoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Adam7 passes 0...6: first column and column step.
    private static let passColumns: [(start: Int, step: Int)] = [(0, 8), (4, 8), (0, 4), (2, 4), (0, 2), (1, 2), (0, 1)]

    static func decode(_ bytes: UnsafeRawBufferPointer, name: String) throws(ImageCodecError) -> Bitmap {
        guard let ctx = spng_ctx_new(0) else {
            throw .unsupported(name: name, detail: "cannot create a libspng context (out of memory)")
        }
        defer { spng_ctx_free(ctx) }
        func check(_ status: Int32) throws(ImageCodecError) {
            if status != 0 { throw classify(status, name: name) }
        }
        try check(spng_set_chunk_limits(ctx, ImageLimits.maxPNGChunkBytes, ImageLimits.maxPNGChunkBytes))
        try check(spng_set_crc_action(ctx, Int32(SPNG_CRC_ERROR.rawValue), Int32(SPNG_CRC_DISCARD.rawValue)))
        try check(spng_set_png_buffer(ctx, bytes.baseAddress, bytes.count))

        var ihdr = spng_ihdr()
        try check(spng_get_ihdr(ctx, &ihdr))
        let width = Int(ihdr.width), height = Int(ihdr.height)
        try ImageLimits.check(width: width, height: height, name: name)

        let wide = ihdr.bit_depth == 16
        let format = Int32((wide ? SPNG_FMT_RGBA16 : SPNG_FMT_RGBA8).rawValue)
        let flags = Int32(SPNG_DECODE_TRNS.rawValue | SPNG_DECODE_PROGRESSIVE.rawValue)
        try check(spng_decode_image(ctx, nil, 0, format, flags))

        let bitmap = Bitmap(size: try! PixelSize(width: width, height: height))
        let bytesPerPixel = wide ? 8 : 4
        let rowBytes = width * bytesPerPixel
        let rowBuffer = UnsafeMutableRawPointer.allocate(byteCount: rowBytes, alignment: 16)
        defer { rowBuffer.deallocate() }
        let narrowRow = UnsafeMutablePointer<UInt8>.allocate(capacity: wide ? width * 4 : 0)
        defer { narrowRow.deallocate() }
        let interlaced = ihdr.interlace_method != 0

        while true {
            var info = spng_row_info()
            let infoStatus = spng_get_row_info(ctx, &info)
            // For some interlaced sizes the last row decodes with status 0 and EOI comes here.
            if infoStatus == Int32(SPNG_EOI.rawValue) { break }
            try check(infoStatus)
            let status = spng_decode_row(ctx, rowBuffer, rowBytes)
            if status != 0 && status != Int32(SPNG_EOI.rawValue) { throw classify(status, name: name) }

            let (start, step) = interlaced ? passColumns[min(max(Int(info.pass), 0), 6)] : (0, 1)
            let count = start < width ? (width - start + step - 1) / step : 0
            let destination = bitmap.row(Int(info.row_num)).baseAddress! + start
            if wide {
                StraightConversion.reduceRGBA16(rowBuffer.assumingMemoryBound(to: UInt16.self) + start * 4,
                                                to: narrowRow + start * 4, count: count, step: step)
                StraightConversion.premultiplyRGBA8(narrowRow + start * 4, to: destination, count: count, step: step)
            } else {
                StraightConversion.premultiplyRGBA8(rowBuffer.assumingMemoryBound(to: UInt8.self) + start * 4,
                                                    to: destination, count: count, step: step)
            }
            if status == Int32(SPNG_EOI.rawValue) { break }
        }
        // The last IDAT's CRC and the chunks up to IEND are read only on request: without this, a
        // damaged CRC or a file cut after the pixel data would decode silently.
        try check(spng_decode_chunks(ctx))
        return bitmap
    }

    /// Maps a libspng status to the error a user can act on.
    static func classify(_ status: Int32, name: String) -> ImageCodecError {
        let detail = libspngText(status)
        switch spng_errno(rawValue: status) {
        case SPNG_IO_EOF, SPNG_EOF, SPNG_EIDAT_TOO_SHORT:
            return .truncated(name: name, detail: detail)
        case SPNG_EWIDTH, SPNG_EHEIGHT, SPNG_EUSER_WIDTH, SPNG_EUSER_HEIGHT, SPNG_EOVERFLOW:
            return .corrupt(name: name, detail: "image size out of range: \(detail)")
        case SPNG_ECHUNK_UNKNOWN_CRITICAL:
            return .unsupported(name: name, detail: detail)
        case SPNG_EMEM:
            return .corrupt(name: name, detail: "a chunk exceeds the \(ImageLimits.maxPNGChunkBytes)-byte limit or memory ran out: \(detail)")
        case SPNG_ECHUNK_CRC:
            return .corrupt(name: name, detail: "chunk CRC mismatch: \(detail)")
        case SPNG_ESIGNATURE:
            return .notAnImage(name: name)
        default:
            return .corrupt(name: name, detail: detail)
        }
    }
}
