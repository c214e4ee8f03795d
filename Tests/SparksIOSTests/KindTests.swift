import Foundation
import SparksCore
import SparksIOS
import Testing

/// Shapes of real iOS code, each written here in a few lines, with the numbers the import must
/// give (the real files they come from are in RealCode/ and docs/real-ios-code.md).
@Suite("Kinds of real iOS code")
struct KindTests {
    @Test("A CAEmitterCell subclass whose initialiser configures it is a cell with those values")
    func cellSubclass() throws {
        let code = """
            class SnowCell: CAEmitterCell {
                override init() {
                    super.init()
                    birthRate = 200
                    lifetime = 3.5
                    velocity = 10
                }
                required init?(coder: NSCoder) { super.init(coder: coder) }
            }
            class SnowView: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let snow = CAEmitterLayer()
                    snow.emitterCells = [SnowCell()]
                    layer.addSublayer(snow)
                }
            }
            """
        let (scene, messages, _) = try importScene(code, file: "SnowView.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let cell = try #require(scene.layers.first?.content.emitter?.emitterCells.first)
        #expect(cell.birthRate == 200 && cell.lifetime == 3.5 && cell.velocity == 10)
    }

    @Test("Static properties of a UIImage extension give their images, and UIImage(named:) inside one is UIKit's")
    func imageExtension() throws {
        let code = """
            extension UIImage {
                static var star: UIImage? {
                    guard let image = UIImage(named: "spark") else { return nil }
                    return image
                }
            }
            class StarView: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let emitter = CAEmitterLayer()
                    let cell = CAEmitterCell()
                    cell.birthRate = 5
                    cell.contents = UIImage.star?.cgImage
                    emitter.emitterCells = [cell]
                    layer.addSublayer(emitter)
                }
            }
            """
        let (scene, messages, _) = try importScene(code, file: "StarView.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let cell = try #require(scene.layers.first?.content.emitter?.emitterCells.first)
        #expect(cell.contents?.name == "spark.png")
    }

    @Test("A --call names a method the host would run anyway: it runs once, when the call says")
    func calledOnce() throws {
        let code = """
            @interface FireworksController : UIViewController
            @end
            @implementation FireworksController
            - (void)blastNow {
                CAEmitterLayer *emitter = [CAEmitterLayer layer];
                CAEmitterCell *cell = [CAEmitterCell emitterCell];
                cell.birthRate = 10;
                emitter.emitterCells = @[cell];
                [self.view.layer addSublayer:emitter];
            }
            @end
            """
        let (scene, _, result) = try importScene(code, file: "FireworksController.m", calls: ["blastNow"])
        #expect(scene.layers.count == 1)
        #expect(result.explanation.filter { $0.contains("blastNow") } == ["FireworksController.blastNow() (--call blastNow)"])
    }

    /// Particles alive at `seconds` in an imported scene.
    func liveCount(_ scene: SceneDescription, at seconds: Double) -> Int {
        let running = Scene(scene, limits: .standard)
        running.run(until: seconds)
        return running.emitterLayers.reduce(0) { sum, layer in sum + layer.liveParticleCount }
    }

    @Test("A repeating timer that invalidates itself after three firings gives three 0.1-second bursts of 100 a second")
    func repeatingTimer() throws {
        let code = """
            class BurstView: UIView {
                let emitter = CAEmitterLayer()
                var bursts = 0
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let cell = CAEmitterCell()
                    cell.name = "spark"
                    cell.birthRate = 0
                    cell.lifetime = 10
                    emitter.emitterCells = [cell]
                    layer.addSublayer(emitter)
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
                        self.bursts += 1
                        self.emitter.setValue(100, forKeyPath: "emitterCells.spark.birthRate")
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
                            self.emitter.setValue(0, forKeyPath: "emitterCells.spark.birthRate")
                        }
                        if self.bursts == 3 { timer.invalidate() }
                    }
                }
            }
            """
        let (scene, messages, _) = try importScene(code, file: "BurstView.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(messages.contains { $0.text.contains("fires 3 times, to 3 s, then invalidates itself") })
        #expect(liveCount(scene, at: 1.5) == 10)
        #expect(liveCount(scene, at: 5) == 30)
    }

    @Test("A repeating timer nobody stops is followed for 30 s, and the note says so")
    func endlessTimer() throws {
        let code = """
            let emitter = CAEmitterLayer()
            let cell = CAEmitterCell()
            cell.birthRate = 10
            emitter.emitterCells = [cell]
            view.layer.addSublayer(emitter)
            Timer.scheduledTimer(withTimeInterval: 2, repeats: true) { _ in
                emitter.emitterPosition = CGPoint(x: CGFloat.random(in: 0...300), y: 100)
            }
            """
        let (scene, messages, _) = try importScene(code, file: "Wander.swift")
        #expect(messages.contains { $0.text.contains("its first 15 firings, to 30 s, are imported") }, "\(messages.map(\.description))")
        #expect(scene.layers.first?.animations.count == 15)
    }

    @Test("A CATransaction's completion block runs when the animations it added end")
    func transactionCompletion() throws {
        let code = """
            @interface RingView : UIView
            @end
            @implementation RingView
            - (instancetype)initWithFrame:(CGRect)frame {
                self = [super initWithFrame:frame];
                CAEmitterLayer *emitter = [CAEmitterLayer layer];
                emitter.beginTime = CACurrentMediaTime();
                CAEmitterCell *cell = [CAEmitterCell emitterCell];
                cell.name = @"dot";
                cell.birthRate = 50;
                cell.lifetime = 20;
                emitter.emitterCells = @[cell];
                [self.layer addSublayer:emitter];
                [CATransaction begin];
                [CATransaction setCompletionBlock:^{
                    [emitter setValue:@0 forKeyPath:@"emitterCells.dot.birthRate"];
                }];
                CABasicAnimation *fade = [CABasicAnimation animationWithKeyPath:@"opacity"];
                fade.fromValue = @1;
                fade.toValue = @0.5;
                fade.duration = 2;
                [emitter addAnimation:fade forKey:@"fade"];
                [CATransaction commit];
                return self;
            }
            @end
            """
        let (scene, messages, _) = try importScene(code, file: "RingView.m")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(abs(liveCount(scene, at: 3) - 100) <= 1)
    }

    @Test("An animation delegate's animationDidStop(_:finished:) runs when the animation ends")
    func animationDelegate() throws {
        let code = """
            class PulseView: UIView, CAAnimationDelegate {
                let emitter = CAEmitterLayer()
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    emitter.beginTime = CACurrentMediaTime()
                    let cell = CAEmitterCell()
                    cell.birthRate = 30
                    cell.lifetime = 20
                    emitter.emitterCells = [cell]
                    layer.addSublayer(emitter)
                    let grow = CABasicAnimation(keyPath: "transform.scale")
                    grow.fromValue = 0.5
                    grow.toValue = 1
                    grow.duration = 1.5
                    grow.delegate = self
                    emitter.add(grow, forKey: "grow")
                }
                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                    emitter.birthRate = 0
                }
            }
            """
        let (scene, messages, _) = try importScene(code, file: "PulseView.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(messages.contains { $0.text == "PulseView.animationDidStop runs when the animation ends, 1.5 s into the effect" })
        // 45 born in the first 1.5 s, then the birth rate eases to 0 over 0.25 s (an implicit
        // animation with the default curve): the share of the rate left, on average, times 30 × 0.25.
        var left = 0.0
        for i in 0..<1000 { left += (1 - TimingFunction.default.value(at: (Double(i) + 0.5) / 1000)) / 1000 }
        let expected = 45 + 30 * 0.25 * left
        #expect(abs(Double(liveCount(scene, at: 3)) - expected) <= 1)
    }

    @Test("CATextLayer: string, font by name, fontSize, foregroundColor, alignment, wrapping and truncation, in both languages")
    func textLayers() throws {
        let swift = """
            class Badge: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let label = CATextLayer()
                    label.string = NSAttributedString(string: "Hello 🎉")
                    label.font = UIFont(name: "Courier-Bold", size: 12)
                    label.fontSize = 24
                    label.foregroundColor = UIColor.red.cgColor
                    label.alignmentMode = .center
                    label.isWrapped = true
                    label.truncationMode = .end
                    label.contentsScale = UIScreen.main.scale
                    label.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
                    layer.addSublayer(label)
                }
            }
            """
        let objc = """
            @interface Badge : UIView
            @end
            @implementation Badge
            - (instancetype)initWithFrame:(CGRect)frame {
                self = [super initWithFrame:frame];
                CATextLayer *label = [CATextLayer layer];
                label.string = @"Hello 🎉";
                label.font = (__bridge CFTypeRef)@"Courier-Bold";
                label.fontSize = 24;
                label.foregroundColor = [UIColor redColor].CGColor;
                label.alignmentMode = kCAAlignmentCenter;
                label.wrapped = YES;
                label.truncationMode = kCATruncationEnd;
                label.frame = CGRectMake(0, 0, 200, 40);
                [self.layer addSublayer:label];
                return self;
            }
            @end
            """
        // The Swift one gives an attributed string (drawn in its own font, Helvetica 12-point
        // black, whatever the layer's fontSize and colour) and a UIFont (which does nothing).
        let (attributed, notes, _) = try importScene(swift, file: "Badge.swift")
        #expect(notes.filter { $0.kind == .skipped }.isEmpty, "\(notes.map(\.description))")
        let drawn = try #require(attributed.layers.first?.content.text)
        #expect(drawn.string == "Hello 🎉" && drawn.font == "Helvetica" && drawn.fontSize == 12 && drawn.foregroundColor == .black)
        #expect(drawn.alignmentMode == .center && drawn.isWrapped && drawn.truncationMode == .end)
        #expect(notes.contains { $0.text.hasPrefix("fontSize is not used when a text layer's string is attributed") })
        let (plain, messages, _) = try importScene(objc, file: "Badge.m")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let text = try #require(plain.layers.first?.content.text)
        #expect(text.string == "Hello 🎉" && text.font == "Courier-Bold" && text.fontSize == 24, "\(text)")
        #expect(text.foregroundColor == Color(red: 1, green: 0, blue: 0, alpha: 1) && text.alignmentMode == .center)
        #expect(text.isWrapped && text.truncationMode == .end)
    }

    @Test("A playground's live view is the canvas: its size, its background and what its layer holds")
    func playgroundLiveView() throws {
        let code = """
            import PlaygroundSupport
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 600, height: 400))
            view.backgroundColor = .black
            PlaygroundPage.current.liveView = view
            let dot = CALayer()
            dot.frame = CGRect(x: 290, y: 190, width: 20, height: 20)
            dot.backgroundColor = UIColor.white.cgColor
            view.layer.addSublayer(dot)
            """
        let (scene, messages, _) = try importScene(code, file: "Contents.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(scene.canvas.width == 600 && scene.canvas.height == 400)
        #expect(messages.contains { $0.text == "the playground's live view is the canvas (600×400)" })
    }

    @Test(
        "Swift 2 and 3 spellings import as today's: CGPointMake, whiteColor(), CGImage, addAnimation(_:forKey:), removedOnCompletion, kCA constants, ovalInRect"
    )
    func oldSwift() throws {
        let code = """
            class OldView: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let emitter = CAEmitterLayer()
                    emitter.emitterPosition = CGPointMake(100, 50)
                    emitter.emitterSize = CGSizeMake(200, 1)
                    emitter.emitterShape = kCAEmitterLayerLine
                    let cell = CAEmitterCell()
                    cell.birthRate = 10
                    cell.color = UIColor.whiteColor().CGColor
                    cell.contents = UIImage(named: "spark")!.CGImage
                    cell.velocityRange = -20
                    emitter.emitterCells = [cell]
                    layer.addSublayer(emitter)
                    let fade = CABasicAnimation(keyPath: "opacity")
                    fade.toValue = 0
                    fade.removedOnCompletion = false
                    fade.fillMode = kCAFillModeForwards
                    fade.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
                    emitter.addAnimation(fade, forKey: "fade")
                    let ring = CAShapeLayer()
                    ring.path = UIBezierPath(ovalInRect: CGRectMake(0, 0, 50, 50)).CGPath
                    layer.addSublayer(ring)
                }
            }
            """
        let (scene, messages, _) = try importScene(code, file: "OldView.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let emitter = try #require(scene.layers.first?.content.emitter)
        #expect(emitter.emitterPosition == Point(x: 100, y: 50) && emitter.emitterShape == .line)
        #expect(emitter.emitterCells.first?.velocityRange == -20)
        let fade = try #require(scene.layers.first?.animations.first)
        #expect(fade.timing.fillMode == .forwards && !fade.removedOnCompletion)
        #expect(scene.layers[1].content.shape?.path?.subpaths.count == 1)
    }

    @Test(
        "Every spelling of repeating for ever is infinity",
        arguments: [
            "HUGE", "HUGE_VALF", "MAXFLOAT", "FLT_MAX", "Float.infinity", ".infinity", "Float.greatestFiniteMagnitude",
            ".greatestFiniteMagnitude", "Float(Int.max)", "Float(Int32.max)", "Float(INT_MAX)", "Float(NSIntegerMax)",
        ])
    func repeatForever(spelling: String) throws {
        let code = """
            let l = CALayer()
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = 0
            a.repeatCount = \(spelling)
            l.add(a, forKey: "a")
            view.layer.addSublayer(l)
            """
        let (scene, messages, _) = try importScene(code, file: "Forever.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(scene.layers.first?.animations.first?.timing.repeatCount == .infinity, "\(spelling)")
    }

    @Test("Manual retain and release, and a misspelt mode string, which iOS ignores for the default, as a note")
    func manualMemoryAndMisspelling() throws {
        let code = """
            @interface MRCView : UIView
            @end
            @implementation MRCView
            - (id)initWithFrame:(CGRect)frame {
                if ((self = [super initWithFrame:frame])) {
                    CAEmitterLayer *emitter = [[CAEmitterLayer alloc] init];
                    emitter.renderMode = @"addtive";
                    CAEmitterCell *cell = [[[CAEmitterCell alloc] init] autorelease];
                    cell.birthRate = 20;
                    emitter.emitterCells = [NSArray arrayWithObject:[cell retain]];
                    [self.layer addSublayer:emitter];
                    [emitter release];
                }
                return self;
            }
            - (void)dealloc {
                [super dealloc];
            }
            @end
            """
        let (scene, messages, _) = try importScene(code, file: "MRCView.m")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let emitter = try #require(scene.layers.first?.content.emitter)
        #expect(emitter.renderMode == .unordered && emitter.emitterCells.first?.birthRate == 20)
        #expect(
            messages.contains {
                $0.text == "renderMode: \"addtive\" is not one of unordered, oldestFirst, oldestLast, backToFront, additive"
                    + " (did you mean additive?); iOS uses the default, unordered"
            }, "\(messages.map(\.description))")
    }

    @Test(
        "Geometry read at run time: a view made with a zero frame, layoutSubviews building the layers once at the canvas size, center, frame and bounds"
    )
    func runtimeGeometry() throws {
        let code = """
            class RainView: UIView {
                var emitter: CAEmitterLayer?
                override init(frame: CGRect) {
                    super.init(frame: .zero)
                    autoresizingMask = [.flexibleWidth, .flexibleHeight]
                }
                override func layoutSubviews() {
                    super.layoutSubviews()
                    emitter?.removeFromSuperlayer()
                    let e = CAEmitterLayer()
                    e.frame = bounds
                    e.emitterPosition = CGPoint(x: bounds.midX, y: 0)
                    e.emitterSize = CGSize(width: frame.size.width, height: 1)
                    let c = CAEmitterCell()
                    c.birthRate = 50
                    e.emitterCells = [c]
                    layer.addSublayer(e)
                    emitter = e
                    let badge = CALayer()
                    badge.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
                    badge.position = center
                    layer.addSublayer(badge)
                }
            }
            """
        let (scene, messages, _) = try importScene(code, file: "RainView.swift", canvas: Size(width: 300, height: 200))
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(scene.layers.count == 2, "layoutSubviews runs once")
        let emitter = try #require(scene.layers.first)
        #expect(emitter.properties.bounds == Rect(x: 0, y: 0, width: 300, height: 200))
        #expect(emitter.content.emitter?.emitterPosition == Point(x: 150, y: 0))
        #expect(emitter.content.emitter?.emitterSize == Size(width: 300, height: 1))
        #expect(scene.layers[1].properties.position == Point(x: 150, y: 100))
    }

    @Test("layer.mask and a view's mask view, set in a UIView extension the code calls on a UIKit view, in a playground's view controller")
    func masks() throws {
        let code = """
            import PlaygroundSupport
            extension UIView {
                func startShimmering() {
                    let gradient = CAGradientLayer()
                    gradient.colors = [UIColor.black.cgColor, UIColor(white: 0, alpha: 0.1).cgColor, UIColor.black.cgColor]
                    gradient.frame = CGRect(x: -bounds.size.width, y: 0, width: 3 * bounds.size.width, height: bounds.size.height)
                    gradient.startPoint = CGPoint(x: 0, y: 0.5)
                    gradient.endPoint = CGPoint(x: 1, y: 0.5)
                    gradient.locations = [0.4, 0.5, 0.6]
                    layer.mask = gradient
                    let animation = CABasicAnimation(keyPath: "locations")
                    animation.fromValue = [0.0, 0.1, 0.2]
                    animation.toValue = [0.8, 0.9, 1.0]
                    animation.duration = 1.5
                    animation.repeatCount = .infinity
                    gradient.add(animation, forKey: "shimmer")
                }
            }
            class ShimmerController: UIViewController {
                override func loadView() {
                    let view = UIView()
                    view.backgroundColor = .white
                    let label = UILabel()
                    label.frame = CGRect(x: 100, y: 200, width: 200, height: 20)
                    label.text = "Loading"
                    label.backgroundColor = .gray
                    label.startShimmering()
                    view.addSubview(label)
                    let dot = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
                    dot.backgroundColor = .red
                    let round = UIView(frame: dot.bounds)
                    round.backgroundColor = .black
                    round.layer.cornerRadius = 20
                    dot.mask = round
                    view.addSubview(dot)
                    self.view = view
                }
            }
            PlaygroundPage.current.liveView = ShimmerController()
            """
        let (scene, messages, _) = try importScene(code, file: "Contents.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let view = try #require(scene.layers.first)
        let label = try #require(view.sublayers.first)
        let mask = try #require(label.mask)
        #expect(mask.content.gradient?.locations == [0.4, 0.5, 0.6] && mask.properties.bounds.size == Size(width: 600, height: 20))
        #expect(mask.animations.first?.keyPath == "locations")
        #expect(view.sublayers.last?.mask?.properties.cornerRadius == 20)
        #expect(messages.contains { $0.text.hasPrefix("UILabel's text is drawn by UIKit") })
    }

    @Test("Images the code draws (UIGraphicsImageRenderer, an image context) are drawn into files: their shapes, colours and size")
    func drawnImages() throws {
        let code = """
            class Gen: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let e = CAEmitterLayer()
                    let c = CAEmitterCell()
                    c.birthRate = 5
                    c.contents = triangle().cgImage
                    let d = CAEmitterCell()
                    d.birthRate = 5
                    d.contents = dot().cgImage
                    e.emitterCells = [c, d]
                    layer.addSublayer(e)
                }
                func triangle() -> UIImage {
                    return UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { ctx in
                        UIColor.yellow.setFill()
                        let path = UIBezierPath()
                        path.move(to: CGPoint(x: 10, y: 0))
                        path.addLine(to: CGPoint(x: 20, y: 20))
                        path.addLine(to: CGPoint(x: 0, y: 20))
                        path.close()
                        path.fill()
                    }
                }
                func dot() -> UIImage {
                    UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 2)
                    let ctx = UIGraphicsGetCurrentContext()!
                    ctx.setFillColor(UIColor.red.cgColor)
                    ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
                    let image = UIGraphicsGetImageFromCurrentImageContext()!
                    UIGraphicsEndImageContext()
                    return image
                }
            }
            """
        let (scene, messages, result) = try importScene(code, file: "Gen.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(result.drawnImages.map(\.fileName) == ["triangle.png", "dot.png"] && result.standIns.isEmpty)
        #expect(scene.layers.first?.content.emitter?.emitterCells.map { $0.contents?.name } == ["triangle.png", "dot.png"])
        let triangle = try picture(result.drawnImages[0].drawing, at: 0)
        #expect(triangle.width == 60 && triangle.height == 60, "20 points at the renderer's scale, 3")
        #expect(triangle[30, 50].r == 255 && triangle[30, 50].g == 255 && triangle[30, 50].b == 0 && triangle[30, 50].a == 255)
        #expect(triangle[3, 3].a == 0, "outside the triangle stays clear")
        let dot = try picture(result.drawnImages[1].drawing, at: 0)
        #expect(dot.width == 20 && dot[10, 10].r == 255 && dot[10, 10].g == 0 && dot[0, 0].a < 40)
    }

    @Test("Generated asset accessors and text or emoji drawn into an image")
    func assetsAndTextImages() throws {
        let code = """
            class Gen: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let e = CAEmitterLayer()
                    let a = CAEmitterCell()
                    a.contents = R.image.spark()?.cgImage
                    let b = CAEmitterCell()
                    b.contents = Asset.Images.star.image.cgImage
                    let c = CAEmitterCell()
                    c.contents = UIImage(resource: .heart).cgImage
                    let d = CAEmitterCell()
                    d.contents = emojiImage("🎉").cgImage
                    e.emitterCells = [a, b, c, d]
                    layer.addSublayer(e)
                }
                func emojiImage(_ text: String) -> UIImage {
                    UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { _ in
                        (text as NSString).draw(at: .zero, withAttributes: [.font: UIFont.systemFont(ofSize: 30)])
                    }
                }
            }
            """
        let (scene, messages, result) = try importScene(code, file: "Gen.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let names = scene.layers.first?.content.emitter?.emitterCells.map { $0.contents?.name }
        #expect(names == ["spark.png", "star.png", "heart.png", "emojiImage.png"])
        let emoji = try picture(try #require(result.drawnImages.first).drawing, at: 0)
        var coloured = 0
        for y in 0..<emoji.height {
            for x in 0..<emoji.width where emoji[x, y].a > 200 && abs(Int(emoji[x, y].r) - Int(emoji[x, y].b)) > 60 { coloured += 1 }
        }
        #expect(coloured > 500, "the emoji is drawn in colour: \(coloured) coloured pixels")
    }

    @Test(
        "A layer rendered into an image (render(in:) of a renderer's cgContext) is drawn as the layer draws: an emoji text layer becomes the particle's picture"
    )
    func layerRenderedIntoAnImage() throws {
        let code = """
            let glyph = CATextLayer()
            glyph.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            glyph.fontSize = 30
            glyph.string = "💚"
            let picture = UIGraphicsImageRenderer(bounds: glyph.frame).image { ctx in
                glyph.render(in: ctx.cgContext)
            }
            let emitter = CAEmitterLayer()
            emitter.frame = view.bounds
            emitter.emitterPosition = CGPoint(x: 100, y: 100)
            let cell = CAEmitterCell()
            cell.contents = picture.cgImage
            cell.birthRate = 5
            cell.lifetime = 2
            emitter.emitterCells = [cell]
            view.layer.addSublayer(emitter)
            """
        let (scene, messages, result) = try importScene(code, canvas: Size(width: 200, height: 200))
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(result.standIns.isEmpty)
        let drawn = try #require(result.drawnImages.first)
        #expect(scene.layers.first?.content.emitter?.emitterCells.first?.contents?.name == drawn.fileName)
        // The text layer in the image, at its own place (its bounds' origin at the image's).
        let glyph = try #require(drawn.drawing.layers.first?.sublayers.first)
        #expect(glyph.content.text?.string == "💚" && glyph.properties.position == Point(x: 20, y: 20))
        let image = try picture(drawn.drawing, at: 0)
        var green = 0
        for y in 0..<image.height {
            for x in 0..<image.width
            where image[x, y].a > 200 && Int(image[x, y].g) > Int(image[x, y].r) + 30 && Int(image[x, y].g) > Int(image[x, y].b) + 60 {
                green += 1
            }
        }
        #expect(green > 500, "the emoji is drawn in colour: \(green) green pixels")
    }
}
