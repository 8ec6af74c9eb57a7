import Raster
#if canImport(Glibc)
import Glibc
#endif

/// The transforms the benchmark and the comparison tests use, as a layer would place its image.
public enum Scenes {
    /// A `width`×`height` image centred in a `frameWidth`×`frameHeight` frame, turned by
    /// `degrees` about its vertical centre line, seen with perspective `m34 = −1/eyeDistance`
    /// (Core Animation's convention; 2000 px is a gentle perspective). Source → destination.
    public static func rotatedAboutY(width: Int, height: Int, frameWidth: Int, frameHeight: Int,
                                     degrees: Double, eyeDistance: Double) -> ProjectiveTransform {
        let t = degrees * .pi / 180
        // Centred plane point (X, Y, 0) turned about y: (X cos t, Y, −X sin t); with
        // m34 = −1/d the divisor is 1 + X·sin t/d, so the right half recedes.
        return ProjectiveTransform.translation(x: -Double(width) / 2, y: -Double(height) / 2)
            .concatenating(ProjectiveTransform(cos(t), 0, 0, 0, 1, 0, sin(t) / eyeDistance, 0, 1))
            .concatenating(.translation(x: Double(frameWidth) / 2, y: Double(frameHeight) / 2))
    }

    /// Scaled by `scale` and turned by `degrees` about the image centre, centred in the frame.
    public static func scaledAndRotated(width: Int, height: Int, frameWidth: Int, frameHeight: Int,
                                        scale: Double, degrees: Double) -> ProjectiveTransform {
        ProjectiveTransform.translation(x: -Double(width) / 2, y: -Double(height) / 2)
            .concatenating(.scale(x: scale, y: scale))
            .concatenating(.rotation(radians: degrees * .pi / 180))
            .concatenating(.translation(x: Double(frameWidth) / 2, y: Double(frameHeight) / 2))
    }

    /// The destination pixels a forward map sends the image's rectangle to (corners must lie in
    /// front of the viewer), grown by one pixel and clipped to the frame.
    public static func bounds(of forward: ProjectiveTransform, width: Int, height: Int, frame: PixelRect) -> PixelRect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for (x, y) in [(0.0, 0.0), (Double(width), 0), (Double(width), Double(height)), (0, Double(height))] {
            guard let p = forward.apply(x: x, y: y) else { return frame }
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        let box = PixelRect(x: Int(x0.rounded(.down)) - 1, y: Int(y0.rounded(.down)) - 1,
                            width: Int(x1.rounded(.up)) - Int(x0.rounded(.down)) + 2,
                            height: Int(y1.rounded(.up)) - Int(y0.rounded(.down)) + 2)
        return box.intersection(frame)
    }
}

/// Timing for the benchmark executable (never used by tests). It reads the calling thread's CPU
/// clock, not the wall clock: on a machine shared with compilers the wall clock measures the
/// scheduler, while the thread's CPU time still measures the kernel (caches are shared either way).
public enum Stopwatch {
    public static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// Median milliseconds of `runs` calls of `body` after `warmUp` untimed calls.
    public static func medianMilliseconds(runs: Int, warmUp: Int = 2, _ body: () -> Void) -> Double {
        for _ in 0..<warmUp { body() }
        var times: [Double] = []
        for _ in 0..<runs {
            let start = now()
            body()
            times.append((now() - start) * 1000)
        }
        times.sort()
        return times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
    }
}
