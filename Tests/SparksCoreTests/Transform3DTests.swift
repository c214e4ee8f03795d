import Foundation
import SparksCore
import Testing

@Suite("CATransform3D semantics (core-animation.md §2)")
struct Transform3DTests {
    @Test("A quarter turn about z takes +x to +y (clockwise on screen)")
    func quarterTurn() {
        let r = Transform3D.rotation(.pi / 2, 0, 0, 1)
        #expect(abs(r.m11) < 1e-12)
        #expect(abs(r.m12 - 1) < 1e-12)
        #expect(abs(r.m21 + 1) < 1e-12)
        #expect(abs(r.m22) < 1e-12)
        let p = r.apply(to: Point(x: 1, y: 0))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
    }

    @Test("Concat(a, b) applies a first: Concat(Translate 10, Scale 2) has m41 = 20")
    func concatOrder() {
        let t = Transform3D.concat(.translation(10, 0, 0), .scale(2, 2, 2))
        #expect(t.m41 == 20)
    }

    @Test("Translate(t, …) pre-multiplies: Translate(Scale 2, 10, 0, 0) has m41 = 20")
    func translateActsFirst() {
        let t = Transform3D.scale(2, 2, 2).translated(10, 0, 0)
        #expect(t.m41 == 20)
        // The point (0, 0) is translated to (10, 0) then scaled to (20, 0).
        #expect(t.apply(to: Point.zero) == Point(x: 20, y: 0))
    }

    @Test("Translate-rotate-translate rotates about a point (Lockwood's ring)")
    func rotateAboutPoint() {
        let t = Transform3D.identity.translated(0, 200, 0).rotated(.pi, 0, 0, 1).translated(0, -200, 0)
        // Rotating (0, 0) by π about (0, 200) gives (0, 400).
        let p = t.apply(to: Point.zero)
        #expect(abs(p.x) < 1e-9 && abs(p.y - 400) < 1e-9)
    }

    @Test("Invert undoes a transform; a singular matrix comes back unchanged")
    func invert() {
        let t = Transform3D.identity.translated(5, -3, 2).rotated(0.7, 0, 0, 1).scaled(2, 3, 1)
        let product = t * t.inverted
        for (a, b) in zip(product.rowMajor, Transform3D.identity.rowMajor) { #expect(abs(a - b) < 1e-12) }
        let singular = Transform3D.scale(0, 1, 1)
        #expect(singular.inverted == singular)
    }

    @Test("Perspective: a point toward the viewer is drawn farther from the centre")
    func perspective() {
        let t = Transform3D.perspective(distance: 500)
        let near = t.apply(to: Vector3(100, 0, 100))
        #expect(near.x > 100)
        #expect(abs(near.x - 100 / (1 - 100.0 / 500)) < 1e-9)
    }
}
