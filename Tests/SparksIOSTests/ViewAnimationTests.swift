import Foundation
import SparksCore
import SparksIOS
import Testing

/// Implicit animations, transactions and UIView animations in iOS code, imported as the layer
/// animations Core Animation makes of them (core-animation.md §4.6), checked as values at
/// moments of the effect.
@Suite("Implicit and UIView animations in iOS code")
struct ViewAnimationTests {
    func state(_ scene: SceneDescription, _ path: [Int] = [0], at t: Double) -> LayerProperties {
        presentedState(scene, path, at: t).layer
    }

    static let boxController = """
        class BoxController: UIViewController {
            let box = CALayer()
            override func viewDidLoad() {
                super.viewDidLoad()
                box.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
                box.position = CGPoint(x: 50, y: 100)
                box.backgroundColor = UIColor.red.cgColor
                view.layer.addSublayer(box)
                SETUP
            }
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                APPEAR
            }
        }
        """

    func controller(setup: String = "", appear: String) -> String {
        Self.boxController.replacingOccurrences(of: "SETUP", with: setup).replacingOccurrences(of: "APPEAR", with: appear)
    }

    @Test("A layer shown before moves and changes colour over the transaction's duration with the default curve")
    func implicitInTransaction() throws {
        let code = controller(
            appear: """
                CATransaction.begin()
                CATransaction.setAnimationDuration(2)
                box.position = CGPoint(x: 250, y: 100)
                box.backgroundColor = UIColor.blue.cgColor
                CATransaction.commit()
                """)
        let (scene, messages, _) = try importScene(code, file: "BoxController.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        for t in [0.0, 0.5, 1.0, 1.5] {
            let p = TimingFunction.default.value(at: t / 2)
            let s = state(scene, at: t)
            #expect(abs(s.position.x - (50 + 200 * p)) < 1e-6, "x at \(t) s")
            #expect(abs(s.backgroundColor.red - (1 - p)) < 1e-6 && abs(s.backgroundColor.blue - p) < 1e-6, "colour at \(t) s")
        }
        #expect(state(scene, at: 3).position.x == 250)
    }

    @Test("Without a transaction the change takes 0.25 s; made in the turn the layer was made, or with actions disabled, it jumps")
    func implicitDefaultsAndJumps() throws {
        let (plain, _, _) = try importScene(controller(appear: "box.opacity = 0"), file: "BoxController.swift")
        let p = TimingFunction.default.value(at: 0.5)
        #expect(abs(state(plain, at: 0.125).opacity - (1 - p)) < 1e-6)
        #expect(state(plain, at: 0.3).opacity == 0)
        // Set in viewDidLoad, the turn the layer is made in: nothing was shown yet.
        let (sameTurn, _, _) = try importScene(controller(setup: "box.opacity = 0", appear: ""), file: "BoxController.swift")
        #expect(state(sameTurn, at: 0).opacity == 0 && sameTurn.layers[0].animations.isEmpty)
        let (disabled, _, _) = try importScene(
            controller(appear: "CATransaction.begin(); CATransaction.setDisableActions(true); box.opacity = 0; CATransaction.commit()"),
            file: "BoxController.swift")
        #expect(state(disabled, at: 0).opacity == 0 && disabled.layers[0].animations.isEmpty)
    }

