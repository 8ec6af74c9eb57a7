import CCairo
import CPixman
import Dispatch
import Raster

/// pixman, driven the way a compositor would: one `pixman_image_composite32` per layer.
public enum Pixman {
    /// A pixman image that borrows `bitmap`'s pixels (`a8r8g8b8`, the same layout).
    public static func image(_ bitmap: Bitmap) -> OpaquePointer {
        pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(bitmap.width), Int32(bitmap.height),
                                 bitmap.baseAddress, Int32(bitmap.rowStride * 4))!
    }

    /// `inverse` rounded to pixman's 16.16 fixed point, as pixman will apply it.
    public static func fixedTransform(_ inverse: ProjectiveTransform) -> pixman_transform {
        var f = pixman_f_transform()
        f.m = ((inverse.m00, inverse.m01, inverse.m02),
               (inverse.m10, inverse.m11, inverse.m12),
               (inverse.m20, inverse.m21, inverse.m22))
        var t = pixman_transform()
        _ = pixman_transform_from_pixman_f_transform(&t, &f)
        return t
    }

    /// The double matrix a fixed-point pixman transform stands for.
    public static func matrix(of t: pixman_transform) -> ProjectiveTransform {
        let m = t.matrix
        func d(_ v: pixman_fixed_t) -> Double { Double(v) / 65536 }
        return ProjectiveTransform(d(m.0.0), d(m.0.1), d(m.0.2), d(m.1.0), d(m.1.1), d(m.1.2),
                                   d(m.2.0), d(m.2.1), d(m.2.2))
    }

    /// Composites `source` OVER `destination` in `rect` through `transform` (destination →
    /// source, pixman's convention as ours) with bilinear filtering and no repeat; `opacity`
    /// below 1 adds a solid mask.
    public static func compositeOver(source: OpaquePointer, transform: pixman_transform?, opacity: Double = 1,
                                     destination: OpaquePointer, rect: PixelRect) {
        if var t = transform {
            pixman_image_set_transform(source, &t)
            pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
        }
        pixman_image_set_repeat(source, PIXMAN_REPEAT_NONE)
        var mask: OpaquePointer? = nil
        if opacity < 1 {
            var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(opacity * 65535))
            mask = pixman_image_create_solid_fill(&color)
        }
        pixman_image_composite32(PIXMAN_OP_OVER, source, mask, destination,
                                 Int32(rect.x), Int32(rect.y), 0, 0, Int32(rect.x), Int32(rect.y),
                                 Int32(rect.width), Int32(rect.height))
        if let mask { pixman_image_unref(mask) }
    }

    public static func release(_ image: OpaquePointer) { pixman_image_unref(image) }

    /// Fills `rect` of `destination` with the premultiplied `0xAARRGGBB` colour, replacing
    /// (`PIXMAN_OP_SRC`, which pixman runs as its `pixman_fill` fast path).
    public static func fill(_ destination: OpaquePointer, color: UInt32, rect: PixelRect) {
        func channel(_ shift: UInt32) -> UInt16 { UInt16(color >> shift & 0xFF) * 257 }
        var c = pixman_color_t(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
        var box = pixman_box32_t(x1: Int32(rect.minX), y1: Int32(rect.minY), x2: Int32(rect.maxX), y2: Int32(rect.maxY))
        _ = pixman_image_fill_boxes(PIXMAN_OP_SRC, destination, &c, 1, &box)
    }

    /// A solid `a8r8g8b8` image of alpha `opacity` (0…1), to use as a constant mask; release it.
    public static func solidMask(opacity: Double) -> OpaquePointer {
        var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((opacity * 65535).rounded()))
        return pixman_image_create_solid_fill(&color)
    }

    /// One `pixman_image_composite32` with `op` over `rect` (source, mask and destination
    /// aligned at the same coordinates), untransformed unless the source carries a transform.
    public static func composite(_ op: pixman_op_t, source: OpaquePointer, mask: OpaquePointer? = nil,
                                 destination: OpaquePointer, rect: PixelRect) {
        pixman_image_composite32(op, source, mask, destination,
                                 Int32(rect.x), Int32(rect.y), Int32(rect.x), Int32(rect.y), Int32(rect.x), Int32(rect.y),
                                 Int32(rect.width), Int32(rect.height))
    }
}

