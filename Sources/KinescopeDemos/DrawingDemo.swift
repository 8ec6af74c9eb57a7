import Kinescope

/// Core Graphics in a `draw(_:)` override, as UIKit code draws: gradients in clip paths, cards
/// casting blurred shadows, a photo clipped to a circle, a radial-gradient sphere, a transparency
/// layer with one shadow, attributed text, and a row of blend-mode swatches. Each click moves the
/// swatches on to the next four of Core Graphics' 28 blend modes (redrawing the view).
final class DrawingViewController: UIViewController {
    private let canvas = DrawingCanvas()

    override func viewDidLoad() {
        super.viewDidLoad()
        canvas.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        canvas.frame = view.bounds
        view.addSubview(canvas)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: DrawingViewController.next))
    }

    func next() {
        canvas.firstMode = (canvas.firstMode + 4) % CGBlendMode.allCases.count
        canvas.setNeedsDisplay()
    }
}

/// The canvas the drawing demo paints, laid out in fractions of its bounds.
final class DrawingCanvas: UIView {
    /// The index in `CGBlendMode.allCases` of the first swatch's mode.
    var firstMode = 1
    private let photo = UIImage(named: "Igloo")

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        let sky = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                             colors: [UIColor(red: 0.10, green: 0.12, blue: 0.22, alpha: 1).cgColor,
                                      UIColor(red: 0.28, green: 0.20, blue: 0.38, alpha: 1).cgColor] as CFArray,
                             locations: [0, 1])!
        context.drawLinearGradient(sky, start: .zero, end: CGPoint(x: 0, y: b.height), options: [])

        let unit = min(b.width / 4, b.height / 3)
        let cards = (0..<3).map { i in
            CGRect(x: b.width * (0.04 + 0.32 * CGFloat(i)), y: b.height * 0.06, width: b.width * 0.28,
                   height: b.height * 0.4)
        }
        // Cards: white rounded rectangles with soft shadows.
        context.saveGState()
        context.setShadow(offset: CGSize(width: 0, height: unit * 0.03), blur: unit * 0.12,
                          color: UIColor(white: 0, alpha: 0.55).cgColor)
        UIColor(white: 0.97, alpha: 1).setFill()
        for card in cards { UIBezierPath(roundedRect: card, cornerRadius: unit * 0.06).fill() }
        context.restoreGState()

        // Card 1: the photo clipped to a circle, over a sunset gradient.
        let sunset = CGGradient(colorsSpace: nil, colors: [UIColor(red: 1, green: 0.55, blue: 0.2, alpha: 1).cgColor,
                                                          UIColor(red: 0.85, green: 0.2, blue: 0.45, alpha: 1).cgColor] as CFArray,
                                locations: nil as [CGFloat]?)!
        let inset = cards[0].insetBy(dx: unit * 0.06, dy: unit * 0.06)
        context.saveGState()
        UIBezierPath(roundedRect: inset, cornerRadius: unit * 0.04).addClip()
        context.drawLinearGradient(sunset, start: CGPoint(x: inset.minX, y: inset.minY),
                                   end: CGPoint(x: inset.maxX, y: inset.maxY), options: [])
        let side = min(inset.width, inset.height) * 0.8
        let circle = CGRect(x: inset.midX - side / 2, y: inset.midY - side / 2, width: side, height: side)
        UIBezierPath(ovalIn: circle).addClip()
        photo?.draw(in: circle)
        context.restoreGState()

        // Card 2: a sphere lit from the top left (a two-circle radial gradient) and its shadow.
        let sphere = CGGradient(colorsSpace: nil, colors: [UIColor(white: 1, alpha: 1).cgColor,
                                                          UIColor(red: 0.2, green: 0.5, blue: 0.95, alpha: 1).cgColor,
                                                          UIColor(red: 0.02, green: 0.1, blue: 0.3, alpha: 1).cgColor] as CFArray,
                                locations: [0, 0.35, 1])!
        let ball = cards[1].insetBy(dx: cards[1].width * 0.2, dy: cards[1].height * 0.15)
        let radius = min(ball.width, ball.height) / 2
        let centre = CGPoint(x: ball.midX, y: ball.midY)
        context.saveGState()
        context.setShadow(offset: CGSize(width: radius * 0.15, height: radius * 0.25), blur: radius * 0.3)
        context.beginTransparencyLayer(auxiliaryInfo: nil)
        context.addEllipse(in: CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
        context.clip()
        context.drawRadialGradient(sphere, startCenter: CGPoint(x: centre.x - radius * 0.35, y: centre.y - radius * 0.4),
                                   startRadius: 0, endCenter: centre, endRadius: radius, options: [.drawsAfterEndLocation])
        context.endTransparencyLayer()
        context.restoreGState()

        // Card 3: attributed text.
        let title = NSMutableAttributedString(string: "Kinescope draws\n", attributes: [
            .font: UIFont.boldSystemFont(ofSize: unit * 0.12),
            .foregroundColor: UIColor(red: 0.15, green: 0.15, blue: 0.25, alpha: 1),
        ])
        title.append(NSAttributedString(string: "gradients, shadows, clips, blend modes and shaped text: "
                                        + "ﬁne ligatures, العربية, हिन्दी, 中文", attributes: [
            .font: UIFont.systemFont(ofSize: unit * 0.075),
            .foregroundColor: UIColor(white: 0.25, alpha: 1),
        ]))
        title.draw(with: cards[2].insetBy(dx: unit * 0.07, dy: unit * 0.07), options: .usesLineFragmentOrigin,
                   context: nil)

        // Blend-mode swatches: an orange disc over a blue and grey backdrop, four modes at a time.
        let modes = CGBlendMode.allCases
        for i in 0..<4 {
            let mode = modes[(firstMode + i) % modes.count]
            let cell = CGRect(x: b.width * (0.04 + 0.24 * CGFloat(i)), y: b.height * 0.54, width: b.width * 0.2,
                              height: b.height * 0.34)
            UIColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1).setFill()
            UIRectFill(CGRect(x: cell.minX, y: cell.minY, width: cell.width / 2, height: cell.height))
            UIColor(white: 0.75, alpha: 1).setFill()
            UIRectFill(CGRect(x: cell.midX, y: cell.minY, width: cell.width / 2, height: cell.height))
            context.saveGState()
            context.beginTransparencyLayer(in: cell, auxiliaryInfo: nil)
            UIColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1).setFill()
            UIRectFill(CGRect(x: cell.minX, y: cell.minY, width: cell.width / 2, height: cell.height))
            UIColor(white: 0.75, alpha: 1).setFill()
            UIRectFill(CGRect(x: cell.midX, y: cell.minY, width: cell.width / 2, height: cell.height))
            UIColor(red: 1, green: 0.55, blue: 0.1, alpha: 0.85).setFill()
            UIBezierPath(ovalIn: cell.insetBy(dx: cell.width * 0.12, dy: cell.height * 0.12))
                .fill(with: mode, alpha: 1)
            context.endTransparencyLayer()
            context.restoreGState()
            "\(mode)".draw(at: CGPoint(x: cell.minX, y: cell.maxY + unit * 0.02), withAttributes: [
                .font: UIFont.systemFont(ofSize: unit * 0.07), .foregroundColor: UIColor.white,
            ])
        }
    }
}
