import Foundation
import SparksCore
import Testing

@Suite("Render list: render modes, blending and batching (core-animation.md §5.4)")
struct RenderListTests {
    func build(_ mode: RenderMode, cells: [EmitterCell], preservesDepth: Bool = false) -> (RenderList, Scene) {
        let (scene, _) = emitterScene { e in
            e.renderMode = mode
            e.preservesDepth = preservesDepth
            e.emitterCells = cells
        }
        scene.run(until: 1)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        return (list, scene)
    }

    let red = Texture(name: "red", pixelWidth: 8, pixelHeight: 8)
    let blue = Texture(name: "blue", pixelWidth: 8, pixelHeight: 8)

    func twoCells(lifetimeA: Double = 10, lifetimeB: Double = 10) -> [EmitterCell] {
        [
            cell("a") {
                $0.contents = red
                $0.birthRate = 7
                $0.lifetime = lifetimeA
                $0.velocity = 10
            },
            cell("b") {
                $0.contents = blue
                $0.birthRate = 11
                $0.lifetime = lifetimeB
                $0.velocity = 10
                $0.emissionRange = 3
            },
        ]
    }

    /// The age shown by each quad: its rotation with spin 1 is its age.
    func agesInDrawOrder(_ mode: RenderMode) -> [Float] {
        let cells = twoCells().map { c -> EmitterCell in
            var c = c
            c.spin = 1
            return c
        }
        return build(mode, cells: cells).0.quads.map(\.rotation)
    }

    @Test("additive draws with additive blending; the others blend normally")
    func blendModes() {
        for mode in RenderMode.allCases {
            let (list, _) = build(mode, cells: twoCells())
            #expect(list.batches.allSatisfy { $0.blendMode == (mode == .additive ? .additive : .normal) })
        }
    }

    @Test("unordered and additive: one batch per cell, each in birth order")
    func unorderedBatches() {
        for mode in [RenderMode.unordered, .additive] {
            let (list, _) = build(mode, cells: twoCells())
            #expect(list.batches.count == 2)
            #expect(list.batches[0].texture == red && list.batches[1].texture == blue)
            #expect(list.batches[0].range.count == 7 && list.batches[1].range.count == 11)
        }
    }

    @Test("oldestFirst draws the oldest particle first across cells; oldestLast the reverse")
    func ageOrder() {
        let first = agesInDrawOrder(.oldestFirst)
        #expect(first.count == 18)
        #expect(zip(first, first.dropFirst()).allSatisfy { $0 >= $1 })
        let last = agesInDrawOrder(.oldestLast)
        #expect(zip(last, last.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("backToFront draws far (small z) first")
    func depthOrder() {
        let (scene, emitter) = emitterScene { e in
            e.renderMode = .backToFront
            e.preservesDepth = true
            e.emitterCells = [
                cell {
                    $0.birthRate = 200
                    $0.lifetime = 5
                    $0.velocity = 50
                    $0.emissionRange = 2 * .pi
                }
            ]
        }
        scene.run(until: 1)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        #expect(list.quads.count == emitter.liveParticleCount)
        let z = list.quads.map(\.centerZ)
        #expect(Set(z).count > 100)
        #expect(zip(z, z.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("Without preservesDepth particles are flattened onto the layer (z = 0)")
    func flattened() {
        let (list, _) = build(
            .unordered,
            cells: [
                cell {
                    $0.birthRate = 100
                    $0.lifetime = 5
                    $0.velocity = 50
                    $0.emissionRange = 6
                }
            ])
        #expect(list.quads.allSatisfy { $0.centerZ == 0 })
    }

    @Test("Cells without contents, disabled cells and fully transparent particles draw nothing")
    func invisible() {
        var noContents = cell("n") {
            $0.birthRate = 10
            $0.lifetime = 5
        }
        noContents.contents = nil
        let disabled = cell("d") {
            $0.birthRate = 10
            $0.lifetime = 5
            $0.isEnabled = false
        }
        let transparent = cell("t") {
            $0.birthRate = 10
            $0.lifetime = 5
            $0.color = .clear
        }
        let (list, scene) = build(.unordered, cells: [noContents, disabled, transparent])
        #expect(list.quads.isEmpty)
        #expect(scene.liveParticleCount == 20)  // disabled cells do not emit
    }

    @Test("An emitter's particles are drawn above its background, its sublayers and its border")
    func layerOrder() {
        var background = LayerProperties(name: "panel")
        background.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        background.backgroundColor = .white
        background.borderWidth = 2
        var emitter = EmitterProperties()
        emitter.emitterCells = [
            cell {
                $0.birthRate = 10
                $0.lifetime = 5
            }
        ]
        var top = LayerProperties(name: "top")
        top.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        top.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let description = SceneDescription(
            name: "t",
            layers: [
                LayerDescription(
                    kind: .emitter, properties: background, emitter: emitter, sublayers: [LayerDescription(kind: .layer, properties: top)])
            ])
        let scene = Scene(description)
        scene.run(until: 1)
        var list = RenderList()
        scene.buildRenderList(into: &list)
        #expect(list.batches.map { $0.texture?.name ?? "solid" } == ["solid", "solid", "solid", "dot"])
        #expect(list.batches.map(\.shape) == [.rectangle, .rectangle, .border(width: 2, cornerRadius: 0), .rectangle])
        #expect(list.quads[0].red == 1 && list.quads[0].green == 1)
        #expect(list.quads[1].red == 1 && list.quads[1].green == 0)
    }
}
