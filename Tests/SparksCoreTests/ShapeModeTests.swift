import Foundation
import SparksCore
import Testing

@Suite("Every emitter shape in every mode (core-animation.md §5.3)")
struct ShapeModeTests {
    static let combinations: [(EmitterShape, EmitterMode)] = EmitterShape.allCases.flatMap { shape in
        EmitterMode.allCases.map { (shape, $0) }
    }

    /// The documented natural direction at a birth point `b` (relative to the centre), for
    /// emitterSize (w, h) = (60, 40) and emitterDepth d = 20.
    static func expectedDirection(_ shape: EmitterShape, _ mode: EmitterMode, birth b: Vector3) -> Vector3? {
        switch (shape, mode) {
        case (.line, _): return Vector3(0, -1, 0)
        case (.rectangle, .outline):
            if abs(b.y + 20) < 1e-3 { return Vector3(0, -1, 0) }
            if abs(b.x - 30) < 1e-3 { return Vector3(1, 0, 0) }
            if abs(b.y - 20) < 1e-3 { return Vector3(0, 1, 0) }
            return Vector3(-1, 0, 0)
        case (.circle, .outline), (.sphere, .outline), (.sphere, .surface), (.sphere, .volume):
            return b.normalized(orElse: .zero)
        case (.cuboid, .surface):
            if abs(abs(b.x) - 30) < 1e-3 { return Vector3(b.x > 0 ? 1 : -1, 0, 0) }
            if abs(abs(b.y) - 20) < 1e-3 { return Vector3(0, b.y > 0 ? 1 : -1, 0) }
            return Vector3(0, 0, b.z > 0 ? 1 : -1)
        case (.cuboid, .outline):
            // On an edge two coordinates sit at their extremes: the outward diagonal of those two.
            let sx = abs(abs(b.x) - 30) < 1e-3 ? (b.x > 0 ? 1.0 : -1) : 0
            let sy = abs(abs(b.y) - 20) < 1e-3 ? (b.y > 0 ? 1.0 : -1) : 0
            let sz = abs(abs(b.z) - 10) < 1e-3 ? (b.z > 0 ? 1.0 : -1) : 0
            return Vector3(sx, sy, sz).normalized(orElse: .zero)
        default:
            return Vector3(1, 0, 0)
        }
    }

    /// Whether a birth point lies on the part of the shape the mode names.
    static func isOnShape(_ shape: EmitterShape, _ mode: EmitterMode, _ b: Vector3) -> Bool {
        let e = 1e-3
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < e }
        switch (shape, mode) {
        case (.point, _), (.circle, .points), (.sphere, .points): return b.length < e
        case (.line, .points): return near(abs(b.x), 30) && near(b.y, 0)
        case (.line, _): return abs(b.x) <= 30 + e && near(b.y, 0) && near(b.z, 0)
        case (.rectangle, .points): return near(abs(b.x), 30) && near(abs(b.y), 20)
        case (.rectangle, .outline): return (near(abs(b.x), 30) && abs(b.y) <= 20 + e) || (near(abs(b.y), 20) && abs(b.x) <= 30 + e)
        case (.rectangle, _): return abs(b.x) <= 30 + e && abs(b.y) <= 20 + e && near(b.z, 0)
        case (.cuboid, .points): return near(abs(b.x), 30) && near(abs(b.y), 20) && near(abs(b.z), 10)
        case (.cuboid, .volume): return abs(b.x) <= 30 + e && abs(b.y) <= 20 + e && abs(b.z) <= 10 + e
        case (.cuboid, .surface):
            let inside = abs(b.x) <= 30 + e && abs(b.y) <= 20 + e && abs(b.z) <= 10 + e
            return inside && (near(abs(b.x), 30) || near(abs(b.y), 20) || near(abs(b.z), 10))
        case (.cuboid, .outline):
            let extremes = [near(abs(b.x), 30), near(abs(b.y), 20), near(abs(b.z), 10)].filter { $0 }.count
            return extremes >= 2 && abs(b.x) <= 30 + e && abs(b.y) <= 20 + e && abs(b.z) <= 10 + e
        // A circle or sphere is as wide as emitterSize.width: radius 30.
        case (.circle, .outline): return near((b.x * b.x + b.y * b.y).squareRoot(), 30) && near(b.z, 0)
        case (.circle, _): return (b.x * b.x + b.y * b.y).squareRoot() <= 30 + e && near(b.z, 0)
        case (.sphere, .volume): return b.length <= 30 + e
        case (.sphere, _): return near(b.length, 30)
        }
    }

    @Test("Births lie on the shape and move along its natural direction", arguments: combinations)
    func shapeAndMode(shape: EmitterShape, mode: EmitterMode) {
        let (scene, emitter) = emitterScene { e in
            e.emitterShape = shape
            e.emitterMode = mode
            e.emitterPosition = Point(x: 200, y: 100)
            e.emitterZPosition = 5
            e.emitterSize = Size(width: 60, height: 40)
            e.emitterDepth = 20
            e.emitterCells = [
                cell {
                    $0.birthRate = 400
                    $0.lifetime = 5
                    $0.velocity = 10
                }
            ]
        }
        scene.run(until: 1)
        let s = emitter.storage()
        #expect(s.count == 400)
        let px = s.values(.positionX), py = s.values(.positionY), pz = s.values(.positionZ), age = s.values(.age)
        var misses = 0
        for (i, (vx, vy, vz)) in velocities(s).enumerated() {
            let a = Double(age[i])
            let birth = Vector3(Double(px[i]) - vx * a - 200, Double(py[i]) - vy * a - 100, Double(pz[i]) - vz * a - 5)
            if !Self.isOnShape(shape, mode, birth) {
                misses += 1
                continue
            }
            guard let n = Self.expectedDirection(shape, mode, birth: birth) else { continue }
            if abs(vx - 10 * n.x) > 1e-2 || abs(vy - 10 * n.y) > 1e-2 || abs(vz - 10 * n.z) > 1e-2 { misses += 1 }
        }
        #expect(misses == 0, "\(misses) of \(s.count) births off the \(shape) \(mode) or moving the wrong way")
    }
}
