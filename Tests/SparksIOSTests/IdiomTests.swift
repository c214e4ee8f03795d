import Foundation
import SparksCore
import SparksIOS
import Testing

/// The code around Core Animation that real files use: Objective-C as Xcode compiles it, values
/// from files that were not given, and Swift and UIKit idioms.
@Suite("Idioms of real iOS code")
struct IdiomTests {
    @Test("--define runs the didSet or setter of the property it sets (Pulsator's numPulse sets instanceCount)")
    func definedSetterRuns() throws {
        let code = """
            class Pulse: CAReplicatorLayer {
                var numPulse: Int = 1 {
                    didSet { instanceCount = numPulse; instanceDelay = 3 / Double(numPulse) }
                }
                override init() {
                    super.init()
                    let dot = CALayer()
                    dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
                    addSublayer(dot)
                }
            }
            """
        let (plain, _, _) = try importScene(code)
        #expect(plain.layers.first?.content.replicator?.instanceCount == 1)
        let (scene, messages, _) = try importScene(code, defines: ["numPulse": "3"])
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let replicator = try #require(scene.layers.first?.content.replicator)
        #expect(replicator.instanceCount == 3 && replicator.instanceDelay == 1)
        #expect(messages.contains { $0.text.contains("--define numPulse") && $0.text.contains("didSet") })
    }

    @Test("A CATransition runs as the animation it looks like: a push slides in from its side, a fade fades the changes made with it")
    func transitions() throws {
        let code = """
            let badge = CALayer()
            badge.frame = CGRect(x: 100, y: 100, width: 40, height: 40)
            view.layer.addSublayer(badge)
            let push = CATransition()
            push.type = .push
            push.subtype = .fromRight
            push.duration = 0.5
            badge.add(push, forKey: kCATransition)
            let dot = CALayer()
            dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            view.layer.addSublayer(dot)
            DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
                let fade = CATransition()
                fade.type = .fade
                fade.duration = 0.5
                dot.add(fade, forKey: nil)
                dot.opacity = 0
            }
            """
        let (scene, messages, _) = try importScene(code)
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let push = try #require(scene.layers.first?.animations.first)
        #expect(push.keyPath == "position" && push.timing.duration == 0.5)
        if case .basic(let from?, let to?, _) = push.kind {
            #expect(from == .vector(PropertyVector(160, 120)) && to == .vector(PropertyVector(120, 120)))
        } else {
            Issue.record("the push is not a basic animation from the right")
        }
        // The change made with the fade fades over its duration: opacity 1 → 0 from 2 s to 2.5 s.
        let fades = (scene.layers.last?.animations ?? []).filter {
            if case .basic(.number(1)?, .number(0)?, _) = $0.kind { return $0.keyPath == "opacity" }
            return false
        }
        #expect(fades.count == 1 && fades.first?.timing.beginTime == 2 && fades.first?.timing.duration == 0.5)
        #expect(messages.filter { $0.text.contains("CATransition") }.count == 2)
    }

    @Test("defer runs as its block ends; a dictionary's updateValue and subscript keep what is set")
    func deferAndDictionaries() throws {
        let code = """
            var cells: [String: CAEmitterCell] = [:]
            func make() -> CAEmitterCell {
                let cell = CAEmitterCell()
                defer { cell.birthRate = 10 }
                cell.birthRate = 5
                cell.lifetime = 1
                return cell
            }
            cells.updateValue(make(), forKey: "a")
            cells["b"] = make()
            let emitter = CAEmitterLayer()
            emitter.emitterCells = [cells["a"]!, cells["b"]!]
            view.layer.addSublayer(emitter)
            """
        let (scene, messages, _) = try importScene(code)
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let cells = try #require(scene.layers.first?.content.emitter?.emitterCells)
        #expect(cells.count == 2 && cells.allSatisfy { $0.birthRate == 10 })
    }

    @Test("Values from files not given stand in by the property's kind and the name, each said in a note")
    func standIns() throws {
        let code = """
            let emitter = CAEmitterLayer()
            emitter.emitterCells = Config.colors.map { color -> CAEmitterCell in
                let cell = CAEmitterCell()
                cell.color = color.cgColor
                cell.birthRate = Config.rate
                cell.lifetime = 2
                return cell
            }
            view.layer.addSublayer(emitter)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            fade.timingFunction = TimingFunction.easeInOutQuad.curve()
            emitter.add(fade, forKey: "fade")
            Helpers.perform(afterDelay: 0.5) { emitter.birthRate = 0 }
            """
        let (scene, messages, _) = try importScene(code)
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let layer = try #require(scene.layers.first)
        let cells = try #require(layer.content.emitter?.emitterCells)
        #expect(cells.count == 6)
        #expect(cells.allSatisfy { $0.birthRate > 0 })
        let fade = try #require(layer.animations.first { $0.key == "fade" })
        #expect(fade.timingFunction == TimingFunction.named["easeInEaseOut"])
        let stop = try #require(layer.animations.first { $0.keyPath == "birthRate" })
        #expect(stop.timing.beginTime == 0.5)
        for unknown in ["Config.colors", "Config.rate", "TimingFunction.easeInOutQuad", "Helpers.perform"] {
            #expect(messages.contains { $0.kind == .note && $0.text.hasPrefix(unknown) }, "\(unknown): \(messages.map(\.description))")
        }
    }

    @Test("An app delegate's window on the screen's bounds, and Objective-C ivars of a header not given")
    func objectiveC() throws {
        let code = """
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
                [self.window makeKeyAndVisible];
                return YES;
            }
            @end
            @implementation RingLayer
            - (instancetype)init {
                if ((self = [super init])) {
                    _ringCount = 4;
                    self.instanceCount = _ringCount;
                    CALayer *ring = [CALayer layer];
                    ring.bounds = CGRectMake(0, 0, 20, 20);
                    [self addSublayer:ring];
                }
                return self;
            }
            @end
            """
        let (scene, messages, _) = try importScene(code, file: "Rings.m")
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        #expect(scene.layers.first { $0.content.replicator?.instanceCount == 4 } != nil)
        #expect(messages.contains { $0.text.contains("taken as CAReplicatorLayer") })
        #expect(messages.contains { $0.text.contains("_ringCount is the instance variable") })
    }
}
