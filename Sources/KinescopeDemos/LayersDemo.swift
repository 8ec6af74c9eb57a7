import Kinescope

/// The specialized layers animated together, one per quarter of the window: a replicator
/// spinner (12 bars fading in turn through `instanceDelay`) over its reflection, a cube of six
/// layers in a `CATransformLayer` turning in 3D, fire from a `CAEmitterLayer` in additive mode,
/// and a `CATiledLayer` checkerboard in a `CAScrollLayer` that each click scrolls (new tiles fade
/// in). Over them: a `CAGradientLayer` backdrop, a `CAShapeLayer` wave that draws itself
/// (`strokeEnd`), marching ants around the cube (`lineDashPhase`) and a `CATextLayer` caption under
/// a shimmering gradient bar (`locations`). Recordable headless: every animation runs on the
/// injected clock.
final class LayersViewController: UIViewController {
    private let spinner = CAReplicatorLayer()
    private let reflection = CAReplicatorLayer()
    private let bar = CALayer()
    private let stage = CALayer()
    private let cube = CATransformLayer()
    private let fire = CAEmitterLayer()
    private let scroller = CAScrollLayer()
    private let tiled = CATiledLayer()
    private let checkerboard = Checkerboard()
    private var scrolled = 0

    private let backdrop = CAGradientLayer()
    private let shimmer = CAGradientLayer()
    private let wave = CAShapeLayer()
    private let ants = CAShapeLayer()
    private let caption = CATextLayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.1, alpha: 1)
        buildBackdrop()
        buildSpinner()
        buildCube()
        buildFire()
        buildTiles()
        buildShapesAndText()
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: LayersViewController.scrollTiles))
    }

    private func buildBackdrop() {
        backdrop.colors = [UIColor(red: 0.08, green: 0.09, blue: 0.16, alpha: 1).cgColor,
                           UIColor(red: 0.16, green: 0.10, blue: 0.22, alpha: 1).cgColor]
        backdrop.startPoint = CGPoint(x: 0, y: 0)
        backdrop.endPoint = CGPoint(x: 1, y: 1)
        view.layer.addSublayer(backdrop)
    }

    private func buildShapesAndText() {
        wave.fillColor = nil
        wave.strokeColor = UIColor(red: 1, green: 0.8, blue: 0.3, alpha: 1).cgColor
        wave.lineWidth = 3
        wave.lineCap = .round
        wave.lineJoin = .round
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0.0
        draw.toValue = 1.0
        draw.duration = 2
        draw.autoreverses = true
        draw.repeatCount = .infinity
        wave.add(draw, forKey: "draw")
        view.layer.addSublayer(wave)

        ants.fillColor = nil
        ants.strokeColor = UIColor(white: 1, alpha: 0.8).cgColor
        ants.lineWidth = 1.5
        ants.lineDashPattern = [8, 6]
        let march = CABasicAnimation(keyPath: "lineDashPhase")
        march.fromValue = 0.0
        march.toValue = 14.0
        march.duration = 0.5
        march.repeatCount = .infinity
        ants.add(march, forKey: "march")
        view.layer.addSublayer(ants)

        shimmer.colors = [UIColor(white: 1, alpha: 0.15).cgColor, UIColor(white: 1, alpha: 0.9).cgColor,
                          UIColor(white: 1, alpha: 0.15).cgColor]
        shimmer.locations = [0, 0.1, 0.2]
        shimmer.startPoint = CGPoint(x: 0, y: 0.5)
        shimmer.endPoint = CGPoint(x: 1, y: 0.5)
        shimmer.cornerRadius = 2
        let sweep = CABasicAnimation(keyPath: "locations")
        sweep.fromValue = [-0.2, -0.1, 0.0]
        sweep.toValue = [1.0, 1.1, 1.2]
        sweep.duration = 1.6
        sweep.repeatCount = .infinity
        shimmer.add(sweep, forKey: "sweep")
        view.layer.addSublayer(shimmer)

        caption.string = "replicator · transform · emitter · tiled · shape · gradient · text layers"
        caption.font = UIFont.systemFont(ofSize: 14)
        caption.fontSize = 14
        caption.alignmentMode = .center
        caption.foregroundColor = UIColor(white: 0.9, alpha: 1).cgColor
        caption.contentsScale = 1
        view.layer.addSublayer(caption)
    }

    private func buildSpinner() {
        reflection.instanceCount = 2
        reflection.instanceAlphaOffset = -0.7
        spinner.instanceCount = 12
        spinner.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        spinner.instanceDelay = 1.0 / 12
        bar.backgroundColor = UIColor(red: 0.35, green: 0.65, blue: 1, alpha: 1).cgColor
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.15
        fade.duration = 1
        fade.repeatCount = .infinity
        bar.add(fade, forKey: "fade")
        spinner.addSublayer(bar)
        reflection.addSublayer(spinner)
        view.layer.addSublayer(reflection)
    }

    private func buildCube() {
        let colours: [UIColor] = [
            UIColor(red: 0.9, green: 0.25, blue: 0.25, alpha: 1), UIColor(red: 0.25, green: 0.8, blue: 0.35, alpha: 1),
            UIColor(red: 0.25, green: 0.4, blue: 0.95, alpha: 1), UIColor(red: 0.95, green: 0.85, blue: 0.25, alpha: 1),
            UIColor(red: 0.8, green: 0.35, blue: 0.85, alpha: 1), UIColor(red: 0.25, green: 0.85, blue: 0.85, alpha: 1),
        ]
        for colour in colours {
            let face = CALayer()
            face.backgroundColor = colour.cgColor
            face.borderColor = UIColor(white: 1, alpha: 0.9).cgColor
            face.borderWidth = 3
            cube.addSublayer(face)
        }
        let turn = CABasicAnimation(keyPath: "transform.rotation.y")
        turn.fromValue = 0.0
        turn.toValue = 2 * Double.pi
        turn.duration = 6
        turn.repeatCount = .infinity
        cube.add(turn, forKey: "turn")
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        stage.sublayerTransform = CATransform3DRotate(perspective, -0.45, 1, 0, 0)
        stage.addSublayer(cube)
        view.layer.addSublayer(stage)
    }

    private func buildFire() {
        let cell = CAEmitterCell()
        cell.contents = Self.softDot(size: 24)
        cell.birthRate = 220
        cell.lifetime = 1.1
        cell.lifetimeRange = 0.5
        cell.velocity = 60
        cell.velocityRange = 25
        cell.emissionLongitude = -.pi / 2
        cell.emissionRange = .pi / 5
        cell.yAcceleration = -60
        cell.scale = 0.9
        cell.scaleSpeed = -0.5
        cell.spin = 1
        cell.spinRange = 2
        cell.color = UIColor(red: 1, green: 0.45, blue: 0.12, alpha: 0.55).cgColor
        cell.greenRange = 0.2
        cell.alphaSpeed = -0.35
        fire.emitterCells = [cell]
        fire.emitterShape = .line
        fire.renderMode = .additive
        fire.seed = 18
        fire.masksToBounds = true
        view.layer.addSublayer(fire)
    }

    private func buildTiles() {
        scroller.masksToBounds = true
        scroller.borderColor = UIColor(white: 1, alpha: 0.5).cgColor
        scroller.borderWidth = 1
        tiled.tileSize = CGSize(width: 64, height: 64)
        tiled.delegate = checkerboard
        tiled.frame = CGRect(x: 0, y: 0, width: 2048, height: 2048)
        scroller.addSublayer(tiled)
        view.layer.addSublayer(scroller)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let w = view.bounds.width / 2, h = view.bounds.height / 2
        let side = min(w, h) * 0.6
        let spin = side * 0.75
        reflection.frame = CGRect(x: (w - spin) / 2, y: (h - spin * 1.3) / 2, width: spin, height: spin)
        // About the centre: the copy flipped, half as tall, its top just under the spinner.
        var mirror = CATransform3DMakeTranslation(0, spin * 0.8, 0)
        mirror = CATransform3DScale(mirror, 1, -0.5, 1)
        reflection.instanceTransform = mirror
        spinner.frame = reflection.bounds
        bar.bounds = CGRect(x: 0, y: 0, width: spin * 0.07, height: spin * 0.25)
        bar.cornerRadius = spin * 0.035
        bar.position = CGPoint(x: spin / 2, y: spin * 0.15)

        stage.frame = CGRect(x: w, y: 0, width: w, height: h)
        cube.frame = stage.bounds
        let half = side / 2
        let turns: [CATransform3D] = [
            CATransform3DMakeTranslation(0, 0, half),
            CATransform3DRotate(CATransform3DMakeTranslation(half, 0, 0), .pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, -half, 0), .pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(-half, 0, 0), -.pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, half, 0), -.pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -half), .pi, 0, 1, 0),
        ]
        for (face, turn) in zip(cube.sublayers ?? [], turns) {
            face.bounds = CGRect(x: 0, y: 0, width: side, height: side)
            face.position = CGPoint(x: w / 2, y: h / 2)
            face.transform = turn
        }

        fire.frame = CGRect(x: 0, y: h, width: w, height: h)
        fire.emitterPosition = CGPoint(x: w / 2, y: h * 0.85)
        fire.emitterSize = CGSize(width: w * 0.35, height: 0)

        scroller.frame = CGRect(x: w + w * 0.1, y: h + h * 0.1, width: w * 0.8, height: h * 0.8)

        backdrop.frame = view.bounds
        ants.frame = stage.frame
        ants.path = CGPath(roundedRect: stage.bounds.insetBy(dx: 12, dy: 12), cornerWidth: 14, cornerHeight: 14,
                           transform: nil)
        wave.frame = CGRect(x: w * 0.1, y: h * 1.05, width: w * 0.8, height: h * 0.3)
        let path = CGMutablePath()
        let waveSize = wave.bounds.size
        path.move(to: CGPoint(x: 0, y: waveSize.height / 2))
        for i in 1...64 {
            let x = waveSize.width * CGFloat(i) / 64
            path.addLine(to: CGPoint(x: x, y: waveSize.height / 2 * (1 - 0.8 * sin(CGFloat(i) / 64 * 4 * .pi))))
        }
        wave.path = path
        caption.frame = CGRect(x: 0, y: view.bounds.height - 26, width: view.bounds.width, height: 22)
        shimmer.frame = CGRect(x: view.bounds.width * 0.2, y: view.bounds.height - 30, width: view.bounds.width * 0.6,
                               height: 3)
        CATransaction.commit()
    }

    /// Moves the tiled checkerboard by a third of the view along a diagonal, without animation:
    /// the newly visible tiles are drawn and fade in.
    func scrollTiles() {
        scrolled += 1
        let step = scroller.bounds.width / 3
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scroller.scroll(to: CGPoint(x: CGFloat(scrolled % 8) * step, y: CGFloat(scrolled % 8) * step * 0.5))
        CATransaction.commit()
    }

    /// A round white dot with a soft edge, `size` pixels across.
    static func softDot(size: Int) -> CGImage? {
        guard let ctx = CGContext(width: size, height: size) else { return nil }
        let c = CGFloat(size) / 2
        for step in 0..<8 {
            let r = c * CGFloat(8 - step) / 8
            ctx.setFillColor(CGColor(gray: 1, alpha: 0.2 + 0.1 * CGFloat(step)))
            ctx.fillEllipse(in: CGRect(x: c - r, y: c - r, width: 2 * r, height: 2 * r))
        }
        return ctx.makeImage()
    }

    /// Draws a checkerboard of 32-point squares with a coloured ramp, tile by tile.
    final class Checkerboard: CALayerDelegate {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            let clip = ctx.boundingBoxOfClipPath
            let size: CGFloat = 32
            var y = (clip.minY / size).rounded(.down) * size
            while y < clip.maxY {
                var x = (clip.minX / size).rounded(.down) * size
                while x < clip.maxX {
                    let dark = (Int(x / size) + Int(y / size)) % 2 == 0
                    let t = min(1, max(0, (x + y) / 4096))
                    ctx.setFillColor(dark ? CGColor(red: 0.15 + 0.5 * t, green: 0.25, blue: 0.6 - 0.3 * t, alpha: 1)
                                          : CGColor(red: 0.92, green: 0.88, blue: 0.78, alpha: 1))
                    ctx.fill(CGRect(x: x, y: y, width: size, height: size))
                    x += size
                }
                y += size
            }
        }
    }
}