/// Runs work in horizontal bands on several threads, the way the compositor splits a frame.
/// pixman and cairo are single-threaded libraries: for an "all threads" figure they run through
/// this too, one band per thread with images of their own, so both sides get the same cores.
public enum Bands {
    /// `rect` cut into `count` horizontal bands of nearly equal height (none empty).
    public static func split(_ rect: PixelRect, count: Int) -> [PixelRect] {
        let n = max(1, min(count, rect.height))
        let rows = (rect.height + n - 1) / n
        return (0..<n).compactMap { i in
            let y = rect.minY + i * rows
            let h = min(rows, rect.maxY - y)
            return h > 0 ? PixelRect(x: rect.minX, y: y, width: rect.width, height: h) : nil
        }
    }

    /// Calls `body(i)` for every `i` in `0..<count`: on the calling thread when `count` is 1 (so
    /// its CPU clock sees the work), otherwise on `count` threads at once. `body` must be safe to
    /// call concurrently (each `i` touching its own band): the benchmark's C images and views are
    /// not `Sendable`, so this is not checked.
    public static func run(_ count: Int, _ body: (Int) -> Void) {
        if count <= 1 {
            body(0)
        } else {
            withoutActuallyEscaping(body) { body in
                let unchecked = UncheckedBody(body: body)
                DispatchQueue.concurrentPerform(iterations: count) { unchecked.body($0) }
            }
        }
    }

    private struct UncheckedBody: @unchecked Sendable {
        let body: (Int) -> Void
    }
}

/// cairo's image backend, for the affine case (cairo has no projective transforms).
public enum Cairo {
    /// Paints `source` over `destination` through the affine `inverse` (user → pattern space,
    /// cairo's pattern-matrix convention, which is ours), bilinear, `EXTEND_NONE`.
    public static func paintOver(source: Bitmap, inverse: ProjectiveTransform, destination: Bitmap) {
        let s = surface(source), d = surface(destination)
        let cr = cairo_create(d)
        let pattern = cairo_pattern_create_for_surface(s)
        var m = cairo_matrix_t()
        cairo_matrix_init(&m, inverse.m00, inverse.m10, inverse.m01, inverse.m11, inverse.m02, inverse.m12)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_pattern_destroy(pattern)
        cairo_destroy(cr)
        cairo_surface_flush(d)
        cairo_surface_destroy(s)
        cairo_surface_destroy(d)
    }

    /// Fills `clip` of `destination` (a surface from `surface(_:)`) with `color`, replacing
    /// (`CAIRO_OPERATOR_SOURCE`).
    public static func fill(_ destination: OpaquePointer, color: PremultipliedColor, clip: PixelRect) {
        let cr = cairo_create(destination)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        let a = Double(color.alpha) / 255
        func straight(_ v: UInt8) -> Double { a > 0 ? Double(v) / 255 / a : 0 }
        cairo_set_source_rgba(cr, straight(color.red), straight(color.green), straight(color.blue), a)
        cairo_rectangle(cr, Double(clip.minX), Double(clip.minY), Double(clip.width), Double(clip.height))
        cairo_fill(cr)
        cairo_destroy(cr)
    }

    /// Paints `source` onto `destination` inside `clip` with `operatorSource` (replace) or
    /// OVER, scaled by `alpha` (`cairo_paint_with_alpha`), through the affine `inverse` when
    /// given (bilinear, `EXTEND_NONE`).
    public static func paint(_ source: OpaquePointer, onto destination: OpaquePointer, inverse: ProjectiveTransform? = nil,
                             alpha: Double = 1, operatorSource: Bool = false, clip: PixelRect) {
        let cr = cairo_create(destination)
        let pattern = cairo_pattern_create_for_surface(source)
        if let inverse {
            var m = cairo_matrix_t()
            cairo_matrix_init(&m, inverse.m00, inverse.m10, inverse.m01, inverse.m11, inverse.m02, inverse.m12)
            cairo_pattern_set_matrix(pattern, &m)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        }
        cairo_set_source(cr, pattern)
        if operatorSource { cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE) }
        cairo_rectangle(cr, Double(clip.minX), Double(clip.minY), Double(clip.width), Double(clip.height))
        cairo_clip(cr)
        if alpha < 1 { cairo_paint_with_alpha(cr, alpha) } else { cairo_paint(cr) }
        cairo_pattern_destroy(pattern)
        cairo_destroy(cr)
    }

    /// Flushes and releases a surface made by `surface(_:)`.
    public static func release(_ surface: OpaquePointer) {
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
    }

    /// A cairo image surface borrowing `bitmap`'s pixels (`ARGB32`, the same layout).
    public static func surface(_ bitmap: Bitmap) -> OpaquePointer {
        let bytes = UnsafeMutableRawPointer(bitmap.baseAddress).assumingMemoryBound(to: UInt8.self)
        return cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_ARGB32, Int32(bitmap.width),
                                                   Int32(bitmap.height), Int32(bitmap.rowStride * 4))!
    }
}
