import BenchmarkSupport
import Foundation
import Kinescope

/// Frames of the specialized layers at 1920×1080: a shape re-stroked every frame as its
/// `strokeEnd` moves, marching ants, and a full-frame gradient static and animated. Each frame
/// is the render node made again and the tree composited (no background fill, so only the
/// layer's drawing is timed).
struct SpecializedLayerBenchmarks {
    let options: BenchOptions

    static let notes = [
        "specialized: one frame = makeRenderNode + Compositor.render at 1920x1080 without background fill; 1 thread: thread CPU time, 2 threads: elapsed time; the layer's property set each frame with actions disabled (what an animation does to it); 'static, after the first frame' is the render node and the damage of an unchanged frame (nothing to redraw), 'static, recomposited' redraws the whole frame from the cached raster",
    ]

    func run() -> [BenchRecord] {
        var records: [BenchRecord] = []
        let frame = Bitmap(width: 1920, height: 1080)
        func measure(_ name: String, _ threads: Int, _ change: (Int) -> Void, root: CALayer) {
            guard options.wants(name) else { return }
            let compositor = Compositor(threadCount: threads)
            let ms = Stopwatch.medianMilliseconds(runs: options.runs, warmUp: 3, clock: threads == 1 ? .threadCPU : .wall) { i in
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                change(i)
                CATransaction.commit()
                compositor.render(root.makeRenderNode(), into: frame, background: nil)
            }
            records.append(BenchRecord(name: name, size: "1920x1080", threads: threads, ours: ms))
        }
        for threads in [1, 2] {
            let (lineRoot, line) = Self.strokedLine()
            measure("shape: strokeEnd of a 2000-segment path, re-stroked each frame", threads, { i in
                line.strokeEnd = 0.2 + CGFloat(i % 40) / 50
            }, root: lineRoot)
            let (antsRoot, ants) = Self.marchingAnts()
            measure("shape: marching ants (lineDashPhase) on a 1880x1040 rectangle", threads, { i in
                ants.lineDashPhase = CGFloat(i % 16)
            }, root: antsRoot)
            let (animatedRoot, animated) = Self.fullFrameGradient()
            measure("gradient: full frame, locations animated", threads, { i in
                let shift = Double(i % 20) / 40
                animated.locations = [NSNumber(value: shift), NSNumber(value: shift + 0.25), NSNumber(value: shift + 0.5)]
            }, root: animatedRoot)
            let (staticRoot, _) = Self.fullFrameGradient()
            measure("gradient: full frame, static, recomposited from its raster", threads, { _ in }, root: staticRoot)
        }
        let name = "gradient: full frame, static, after the first frame (render node + damage)"
        if options.wants(name) {
            let (root, _) = Self.fullFrameGradient()
            var shown = root.makeRenderNode()
            Compositor(threadCount: 1).render(shown, into: frame)
            let micros = 1000 * Stopwatch.medianMilliseconds(runs: options.runs) {
                let next = root.makeRenderNode()
                let damage = RenderNode.damage(from: shown, to: next, in: frame.bounds)
                if !damage.isEmpty { Compositor(threadCount: 1).render(next, into: frame, damage: damage) }
                shown = next
            }
            records.append(BenchRecord(name: name, size: "1920x1080", threads: 1, ours: micros, unit: "µs"))
        }
        return records
    }

    private static func root() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        root.position = CGPoint(x: 960, y: 540)
        return root
    }

    /// A 2 000-segment wave across the frame, stroked 3 points wide with round joins.
    static func strokedLine() -> (CALayer, CAShapeLayer) {
        let root = root()
        let line = CAShapeLayer()
        line.frame = root.bounds
        let path = CGMutablePath()
        for i in 0...2000 {
            let x = 20 + CGFloat(i) * 1880 / 2000
            let y = 540 + 400 * sin(CGFloat(i) * 0.05) * cos(CGFloat(i) * 0.0031)
            if i == 0 { path.move(to: CGPoint(x: x, y: y)) } else { path.addLine(to: CGPoint(x: x, y: y)) }
        }
        line.path = path
        line.fillColor = nil
        line.strokeColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        line.lineWidth = 3
        line.lineJoin = .round
        root.addSublayer(line)
        return (root, line)
    }

    /// A dashed 2-point outline of a rectangle 20 points inside the frame.
    static func marchingAnts() -> (CALayer, CAShapeLayer) {
        let root = root()
        let ants = CAShapeLayer()
        ants.frame = root.bounds
        ants.path = CGPath(rect: CGRect(x: 20, y: 20, width: 1880, height: 1040), transform: nil)
        ants.fillColor = nil
        ants.strokeColor = CGColor(gray: 1, alpha: 1)
        ants.lineWidth = 2
        ants.lineDashPattern = [10, 6]
        root.addSublayer(ants)
        return (root, ants)
    }

    /// A three-stop diagonal gradient filling the frame.
    static func fullFrameGradient() -> (CALayer, CAGradientLayer) {
        let root = root()
        let gradient = CAGradientLayer()
        gradient.frame = root.bounds
        gradient.colors = [CGColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1), CGColor(gray: 0.95, alpha: 1),
                           CGColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)]
        gradient.locations = [0, 0.25, 0.5]
        gradient.startPoint = .zero
        gradient.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(gradient)
        return (root, gradient)
    }
}
