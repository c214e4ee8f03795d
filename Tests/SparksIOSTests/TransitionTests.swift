import Foundation
import SparksCore
import SparksIOS
import Testing

/// Transitions in iOS code (core-animation.md §4.7): a CATransition or UIView transition carries
/// the changes made in its run-loop turn, each type drawn as the animation it looks like.
@Suite("Transitions in iOS code")
struct TransitionTests {
    func state(_ scene: SceneDescription, _ path: [Int] = [0], at t: Double) -> LayerProperties {
        presentedState(scene, path, at: t).layer
    }

    static let tile = """
        class TileController: UIViewController {
            let tile = CALayer()
            override func viewDidLoad() {
                super.viewDidLoad()
                tile.frame = CGRect(x: 100, y: 100, width: 80, height: 60)
                tile.backgroundColor = UIColor.red.cgColor
                view.layer.addSublayer(tile)
            }
            func next() {
                CHANGE
            }
        }
        """

    func tile(_ change: String) throws -> (SceneDescription, [ImportMessage]) {
        let (scene, messages, _) = try importScene(
            Self.tile.replacingOccurrences(of: "CHANGE", with: change), file: "TileController.swift", calls: ["next"])
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        return (scene, messages)
    }

    @Test("A fade carries the changes of its turn, made before it or after: they cross-dissolve over its duration")
    func fade() throws {
        for order in [
            "tile.backgroundColor = UIColor.blue.cgColor; let t = CATransition(); t.duration = 2; tile.add(t, forKey: nil)",
            "let t = CATransition(); t.type = .fade; t.duration = 2; tile.add(t, forKey: nil); tile.backgroundColor = UIColor.blue.cgColor",
        ] {
            let (scene, _) = try tile(order)
            #expect(abs(state(scene, [0], at: 1).backgroundColor.blue - 0.5) < 1e-9, "\(order)")
            #expect(state(scene, [0], at: 3).backgroundColor == Color(red: 0, green: 0, blue: 1))
        }
    }

    @Test("oglFlip turns the layer edge-on and back; its changes show from the middle")
    func flip() throws {
        let (scene, messages) = try tile(
            #"let t = CATransition(); t.type = CATransitionType(rawValue: "oglFlip"); t.duration = 1; tile.add(t, forKey: "flip"); tile.backgroundColor = UIColor.blue.cgColor"#
        )
        #expect(messages.contains { $0.text.contains("turns the layer edge-on and back") })
        #expect(state(scene, [0], at: 0.4).backgroundColor == Color(red: 1, green: 0, blue: 0))
        #expect(state(scene, [0], at: 0.6).backgroundColor == Color(red: 0, green: 0, blue: 1))
        // Edge-on at the middle: the layer's x axis has no width left.
        let middle = state(scene, [0], at: 0.5).transform
        #expect(abs(middle.m11) < 1e-9)
        #expect(state(scene, [0], at: 2).transform == .identity)
    }

    @Test("Private types are drawn as a cross-dissolve, said in a note; push slides in from its side")
    func approximations() throws {
        let (curl, messages) = try tile(
            #"let t = CATransition(); t.type = CATransitionType(rawValue: "pageCurl"); t.duration = 1; tile.add(t, forKey: nil); tile.opacity = 0"#
        )
        #expect(messages.contains { $0.text.contains("is drawn as a cross-dissolve") })
        #expect(abs(state(curl, [0], at: 0.5).opacity - 0.5) < 1e-9)
        let (push, _) = try tile(
            "let t = CATransition(); t.type = .push; t.subtype = .fromRight; t.duration = 1; t.timingFunction = CAMediaTimingFunction(name: .linear); tile.add(t, forKey: nil)"
        )
        #expect(abs(state(push, [0], at: 0.5).position.x - (140 + 40)) < 1e-9)
    }

    @Test("A CATransition in a layer's actions carries the change of its key")
    func transitionAsAction() throws {
        let code = Self.tile.replacingOccurrences(
            of: "view.layer.addSublayer(tile)",
            with:
                "view.layer.addSublayer(tile); let push = CATransition(); push.type = .push; push.subtype = .fromLeft; tile.actions = [\"backgroundColor\": push]"
        ).replacingOccurrences(of: "CHANGE", with: "tile.backgroundColor = UIColor.blue.cgColor")
        let (scene, messages, _) = try importScene(code, file: "TileController.swift", calls: ["next"])
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(state(scene, [0], at: 0).position.x == 60)
        #expect(state(scene, [0], at: 0.1).backgroundColor == Color(red: 0, green: 0, blue: 1))
        #expect(state(scene, [0], at: 1).position.x == 140)
    }

    static let card = """
        class CardController: UIViewController {
            let card = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 140))
            let front = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 140))
            let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 140))
            override func viewDidLoad() {
                super.viewDidLoad()
                front.backgroundColor = .white
                back.backgroundColor = .blue
                front.isHidden = true
                card.addSubview(front)
                card.addSubview(back)
                view.addSubview(card)
            }
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                TRANSITION
            }
        }
        """

    @Test("UIView.transition(with:) flips the view; the block's changes to its subviews show from the middle")
    func viewTransition() throws {
        let code = Self.card.replacingOccurrences(
            of: "TRANSITION",
            with:
                "UIView.transition(with: card, duration: 0.8, options: [.transitionFlipFromRight], animations: { self.back.isHidden = true; self.front.isHidden = false })"
        )
        let (scene, messages, _) = try importScene(code, file: "CardController.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(state(scene, [0, 0], at: 0.3).isHidden && !state(scene, [0, 1], at: 0.3).isHidden)
        #expect(!state(scene, [0, 0], at: 0.5).isHidden && state(scene, [0, 1], at: 0.5).isHidden)
        #expect(abs(state(scene, [0], at: 0.4).transform.m11) < 1e-9)
    }

    @Test("UIView.transition(from:to:) cross-dissolves: the new view fades in where the old one was, which leaves at the end")
    func viewReplacement() throws {
        let code = Self.card.replacingOccurrences(
            of: "TRANSITION",
            with: """
                let other = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 140))
                other.backgroundColor = .green
                UIView.transition(from: card, to: other, duration: 1, options: [.transitionCrossDissolve, .curveLinear], completion: nil)
                """)
        let (scene, messages, _) = try importScene(code, file: "CardController.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(scene.layers.count == 2)
        #expect(abs(state(scene, [1], at: 0.25).opacity - 0.25) < 1e-9)
        #expect(abs(state(scene, [0], at: 0.25).opacity - 0.75) < 1e-9)
        #expect(state(scene, [0], at: 1.5).isHidden && !state(scene, [1], at: 1.5).isHidden)
    }

    @Test("A layer added by a timer appears then; code that keeps scheduling itself is followed for 30 s")
    func appearsLater() throws {
        let code = """
            let dot = CALayer()
            dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            DispatchQueue.main.asyncAfter(deadline: .now() + 2) { view.layer.addSublayer(dot) }
            func tick() { DispatchQueue.main.asyncAfter(deadline: .now() + 4) { tick() } }
            tick()
            """
        let (scene, messages, _) = try importScene(code, file: "Later.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(state(scene, [0], at: 1.9).isHidden && !state(scene, [0], at: 2).isHidden)
        #expect(messages.contains { $0.text.contains("at 32 s is past the 30 s followed; not run") })
    }
}