    @Test("An animation added under a property's key replaces the implicit animation setting it made; the value set stays")
    func explicitReplacesImplicit() throws {
        let code = controller(
            appear: """
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 1
                fade.toValue = 0
                fade.duration = 2
                box.opacity = 0
                box.add(fade, forKey: "opacity")
                """)
        let (scene, messages, _) = try importScene(code, file: "BoxController.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        // Linear over 2 s, not the 0.25 s implicit fade.
        for t in [0.1, 0.5, 1.0, 1.5] { #expect(abs(state(scene, at: t).opacity - (1 - t / 2)) < 1e-6, "opacity at \(t) s") }
        #expect(state(scene, at: 3).opacity == 0)
    }

    @Test("A value set again and again at one moment makes one animation, from where it started to where it ends")
    func loopAtOneMoment() throws {
        let (scene, messages, _) = try importScene(
            controller(appear: "for _ in 0..<5000 { box.opacity -= 0.0001 }; box.position.x += 1; box.position.x += 1"),
            file: "BoxController.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(scene.layers[0].animations.count == 2)
        #expect(abs(state(scene, at: 1).opacity - 0.5) < 1e-6)
        #expect(state(scene, at: 0).position.x == 50 && state(scene, at: 1).position.x == 52)
    }

    @Test("The action search: NSNull in actions or from the delegate ends it with no animation, for that key only")
    func actionSearch() throws {
        let actions = controller(
            setup: #"box.actions = ["position": NSNull()]"#, appear: "box.position = CGPoint(x: 90, y: 100); box.opacity = 0.5")
        let (scene, _, _) = try importScene(actions, file: "BoxController.swift")
        #expect(state(scene, at: 0.05).position.x == 90)
        #expect(state(scene, at: 0.05).opacity > 0.5)
        let delegate = """
            class Quiet: NSObject, CALayerDelegate {
                func action(for layer: CALayer, forKey event: String) -> CAAction? {
                    if event == "opacity" { return NSNull() }
                    return nil
                }
            }
            let quiet = Quiet()
            """
            + controller(setup: "box.delegate = quiet", appear: "box.position = CGPoint(x: 90, y: 100); box.opacity = 0.5")
        let (withDelegate, messages, _) = try importScene(delegate, file: "BoxController.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(state(withDelegate, at: 0.05).opacity == 0.5)
        #expect(state(withDelegate, at: 0.05).position.x < 90)
    }

    @Test("A transaction's completion block runs when its animations end, and what it changes animates from there")
    func transactionCompletion() throws {
        let code = controller(
            appear: """
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                CATransaction.setCompletionBlock {
                    self.box.position = CGPoint(x: 50, y: 300)
                }
                box.position = CGPoint(x: 150, y: 100)
                CATransaction.commit()
                """)
        let (scene, messages, _) = try importScene(code, file: "BoxController.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(state(scene, at: 0.99).position.y == 100)
        let p = TimingFunction.default.value(at: 0.5)
        let mid = state(scene, at: 1.125).position
        #expect(abs(mid.x - (150 - 100 * p)) < 1e-6 && abs(mid.y - (100 + 200 * p)) < 1e-6)
        #expect(state(scene, at: 2).position == Point(x: 50, y: 300))
    }

    static let buttonController = """
        class LoginController: UIViewController {
            let button = UIView(frame: CGRect(x: -200, y: 300, width: 100, height: 40))
            override func viewDidLoad() {
                super.viewDidLoad()
                button.backgroundColor = .blue
                view.addSubview(button)
            }
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                ANIMATE
            }
        }
        """

    func login(_ animate: String) throws -> SceneDescription {
        let (scene, messages, _) = try importScene(
            Self.buttonController.replacingOccurrences(of: "ANIMATE", with: animate), file: "LoginController.swift")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        return scene
    }

    @Test("UIView.animate: the view's layer goes from where it was to the new value after the delay, with the curve the options name")
    func viewAnimation() throws {
        let scene = try login(
            "UIView.animate(withDuration: 0.8, delay: 0.4, options: [.curveEaseIn], animations: { self.button.center.x = 160 }, completion: nil)"
        )
        #expect(state(scene, at: 0.3).position.x == -150)
        for t in [0.4, 0.6, 0.8, 1.0] {
            let expected = -150 + 310 * TimingFunction.easeIn.value(at: (t - 0.4) / 0.8)
            #expect(abs(state(scene, at: t).position.x - expected) < 1e-6, "at \(t) s")
        }
        #expect(state(scene, at: 1.5).position.x == 160)
        // The default curve is ease-in-ease-out; the view's own layer does not animate outside a block.
        let plain = try login("UIView.animate(withDuration: 1) { self.button.alpha = 0 }; self.button.center.y = 20")
        #expect(abs(state(plain, at: 0.25).opacity - (1 - TimingFunction.easeInEaseOut.value(at: 0.25))) < 1e-6)
        #expect(state(plain, at: 0.01).position.y == 20)
    }

    @Test("Options: repeat and autoreverse repeat for ever; a finite autoreverse ends showing the new value")
    func repeatAndAutoreverse() throws {
        let forever = try login(
            "UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear], animations: { self.button.alpha = 0 })"
        )
        #expect(abs(state(forever, at: 0.5).opacity - 0.5) < 1e-6)
        #expect(abs(state(forever, at: 1.5).opacity - 0.5) < 1e-6)
        #expect(abs(state(forever, at: 10.25).opacity - 0.75) < 1e-6)
        let objc = """
            @interface Fader : UIViewController
            @end
            @implementation Fader
            - (void)viewDidAppear:(BOOL)animated {
                [super viewDidAppear:animated];
                UIView *dot = [[UIView alloc] initWithFrame:CGRectMake(0, 0, 20, 20)];
                [self.view addSubview:dot];
                [UIView beginAnimations:nil context:nil];
                [UIView setAnimationDuration:0.5];
                [UIView setAnimationCurve:UIViewAnimationCurveLinear];
                [UIView setAnimationRepeatCount:2];
                [UIView setAnimationRepeatAutoreverses:YES];
                dot.alpha = 0.2;
                [UIView commitAnimations];
            }
            @end
            """
        let (scene, messages, _) = try importScene(objc, file: "Fader.m")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(abs(state(scene, at: 0.25).opacity - 0.6) < 1e-6)
        #expect(abs(state(scene, at: 0.75).opacity - 0.6) < 1e-6)
        #expect(abs(state(scene, at: 2.5).opacity - 0.2) < 1e-6)
    }

    @Test("UIKit's spring: overshoots at a damping ratio under 1, settles within the duration, never overshoots at 1")
    func uiKitSpring() throws {
        let bouncy = try login(
            "UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0, options: [], animations: { self.button.center.x = 150 })"
        )
        let xs = stride(from: 0.0, through: 1.0, by: 0.01).map { state(bouncy, at: $0).position.x }
        #expect(xs.max()! > 150 + 0.2 * 300)
        #expect(abs(xs.last! - 150) <= 300.0 / 1200 + 1e-6)
        #expect(state(bouncy, at: 2).position.x == 150)
        let spring = try #require(bouncy.layers[0].animations.first { $0.spring != nil }?.spring)
        #expect(abs(spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot()) - 0.3) < 1e-9)
        #expect(abs(spring.settlingDuration - 1) < 1e-3)
        let critical = try login(
            "UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [], animations: { self.button.center.x = 150 })"
        )
        #expect(stride(from: 0.0, through: 0.6, by: 0.01).allSatisfy { state(critical, at: $0).position.x <= 150 + 1e-9 })
    }

    @Test("animateKeyframes: each keyframe starts at its relative start and reaches its value at its end")
    func keyframes() throws {
        let scene = try login(
            """
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: [.calculationModeLinear], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { self.button.center.x = 0 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                    self.button.center.x = 100
                    self.button.center.x += 20
                }
            })
            """)
        let animation = try #require(scene.layers[0].animations.first)
        guard case .keyframe(let k) = animation.kind else {
            Issue.record("not a keyframe animation: \(animation.kind)")
            return
        }
        #expect(k.keyTimes == [0, 0.25, 0.5, 1])
        #expect(k.values.map { $0.vector?[0] } == [-150, 0, 0, 120])
        #expect(animation.timingFunction == .easeInEaseOut)
        #expect(state(scene, at: 2.5).position.x == 120)
    }

    @Test("A completion block starts the next animation when the first ends, from where it left the view")
    func chainedCompletion() throws {
        let scene = try login(
            """
            UIView.animate(withDuration: 0.5, animations: { self.button.center.x = 100 }) { finished in
                if finished {
                    UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { self.button.center.y = 100 })
                }
            }
            """)
        #expect(state(scene, at: 0.5).position == Point(x: 100, y: 320))
        #expect(abs(state(scene, at: 0.75).position.y - 210) < 1e-6)
        #expect(state(scene, at: 2).position == Point(x: 100, y: 100))
    }

    @Test("UIViewPropertyAnimator: its blocks animate when it starts, a delay factor waits that share of the duration")
    func propertyAnimator() throws {
        let scene = try login(
            """
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { self.button.alpha = 0 }
            animator.addAnimations({ self.button.center.x = 50 }, delayFactor: 0.5)
            animator.addCompletion { _ in self.button.backgroundColor = .red }
            animator.startAnimation(afterDelay: 1)
            """)
        #expect(state(scene, at: 1.5).opacity == 0.5)
        #expect(state(scene, at: 1.5).position.x == -150)
        #expect(abs(state(scene, at: 1.75).position.x - (-150 + 200 * TimingFunction.linear.value(at: 0.5))) < 1e-6)
        #expect(state(scene, at: 2.5).backgroundColor == Color(red: 1, green: 0, blue: 0))
    }
}
