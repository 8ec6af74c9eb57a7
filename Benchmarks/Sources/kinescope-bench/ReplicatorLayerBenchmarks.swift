import BenchmarkSupport
import CCairo
import Foundation
import Kinescope

/// The specialized layers at 1920×1080: a 100-instance replicator (a ring of rounded dots, its
/// instance transform changed every frame so the instances are rebuilt, each with a colour
/// offset) and an emitter with 10 000 live particles of 16×16 pixels in additive mode, each
/// frame simulated (closed form) and composited. The particle peer is cairo drawing 10 000
/// turned 16×16 sprites, each as a solid colour through the sprite (`cairo_mask_surface`) with
/// `CAIRO_OPERATOR_ADD`, on one thread.
struct ReplicatorLayerBenchmarks {
    let options: BenchOptions

    static let notes = [
        "specialized: frame = render node rebuilt (simulation for the emitter) + composite; one thread in thread CPU time, more in wall time; the emitter's 'simulate' line is the node rebuild alone",
    ]

    func run() -> [BenchRecord] {
        var records: [BenchRecord] = []
        let engine = AnimationEngine(clock: VirtualClock(now: 100))
        engine.makeCurrent()
        defer { AnimationEngine.resignCurrent() }
        let frame = Bitmap(width: 1920, height: 1080)
        let threadCounts = Array(Set([1, 2, options.threads])).sorted()

        let (replicatorRoot, replicator) = Self.replicator()
        for threads in threadCounts {
            let name = "replicator: 100 instances, rebuild + composite"
            guard options.wants(name) else { continue }
            let compositor = Compositor(threadCount: threads)
            let ms = Stopwatch.medianMilliseconds(runs: options.runs, clock: threads == 1 ? .threadCPU : .wall) { i in
                replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / 100 + CGFloat(i & 7) * 1e-4, 0, 0, 1)
                compositor.render(replicatorRoot.makeRenderNode(), into: frame)
            }
            records.append(BenchRecord(name: name, size: "1920x1080", threads: threads, ours: ms))
        }

        let emitterRoot = Self.emitter()
        let compositor1 = Compositor(threadCount: 1)
        // One frame shown before timing, as a host shows the tree before it animates.
        engine.advance(by: 1.0 / 60)
        compositor1.render(emitterRoot.makeRenderNode(), into: frame, background: .black)
        let simulate = "emitter: 10 000 particles, simulate"
        if options.wants(simulate) {
            let ms = Stopwatch.medianMilliseconds(runs: options.runs) { _ in
                engine.advance(by: 1.0 / 60)
                _ = emitterRoot.makeRenderNode()
            }
            records.append(BenchRecord(name: simulate, size: "", threads: 1, ours: ms))
        }
        let sprite = Self.dot(16)
        for threads in threadCounts {
            let name = "emitter: 10 000 particles additive, simulate + composite"
            guard options.wants(name) else { continue }
            let compositor = Compositor(threadCount: threads)
            let ms = Stopwatch.medianMilliseconds(runs: options.runs, clock: threads == 1 ? .threadCPU : .wall) { _ in
                engine.advance(by: 1.0 / 60)
                compositor.render(emitterRoot.makeRenderNode(), into: frame, background: .black)
            }
            var peer: Double?
            if threads == 1 { peer = Self.cairoParticles(sprite: sprite, frame: frame, runs: options.runs) }
            records.append(BenchRecord(name: name, size: "1920x1080", threads: threads, ours: ms,
                                       peer: peer == nil ? nil : "cairo", peerValue: peer))
        }
        return records
    }

    static func replicator() -> (CALayer, CAReplicatorLayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 960 - 480, y: 540 - 480, width: 960, height: 960)
        replicator.instanceCount = 100
        replicator.instanceBlueOffset = -0.008
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / 100, 0, 0, 1)
        let dot = CALayer()
        dot.frame = CGRect(x: 460, y: 20, width: 40, height: 40)
        dot.cornerRadius = 20
        dot.backgroundColor = CGColor(red: 0.4, green: 0.7, blue: 1, alpha: 1)
        replicator.addSublayer(dot)
        root.addSublayer(replicator)
        return (root, replicator)
    }

    static func dot(_ size: Int) -> Bitmap {
        let bitmap = Bitmap(width: size, height: size)
        let c = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let d = ((Double(x) + 0.5 - c) * (Double(x) + 0.5 - c) + (Double(y) + 0.5 - c) * (Double(y) + 0.5 - c)).squareRoot()
                let a = UInt8(max(0, min(1, c - d)) * 255)
                bitmap[x: x, y: y] = PremultipliedColor(red: a, green: a, blue: a, alpha: a)
            }
        }
        return bitmap
    }

    /// A full-frame emitter whose cell lives 2 s at 5000 a second, started 3 s ago.
    static func emitter() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.beginTime = 97
        emitter.emitterPosition = CGPoint(x: 960, y: 540)
        emitter.emitterSize = CGSize(width: 1900, height: 1060)
        emitter.emitterShape = .rectangle
        emitter.renderMode = .additive
        let cell = CAEmitterCell()
        cell.contents = CGImage(bitmap: dot(16))
        cell.birthRate = 5000
        cell.lifetime = 2
        cell.velocity = 30
        cell.emissionRange = 2 * .pi
        cell.spin = 1
        cell.spinRange = 2
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.2, alpha: 0.6)
        cell.alphaSpeed = -0.2
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        return root
    }

    /// cairo drawing 10 000 tinted, turned sprites additively (positions from a fixed LCG).
    static func cairoParticles(sprite: Bitmap, frame: Bitmap, runs: Int) -> Double {
        let surface = Cairo.surface(frame), spriteSurface = Cairo.surface(sprite)
        var state: UInt64 = 1
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / 9_007_199_254_740_992
        }
        defer {
            cairo_surface_destroy(surface)
            cairo_surface_destroy(spriteSurface)
        }
        let particles = (0..<10_000).map { _ in (x: 10 + next() * 1900, y: 10 + next() * 1060, angle: next() * 6.28) }
        return Stopwatch.medianMilliseconds(runs: runs) { _ in
            let cr = cairo_create(surface)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
            for p in particles {
                cairo_save(cr)
                cairo_translate(cr, p.x, p.y)
                cairo_rotate(cr, p.angle)
                cairo_set_source_rgba(cr, 1, 0.5, 0.2, 0.5)
                cairo_mask_surface(cr, spriteSurface, -8, -8)
                cairo_restore(cr)
            }
            cairo_destroy(cr)
            cairo_surface_flush(surface)
        }
    }
}
