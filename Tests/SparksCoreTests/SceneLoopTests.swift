import Foundation
import SparksCore
import Testing

@Suite("Seamless loops")
struct SceneLoopTests {
    @Test("The loop length is a whole number of the repeating animations' periods and holds the longest particle life")
    func lengths() throws {
        let burst = try SceneLoop.plan(for: shippedPreset("recipe-burst"))
        #expect(burst.period == 1.5 && burst.length == 1.5)
        let hearts = try SceneLoop.plan(for: shippedPreset("hearts"))
        #expect(hearts.period == 5 && hearts.length == 5)
        // No animation: as long as the longest chain lives.
        let fire = try shippedPreset("fire")
        let plan = try SceneLoop.plan(for: fire)
        #expect(plan.period == nil && abs(plan.length - max(1, Scene(fire).longestChainLifetime)) < 1.0 / 60 + 1e-9)
        // Periods of 2 s and 3 s close after 6 s; a forced length shorter than a life is refused.
        #expect(try SceneLoop.commonPeriod([2, 3, 2]) == 6)
        #expect(throws: SceneLoop.Failure.self) { try SceneLoop.commonPeriod([1, 0.7071067811865476]) }
        // Hostile periods are refused at once, not searched: thousands of them, or too short.
        #expect(throws: SceneLoop.Failure.self) { try SceneLoop.commonPeriod((1...5000).map { 1 + Double($0) * 1e-3 }) }
        #expect(throws: SceneLoop.Failure.self) { try SceneLoop.commonPeriod([1e-7, 1]) }
        #expect(try SceneLoop.commonPeriod([1.5, 1.5 + 1e-9, 0.5]) == 1.5)
        #expect(throws: SceneLoop.Failure.self) { try SceneLoop.plan(for: shippedPreset("recipe-burst"), length: 0.5) }
    }

    @Test(
        "The loop closes exactly: the frame one loop length on is the first frame, quad for quad",
        arguments: ["recipe-burst", "hearts", "fire", "recipe-trails"])
    func closes(_ name: String) throws {
        let description = try shippedPreset(name)
        let plan = try SceneLoop.plan(for: description, earliest: 2)
        func frame(_ phase: Double) -> RenderList {
            let scene = Scene(description), companion = Scene(description)
            scene.run(until: plan.start + phase)
            companion.run(until: plan.start + plan.length + phase)
            var list = RenderList()
            scene.buildLoopRenderList(into: &list, companion: companion, phase: phase)
            return list
        }
        let first = frame(0), last = frame(plan.length)
        #expect(!first.quads.isEmpty)
        #expect(first.quads == last.quads, "\(name): \(first.quads.count) quads at phase 0, \(last.quads.count) one loop on")
        // Halfway, each particle born in the window is shown once: about the live count of a plain run.
        let middle = frame(plan.length / 2)
        let plain = Scene(description)
        plain.run(until: plan.start + plan.length / 2)
        var list = RenderList()
        plain.buildRenderList(into: &list)
        #expect(middle.quads.count > 0 && abs(Double(middle.quads.count - list.quads.count)) <= 0.35 * Double(list.quads.count) + 5)
    }
}
