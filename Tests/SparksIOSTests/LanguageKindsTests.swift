import Foundation
import SparksCore
import SparksIOS
import Testing

/// Language features demo apps use, each on a small program of its own: Objective-C enums and
/// `switch`, protocol extensions' default methods, static helpers called unqualified,
/// `Array(arrayLiteral:)`.
@Suite("Swift and Objective-C as demo apps write them")
struct LanguageKindsTests {
    @Test("Objective-C: NS_ENUM and typedef enum constants, switch with shared labels, fall-through and default")
    func objectiveCSwitch() throws {
        let header = """
            typedef NS_ENUM(NSInteger, Shape) { ShapeDot, ShapeBar = 4, ShapeRing };
            typedef enum { SpeedSlow, SpeedFast } Speed;
            @interface Loader : CALayer
            @property (nonatomic) Shape shape;
            @end
            """
        let implementation = """
            #import "Loader.h"
            @implementation Loader
            - (instancetype)init {
                if (self = [super init]) {
                    self.bounds = CGRectMake(0, 0, 100, 100);
                    [self configure:ShapeRing speed:SpeedFast];
                }
                return self;
            }
            - (void)configure:(Shape)shape speed:(Speed)speed {
                switch (shape) {
                    case ShapeDot:
                    case ShapeBar:
                        self.cornerRadius = 1;
                        break;
                    case ShapeRing:
                        self.cornerRadius = 50;
                    case 99:
                        self.opacity = 0.5;
                        break;
                    default:
                        self.opacity = 0.1;
                }
                switch (speed) {
                    case SpeedSlow: self.speed = 1; break;
                    default: { self.speed = 2; break; }
                }
            }
            @end
            """
        let result = try Importer(sources: [("Loader.h", header), ("Loader.m", implementation)]).run()
        #expect(!result.messages.contains { $0.kind == .skipped }, "\(result.messages)")
        let layer = try #require(result.scene.layers.first).properties
        #expect(layer.cornerRadius == 50)
        // ShapeRing falls through into the next case's body.
        #expect(layer.opacity == 0.5)
        #expect(layer.timing.speed == 2)
    }

    @Test("A protocol extension's method is the default of a conforming class: labels it leaves out take its defaults")
    func protocolExtensionDefaults() throws {
        let code = """
            import UIKit
            protocol Pulsing {
                func pulse(keyPath: String, from: Double, to: Double, duration: Double, repeats: Float, autoreverses: Bool) -> CABasicAnimation
            }
            extension Pulsing {
                func pulse(keyPath: String, from: Double = 1, to: Double, duration: Double = 0.5, repeats: Float = .infinity, autoreverses: Bool = true) -> CABasicAnimation {
                    let a = CABasicAnimation(keyPath: keyPath)
                    a.fromValue = from
                    a.toValue = to
                    a.duration = duration
                    a.repeatCount = repeats
                    a.autoreverses = autoreverses
                    return a
                }
            }
            class Dot: UIView, Pulsing {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.add(pulse(keyPath: "opacity", to: 0.2, autoreverses: false), forKey: "pulse")
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let (scene, messages, _) = try importScene(code)
        #expect(!messages.contains { $0.kind == .skipped }, "\(messages)")
        let animation = try #require(scene.layers.first?.animations.first)
        #expect(animation.timing.duration == 0.5)
        #expect(animation.timing.autoreverses == false)
        #expect(animation.timing.repeatCount == .infinity)
    }

    @Test("A static method calls another unqualified; Array(arrayLiteral:) is its arguments")
    func staticHelpers() throws {
        let code = """
            import UIKit
            class SnowBuilder {
                class func makeLayer(size: CGSize) -> CAEmitterLayer {
                    let emitter = CAEmitterLayer()
                    emitter.emitterCells = Array(arrayLiteral: flake(size: size), flake(size: size))
                    return emitter
                }
                class private func flake(size: CGSize) -> CAEmitterCell {
                    let cell = CAEmitterCell()
                    cell.birthRate = Float(size.width / 10)
                    cell.lifetime = 2
                    return cell
                }
            }
            class ViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.layer.addSublayer(SnowBuilder.makeLayer(size: CGSize(width: 100, height: 10)))
                }
            }
            """
        let (scene, messages, _) = try importScene(code)
        #expect(!messages.contains { $0.kind == .skipped }, "\(messages)")
        let cells = try #require(scene.layers.first?.content.emitter?.emitterCells)
        #expect(cells.map(\.birthRate) == [10, 10])
    }

    @Test("A labelled tuple's elements read by label: $0.r over a list of (r:, g:, b:) tuples")
    func labelledTuples() throws {
        let code = """
            import UIKit
            let palette = [(r: 1.0, g: 0.0, b: 0.0), (r: 0.0, g: 0.5, b: 1.0)]
            let emitter = CAEmitterLayer()
            emitter.emitterCells = palette.map {
                let cell = CAEmitterCell()
                cell.birthRate = 1
                cell.color = UIColor(red: $0.r, green: $0.g, blue: $0.b, alpha: 1).cgColor
                return cell
            }
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            view.layer.addSublayer(emitter)
            PlaygroundPage.current.liveView = view
            """
        let (scene, messages, _) = try importScene(code)
        #expect(!messages.contains { $0.kind == .skipped }, "\(messages)")
        let cells = try #require(scene.layers.first?.sublayers.first?.content.emitter?.emitterCells)
        #expect(cells.map(\.color) == [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0.5, blue: 1, alpha: 1)])
    }
}
