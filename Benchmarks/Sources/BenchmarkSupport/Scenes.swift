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

/// Timing for the benchmark executable (never used by tests). One-thread cases read the calling
/// thread's CPU clock: on a machine shared with compilers the wall clock measures the scheduler,
/// while the thread's CPU time still measures the kernel (caches are shared either way).
/// Several-thread cases must read the wall clock (`.wall`), which includes waiting for cores.
public enum Stopwatch {
    /// Which clock a measurement reads.
    public enum Clock: Sendable {
        /// `CLOCK_THREAD_CPUTIME_ID`: CPU time of the calling thread only.
        case threadCPU
        /// `CLOCK_PROCESS_CPUTIME_ID`: CPU time of every thread of this process, added up.
        case processCPU
        /// `CLOCK_MONOTONIC`: elapsed time.
        case wall
    }

    /// Seconds on `clock` (an arbitrary origin; only differences mean anything).
    public static func now(_ clock: Clock = .threadCPU) -> Double {
        var t = timespec()
        let id = switch clock {
        case .threadCPU: CLOCK_THREAD_CPUTIME_ID
        case .processCPU: CLOCK_PROCESS_CPUTIME_ID
        case .wall: CLOCK_MONOTONIC
        }
        clock_gettime(id, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// Median milliseconds of `runs` calls of `body` after `warmUp` untimed calls; `body` gets
    /// the run's index (warm-up calls get negative ones).
    public static func medianMilliseconds(runs: Int, warmUp: Int = 2, clock: Clock = .threadCPU,
                                          _ body: (Int) -> Void) -> Double {
        for i in 0..<warmUp { body(i - warmUp) }
        var times: [Double] = []
        times.reserveCapacity(runs)
        for i in 0..<runs {
            let start = now(clock)
            body(i)
            times.append((now(clock) - start) * 1000)
        }
        return percentile(times, 50)
    }

    /// `medianMilliseconds` for a body that does not need the run index.
    public static func medianMilliseconds(runs: Int, warmUp: Int = 2, clock: Clock = .threadCPU,
                                          _ body: () -> Void) -> Double {
        medianMilliseconds(runs: runs, warmUp: warmUp, clock: clock) { (_: Int) in body() }
    }
}

/// The `p`-th percentile (0…100) of `values` by linear interpolation between the closest ranks
/// (p = 50 of an even count is the mean of the middle two); NaN for no values.
public func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let position = min(max(p, 0), 100) / 100 * Double(sorted.count - 1)
    let low = Int(position.rounded(.down)), high = Int(position.rounded(.up))
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
}
