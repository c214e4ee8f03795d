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
}
