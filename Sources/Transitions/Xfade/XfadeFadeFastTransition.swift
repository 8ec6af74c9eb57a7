import Foundation
import Raster

/// ffmpeg xfade's `fadefast`: a cross-fade whose weight is `P^(1 + ln(1 + |a − b|/255))` per channel: channels that differ much change sooner.
struct XfadeFadeFastTransition: XfadeTransition {
    static let name = "fadefast"
    static let summary = "Cross-fades channels that differ more sooner"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        // The weight depends on p and the channels' difference alone: 256 weights a frame, each
        // xfade's own float expression, instead of a powf and a logf per channel.
        let imax: Float = 1 / 255
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 256) { weight in
            for d in 0..<256 { weight[d] = powf(p, 1 + logf(1 + Float(d) * imax)) }
            Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in
                Xfade.channels(a[x], b[x]) { ca, cb in Xfade.mix(ca, cb, weight[Int(abs(ca - cb))]) }
            }
        }
    }
}
