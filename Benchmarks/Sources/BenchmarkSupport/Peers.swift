import CCairo
import CPixman
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

    private static func surface(_ bitmap: Bitmap) -> OpaquePointer {
        let bytes = UnsafeMutableRawPointer(bitmap.baseAddress).assumingMemoryBound(to: UInt8.self)
        return cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_ARGB32, Int32(bitmap.width),
                                                   Int32(bitmap.height), Int32(bitmap.rowStride * 4))!
    }
}
