import Foundation
import SparksCore
import SparksIOS
import Testing

/// Layers and views that draw themselves, and frame-by-frame animation (core-animation.md §4.8):
/// what the drawing code draws, when it draws it, checked as geometry at moments of the effect.
@Suite("Self-drawing layers and frame-by-frame animation in iOS code")
struct SelfDrawingTests {
    /// Where the drawn sublayer's path ends at `t` (nil when it is hidden or empty).
    func pathEnd(_ scene: SceneDescription, _ path: [Int], at t: Double) -> Point? {
        let state = presentedState(scene, path, at: t)
        guard !state.layer.isHidden, case .shape(let shape) = state.content, let last = shape.path?.segments.last else { return nil }
        switch last {
        case .line(_, let p), .quad(_, _, let p), .cubic(_, _, _, let p): return p
        }
    }

    /// The point of a circle of radius 40 about (50, 50) at progress p round it from 12 o'clock, clockwise on screen.
    func arcPoint(_ p: Double) -> Point {
        let angle = -Double.pi / 2 + 2 * .pi * p
        return Point(x: 50 + 40 * cos(angle), y: 50 + 40 * sin(angle))
    }

    func near(_ a: Point?, _ b: Point, within: Double = 1e-6) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) <= within && abs(a.y - b.y) <= within
    }

    static let arcLayer = """
        class ArcLayer: CALayer {
            @NSManaged var progress: CGFloat
            override class func needsDisplay(forKey key: String) -> Bool {
                if key == "progress" { return true }
                return super.needsDisplay(forKey: key)
            }
            override func draw(in ctx: CGContext) {
                ctx.addArc(center: CGPoint(x: bounds.midX, y: bounds.midY), radius: 40, startAngle: -.pi / 2,
                           endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: false)
                ctx.setStrokeColor(UIColor.red.cgColor)
                ctx.setLineWidth(8)
                ctx.strokePath()
            }
        }
        """

    @Test("A layer redrawn for its own animated property: its arc's sweep follows the animation, 30 drawings a second")
    func redrawnForAnimatedKey() throws {
        let code =
            Self.arcLayer + """
                class ArcController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let arc = ArcLayer()
                        arc.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                        view.layer.addSublayer(arc)
                        let grow = CABasicAnimation(keyPath: "progress")
                        grow.fromValue = 0
                        grow.toValue = 1
                        grow.duration = 2
                        grow.timingFunction = CAMediaTimingFunction(name: .easeIn)
                        arc.add(grow, forKey: "grow")
                        arc.progress = 1
                    }
                }
                """
        let (scene, messages, _) = try importScene(code, file: "ArcController.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(messages.contains { $0.text.contains("redrawn every frame as it animates") })
        // Each drawing holds until the next, 1/30 s later: the sweep is the eased value at the last drawing.
        for t in [0.5, 1.0, 1.5] {
            let drawn = (t * 30).rounded(.down) / 30
            let p = TimingFunction.easeIn.value(at: drawn / 2)
            #expect(near(pathEnd(scene, [0, 0], at: t + 0.01), arcPoint(p)), "at \(t) s")
        }
        #expect(near(pathEnd(scene, [0, 0], at: 3), arcPoint(1)))
    }

    @Test("A view redrawn by its display link: each frame's state drawn at that frame, until the link is invalidated")
    func displayLink() throws {
        let code = """
            class PieView: UIView {
                var progress: CGFloat = 0
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let link = CADisplayLink(target: self, selector: #selector(step))
                    link.preferredFramesPerSecond = 20
                    link.add(to: .main, forMode: .common)
                }
                required init?(coder: NSCoder) { fatalError() }
                @objc func step(_ link: CADisplayLink) {
                    progress += 0.05
                    if progress >= 1 { link.invalidate() }
                    setNeedsDisplay()
                }
                override func draw(_ rect: CGRect) {
                    let path = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2,
                                            endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: true)
                    path.lineWidth = 4
                    UIColor.blue.setStroke()
                    path.stroke()
                }
            }
            """
        let (scene, messages, _) = try importScene(code, file: "PieView.swift", canvas: Size(width: 100, height: 100))
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(messages.contains { $0.text.contains("a display link fires 20 times, 20 a second, to 1 s, then stops") })
        #expect(pathEnd(scene, [0, 0], at: 0.01) == nil)
        for frame in [2, 7, 13] {
            let t = Double(frame) / 20 + 0.01
            #expect(near(pathEnd(scene, [0, 0], at: t), arcPoint(0.05 * Double(frame)), within: 1e-6), "frame \(frame)")
        }
        #expect(near(pathEnd(scene, [0, 0], at: 5), arcPoint(1), within: 1e-6))
    }

    @Test("A layer's delegate draws it (draw(_:in:)), drawn when the view has loaded")
    func delegateDrawing() throws {
        let code = """
            class Ring: NSObject, CALayerDelegate {
                func draw(_ layer: CALayer, in ctx: CGContext) {
                    ctx.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2, endAngle: 0, clockwise: false)
                    ctx.strokePath()
                }
            }
            let ring = Ring()
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            layer.delegate = ring
            layer.setNeedsDisplay()
            view.layer.addSublayer(layer)
            """
        let (scene, messages, _) = try importScene(code, file: "Ring.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(near(pathEnd(scene, [0, 0], at: 0), arcPoint(0.25)))
    }

    @Test("animationImages play in turn over animationDuration; an animated image plays for ever")
    func imageSequences() throws {
        let code = """
            let dots = UIImageView(frame: CGRect(x: 0, y: 0, width: 64, height: 64))
            dots.animationImages = [UIImage(named: "star")!, UIImage(named: "heart")!, UIImage(named: "spark")!]
            dots.animationDuration = 0.6
            dots.animationRepeatCount = 2
            dots.startAnimating()
            view.addSubview(dots)
            let blink = UIImageView(image: UIImage.animatedImage(with: [UIImage(named: "star")!, UIImage(named: "spark")!], duration: 1))
            view.addSubview(blink)
            """
        let (scene, messages, _) = try importScene(code, file: "Images.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        func shown(_ index: Int, at t: Double) -> String? {
            presentedState(scene, [index], at: t).layer.contents?.name
        }
        #expect([0.1, 0.3, 0.5, 0.7].map { shown(0, at: $0) } == ["star.png", "heart.png", "spark.png", "star.png"])
        #expect(shown(0, at: 1.3) == nil)
        #expect([0.2, 0.7, 10.2].map { shown(1, at: $0) } == ["star.png", "spark.png", "star.png"])
    }
}
