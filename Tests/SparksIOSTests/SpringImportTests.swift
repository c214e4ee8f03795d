import Foundation
import SparksCore
import SparksExport
import SparksIOS
import Testing

/// CASpringAnimation in iOS code: imported as the spring it is (core-animation.md §4.5), with
/// `settlingDuration` worked out from its physics, and exported back as a CASpringAnimation.
@Suite("Spring animations in iOS code")
struct SpringImportTests {
    static let swift = """
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
        card.position = CGPoint(x: 200, y: 300)
        let drop = CASpringAnimation(keyPath: "position.y")
        drop.fromValue = 100
        drop.toValue = 300
        drop.mass = 1.5
        drop.stiffness = 220
        drop.damping = 9
        drop.initialVelocity = 2
        drop.duration = drop.settlingDuration
        card.add(drop, forKey: "drop")
        view.layer.addSublayer(card)
        """

    @Test("A CASpringAnimation imports as a spring, its duration the settling time its physics give")
    func imports() throws {
        let (scene, messages, _) = try importScene(Self.swift)
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let animation = try #require(scene.layers.first?.animations.first)
        let spring = Spring(mass: 1.5, stiffness: 220, damping: 9, initialVelocity: 2)
        #expect(animation.spring == spring)
        #expect(abs(animation.timing.duration - spring.settlingDuration) < 1e-9)
        // The layer is where the spring puts it at a moment: 100 + 200 × progress.
        let layer = Layer(properties: scene.layers[0].properties)
        layer.animations = scene.layers[0].animations
        for t in [0.1, 0.3, 0.7] {
            let y = layer.presentationState(atLocalTime: t).layer.position.y
            #expect(abs(y - (100 + 200 * spring.progress(at: t))) < 1e-9, "at \(t) s")
        }
    }

    @Test(
        "A spring exported to Swift and to Objective-C is a CASpringAnimation that imports back the same",
        arguments: [
            CodeExporter.Language.swift, .objc,
        ])
    func exportsBack(_ language: CodeExporter.Language) throws {
        let (scene, _, _) = try importScene(Self.swift)
        let code = try CodeExporter(language: language).code(for: scene)
        #expect(code.contains("CASpringAnimation"), "\(code)")
        let (again, messages, _) = try importScene(code, file: language == .swift ? "Effect.swift" : "Effect.m")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))\n\(code)")
        #expect(again.layers.first?.animations.first?.spring == scene.layers.first?.animations.first?.spring)
    }
}
