import Foundation
import SparksCore
import SparksIOS
import Testing

/// What an import says about code it does not translate, and about the choices it makes,
/// in exact words.
@Suite("What the importer reports")
struct MessageTests {
    /// A snippet and the messages it must give, in order, as `LINE:COLUMN: kind: text`.
    struct Case: CustomStringConvertible, Sendable {
        var file: String
        var code: String
        var messages: [String]
        var description: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "unknown-layer-property.swift",
            code: """
                let e = CAEmitterLayer()
                e.emiterPosition = CGPoint(x: 1, y: 2)
                view.layer.addSublayer(e)
                """,
            messages: [
                "2:1: skipped: \"emiterPosition\" is not a property of an emitter layer (CAEmitterLayer) (did you mean \"emitterPosition\"?)"
            ]),
        Case(
            file: "unknown-cell-property.swift",
            code: """
                let c = CAEmitterCell()
                c.birthrate = 5
                """,
            messages: ["2:1: skipped: \"birthrate\" is not a property of an emitter cell (CAEmitterCell) (did you mean \"birthRate\"?)"]),
        Case(
            file: "private-cell-key.swift",
            code: """
                let c = CAEmitterCell()
                c.setValue(nil, forKey: "emitterBehaviors")
                """, messages: ["2:1: skipped: emitterBehaviors belong to the emitter layer (CAEmitterLayer), not to a cell"]),
        Case(
            file: "out-of-rule.swift",
            code: """
                let c = CAEmitterCell()
                c.lifetime = -1
                c.color = 5
                """, messages: ["2:1: skipped: lifetime: must not be negative, got -1", "3:1: skipped: expected a colour, got 5"]),
        Case(
            file: "unknown-name.swift",
            code: """
                let c = CAEmitterCell()
                c.birthRate = Float(intensity * 10)
                """,
            messages: [
                "2:21: note: intensity is not in the files: its usual value 150 stands in for birthRate (give the file that defines it, or --define intensity=VALUE, to use its value)"
            ]),
        Case(
            file: "unknown-calls.swift",
            code: """
                let p = someHelper()
                let c = UIColor.fancyColor(1)
                NSLayoutConstraint.activate([])
                """,
            messages: [
                "1:9: skipped: someHelper() is not understood", "2:9: skipped: UIColor.fancyColor(_:) is not understood",
                "3:1: note: Auto Layout constraints are not evaluated (a view they size takes its superview's bounds)",
            ]),
        Case(
            file: "views-not-layers.swift",
            code: """
                let v = UIView()
                v.translatesAutoresizingMaskIntoConstraints = false
                UIView.animate(withDuration: 1) { v.alpha = 0 }
                """,
            messages: [
                "2:1: note: translatesAutoresizingMaskIntoConstraints concerns UIKit views, not layers; it changes nothing drawn",
                "3:1: note: UIView.animate: one property animates over 1 s",
            ]),
        Case(
            file: "handlers.swift",
            code: """
                class TapView: UIView {
                    let e = CAEmitterLayer()
                    override init(frame: CGRect) {
                        super.init(frame: frame)
                        layer.addSublayer(e)
                    }
                    required init?(coder: NSCoder) { nil }
                    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                        e.birthRate = 2
                    }
                    func stop() { e.birthRate = 0 }
                }
                """,
            messages: [
                "8:5: note: touchesBegan(_:with:) handles events; it was not run",
                "11:5: note: stop() changes a running effect; it was not run (--call stop runs it)",
            ]),
        Case(
            file: "statements.swift",
            code: """
                switch 1 { case let x: break; default: break }
                let (a, b) = (1, 2)
                """,
            messages: [
                "1:17: skipped: a switch case that binds values (let x) is not understood",
                "2:5: skipped: a declaration of several names at once ((a, b)) is not understood",
            ]),
        Case(
            file: "random.swift",
            code: """
                let c = CAEmitterCell()
                c.birthRate = Float.random(in: 10...20)
                c.velocity = CGFloat(arc4random_uniform(100))
                """,
            messages: ["2:15: note: random value fixed at 19.350952620152384 (seeded)", "3:22: note: random value fixed at 33 (seeded)"]),
        Case(
            file: "timers.swift",
            code: """
                let e = CAEmitterLayer()
                view.layer.addSublayer(e)
                Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in e.birthRate = 0 }
                DispatchQueue.main.asyncAfter(deadline: .now() + 2) { e.birthRate = 0 }
                """,
            messages: [
                "3:65: note: birthRate animates implicitly over 0.25 s (a layer shown before changes in a later run-loop turn)",
                "3:1: note: a repeating timer every 1 s: its first 30 firings, to 30 s, are imported (changes start then and hold); the effect keeps their last state after that",
                "4:1: note: what asyncAfter changes after 2 s becomes animations that start then and hold",
            ]),
        Case(
            file: "wrong-kind.swift",
            code: """
                let r = CAReplicatorLayer()
                r.emitterShape = .line
                r.emitterCells = []
                """,
            messages: [
                "2:1: skipped: \"emitterShape\" belongs to emitter layers (CAEmitterLayer)",
                "3:1: skipped: emitterCells belongs to emitter layers (CAEmitterLayer)",
            ]),
        Case(
            file: "key-paths.swift",
            code: """
                let e = CAEmitterLayer()
                e.setValue(5, forKeyPath: "emitterCells.missing.birthRate")
                let a = CABasicAnimation(keyPath: "opacty")
                e.add(a, forKey: nil)
                """,
            messages: [
                "2:1: skipped: key path \"emitterCells.missing.birthRate\": there is no cell named \"missing\"",
                "3:9: skipped: the animation's key path \"opacty\": \"opacty\" is not a property of an emitter layer (CAEmitterLayer) (did you mean \"opacity\"?)",
            ]),
        Case(
            file: "unsupported-kinds.swift",
            code: """
                let t = CATransformLayer()
                let l = CALayer()
                l.mask = 3
                let c = CAEmitterCell()
                c.contents = UIImage(systemName: "star")?.cgImage
                """,
            messages: [
                "1:9: skipped: CATransformLayer is not supported by Sparks", "3:1: skipped: a mask is a layer, not 3",
                "5:14: note: SF Symbols are not available on Linux: \"star\" is a stand-in",
            ]),
        Case(
            file: "spring.swift",
            code: """
                let l = CALayer()
                let s = CASpringAnimation(keyPath: "position.y")
                s.toValue = 100
                l.add(s, forKey: nil)
                """,
            messages: [
                "2:9: note: the spring settles in 1.45 s but the animation lasts 0.25 s: it jumps to its end then, as on iOS (set duration to settlingDuration to see it settle)"
            ]),
        Case(
            file: "arrays.swift",
            code: """
                let a = [1, 2]
                let b = a[5]
                func f(_ n: Int) -> Int { f(n + 1) }
                let x = f(0)
                """,
            messages: ["2:9: skipped: the index 5 is outside the array (of 2)", "3:27: skipped: calls nest deeper than 64 (recursion?)"]),
        Case(
            file: "start-time.swift",
            code: """
                let e = CAEmitterLayer()
                e.beginTime = CACurrentMediaTime() - 2
                """, messages: ["2:15: note: CACurrentMediaTime() is the moment the code runs (0 s into the effect)"]),
        Case(
            file: "bundle.swift",
            code: """
                let c = CAEmitterCell()
                let path = Bundle(for: CAEmitterCell.self).path(forResource: "spark", ofType: "png")
                c.contents = UIImage(contentsOfFile: path!)?.cgImage
                """, messages: ["3:14: note: the image read from the app's resource spark.png is the image named \"spark\""]),
        Case(
            file: "unreadable.m",
            code: """
                @implementation AView
                - (void)awakeFromNib {
                    CAEmitterLayer *e = [CAEmitterLayer layer];
                    int x = sizeof(int);
                    [e frobnicate];
                    [self.layer addSublayer:e];
                }
                @end
                """,
            messages: [
                "4:5: skipped: this statement could not be read: sizeof is not read",
                "5:5: skipped: CAEmitterLayer.frobnicate() is not understood",
            ]),
        Case(
            file: "later.m",
            code: """
                @implementation BView
                - (void)awakeFromNib {
                    CAEmitterLayer *e = [CAEmitterLayer layer];
                    [self.layer addSublayer:e];
                    [self performSelector:@selector(missing) withObject:nil afterDelay:1];
                }
                @end
                """, messages: ["5:5: skipped: the method missing to run later is not in the files"]),
    ]

    @Test("Each skipped statement and each note, with its position and exact text", arguments: cases)
    func messages(_ c: Case) throws {
        var importer = Importer(sources: [(c.file, c.code)])
        importer.imageFolders = [assetsFolder]
        let result = try importer.run()
        #expect(result.messages.map { "\($0.line):\($0.column): \($0.kind.rawValue): \($0.text)" } == c.messages)
        #expect(result.messages.allSatisfy { $0.file == c.file })
    }

    @Test("A message reads FILE:LINE:COLUMN: skipped: reason, once per statement")
    func format() throws {
        let code = "let c = CAEmitterCell()\nfor _ in 0..<3 { c.birthrate = 1 }\n"
        let result = try Importer(sources: [("Loop.swift", code)]).run()
        #expect(
            result.messages.map(\.description) == [
                "Loop.swift:2:18: skipped: \"birthrate\" is not a property of an emitter cell (CAEmitterCell) (did you mean \"birthRate\"?)"
            ])
    }

    @Test("Code that runs for ever stops the import with a clear error")
    func endless() {
        #expect(throws: ImportError.self) { try Importer(sources: [("Loop.swift", "var i = 0\nwhile true { i += 1 }\n")]).run() }
        do {
            _ = try Importer(sources: [("Loop.swift", "var i = 0\nwhile true { i += 1 }\n")]).run()
        } catch {
            #expect(
                error.description
                    == "Loop.swift: the code runs more than 250000 steps (a search or copy of a list or dictionary counting one step "
                    + "per 64 elements); an effect's set-up needs far fewer (is there an endless loop?)")
        }
    }

    @Test("A file larger than the importer reads is refused with its name")
    func tooLarge() {
        let big = String(repeating: "// padding\n", count: Importer.maxSourceBytes / 10)
        do {
            _ = try Importer(sources: [("Big.swift", big)]).run()
            Issue.record("a huge file was read")
        } catch {
            #expect(error.description == "Big.swift: larger than 2 MB; not read")
        }
    }

    @Test("Random values are the same on every import")
    func seeded() throws {
        let code =
            "let c = CAEmitterCell()\nc.birthRate = Float.random(in: 10...20)\nlet e = CAEmitterLayer()\ne.emitterCells = [c]\nview.layer.addSublayer(e)\n"
        let a = try Importer(sources: [("R.swift", code)]).run()
        let b = try Importer(sources: [("R.swift", code)]).run()
        #expect(a.preset == b.preset)
    }

    @Test("--define supplies a value the code leaves open, and --call runs a method that changes the effect")
    func defineAndCall() throws {
        let code = """
            class V: UIView {
                let e = CAEmitterLayer()
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let c = CAEmitterCell()
                    c.birthRate = Float(10 * intensity)
                    e.emitterCells = [c]
                    layer.addSublayer(e)
                }
                required init?(coder: NSCoder) { nil }
                func stop() { e.birthRate = 0 }
            }
            """
        let (scene, messages, _) = try importScene(code, file: "V.swift", defines: ["intensity": "3"], calls: ["stop"])
        // The call comes after the view appeared: the emitter's birth rate eases to 0 as a change
        // to a layer on screen does (an implicit animation).
        #expect(
            messages.map(\.text) == ["birthRate animates implicitly over 0.25 s (a layer shown before changes in a later run-loop turn)"],
            "\(messages)")
        #expect(scene.layers.first?.content.emitter?.emitterCells.first?.birthRate == 30)
        #expect(scene.layers.first?.content.emitter?.birthRate == 0)
    }

    @Test("Images Sparks has are named as files; others get stand-in textures shaped as their names suggest")
    func images() throws {
        let code = """
            let e = CAEmitterLayer()
            let a = CAEmitterCell()
            a.contents = UIImage(named: "spark")?.cgImage
            let b = CAEmitterCell()
            b.contents = UIImage(named: "goldStar")?.cgImage
            let c = CAEmitterCell()
            c.contents = UIImage(named: "blob")?.cgImage
            e.emitterCells = [a, b, c]
            view.layer.addSublayer(e)
            """
        var importer = Importer(sources: [("I.swift", code)])
        importer.imageFolders = [assetsFolder]
        let result = try importer.run()
        let names = result.scene.layers.first?.content.emitter?.emitterCells.map { $0.contents?.name }
        #expect(names == ["spark.png", "goldStar.png", "blob.png"])
        #expect(result.standIns.map(\.fileName) == ["goldStar.png", "blob.png"])
        #expect(
            result.messages.map(\.description).contains(
                "I.swift:5:1: note: no image \"goldStar\" beside the preset or in assets/: wrote a stand-in, goldStar.png"))
        // The star is pointed (its centre opaque, between two points clear); the dot is soft.
        let star = try #require(result.standIns.first)
        func alpha(_ t: StandInTexture, _ x: Int, _ y: Int) -> UInt8 { t.rgba[(y * t.size + x) * 4 + 3] }
        #expect(alpha(star, 32, 32) == 255)
        #expect(alpha(star, 32, 60) < 64)
        let dot = result.standIns[1]
        #expect(alpha(dot, 32, 32) > 200 && alpha(dot, 32, 32) < 255 || alpha(dot, 32, 32) == 255)
        #expect(alpha(dot, 32, 16) > 0 && alpha(dot, 32, 16) < alpha(dot, 32, 32))
    }
}
