import BenchmarkSupport
import Foundation
import Kinescope

/// The cost of the render tree of a 3D rendering context: rebuilding the parent's node (what
/// every frame of a turning cube does), depth sort included, and compositing it at 1080p. The
/// same rebuild with the faces laid flat (no sort needed) is the baseline.
struct LayerTreeBenchmarks {
    let options: BenchOptions

    static let notes = [
        "layers: the rebuild figures are the parent's render node made again after its sublayerTransform changed (one thread, CPU time, µs); 'flat' is the same tree with no 3D turn, so no depth sort",
    ]

    func run() -> [BenchRecord] {
        var records: [BenchRecord] = []
        let cube = Self.cube(turned: true), flat = Self.cube(turned: false)
        let cards = Self.cards(100)
        for (name, root) in [("3D context: cube of 6 faces, rebuild with depth sort", cube),
                             ("3D context: the same 6 faces flat, rebuild", flat),
                             ("3D context: 100 parallel turned cards, rebuild with depth sort", cards)]
        where options.wants(name) {
            let container = root.sublayers![0]
            let micros = 1000 * Stopwatch.medianMilliseconds(runs: options.runs) { i in
                var t = CATransform3DMakeRotation(0.3 + CGFloat(i & 15) * 0.01, 0, 1, 0)
                t.m34 = -1 / 500
                container.sublayerTransform = root === flat ? CATransform3DIdentity : t
                if root === flat { container.sublayerTransform.m41 = CGFloat(i & 15) }
                _ = root.makeRenderNode()
            }
            records.append(BenchRecord(name: name, size: "", threads: 1, ours: micros, unit: "µs"))
        }
        let name = "3D context: cube of 6 faces, composite"
        if options.wants(name) {
            let frame = Bitmap(width: 1920, height: 1080)
            let compositor = Compositor(threadCount: 1)
            let node = cube.makeRenderNode()
            let ms = Stopwatch.medianMilliseconds(runs: options.runs) { _ in compositor.render(node, into: frame) }
            records.append(BenchRecord(name: name, size: "1920x1080", threads: 1, ours: ms))
        }
        return records
    }

    /// A 1920×1080 root with a container of six 600-point faces turned into a cube (or laid
    /// side by side, flat).
    static func cube(turned: Bool) -> CALayer {
        let (root, container) = frame()
        let h: CGFloat = 300
        let turns: [CATransform3D] = [
            CATransform3DMakeTranslation(0, 0, h),
            CATransform3DRotate(CATransform3DMakeTranslation(h, 0, 0), .pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, -h, 0), .pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(-h, 0, 0), -.pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, h, 0), -.pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -h), .pi, 0, 1, 0),
        ]
        for (index, turn) in turns.enumerated() {
            let face = CALayer()
            face.bounds = CGRect(x: 0, y: 0, width: 2 * h, height: 2 * h)
            face.position = CGPoint(x: 960 + (turned ? 0 : CGFloat(index - 3) * 50), y: 540)
            face.backgroundColor = CGColor(red: CGFloat(index) / 6, green: 0.5, blue: 1 - CGFloat(index) / 6, alpha: 1)
            face.borderWidth = 4
            face.borderColor = CGColor(gray: 1, alpha: 1)
            if turned { face.transform = turn }
            container.addSublayer(face)
        }
        return root
    }

    /// `count` cards one behind the other, each turned about y: the sort's worst case for its
    /// root choice (every card is on one side of every other's plane, n²/2 classifications).
    static func cards(_ count: Int) -> CALayer {
        let (root, container) = frame()
        for index in 0..<count {
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
            card.position = CGPoint(x: 960, y: 540)
            card.zPosition = CGFloat(index) * 4
            card.transform = CATransform3DMakeRotation(0.4, 0, 1, 0)
            card.backgroundColor = CGColor(gray: CGFloat(index) / CGFloat(count), alpha: 1)
            container.addSublayer(card)
        }
        return root
    }

    private static func frame() -> (CALayer, CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        let container = CALayer()
        container.frame = root.bounds
        var perspective = CATransform3DMakeRotation(0.3, 0, 1, 0)
        perspective.m34 = -1 / 500
        container.sublayerTransform = perspective
        root.addSublayer(container)
        return (root, container)
    }
}
