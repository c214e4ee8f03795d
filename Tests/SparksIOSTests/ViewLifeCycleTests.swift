import Foundation
import SparksCore
import SparksIOS
import Testing

/// UIKit's life cycle of the views the code makes: initialisers in either language, the
/// willMove/didMove notifications, layout passes, Objective-C headers' properties and
/// hand-written lazy getters, and a `--call` run on the view the code made.
@Suite("A view's life, as UIKit lives it")
struct ViewLifeCycleTests {
    /// A view class whose effect is set up across its life cycle, made by a controller.
    static let sparkleView = """
        import UIKit

        class SparkleView: UIView {
            let emitter = CAEmitterLayer()
            var events: [String] = []
            lazy var cell: CAEmitterCell = {
                let c = CAEmitterCell()
                c.birthRate = 40
                c.lifetime = 2
                c.velocity = 80
                return c
            }()
            override init(frame: CGRect) {
                super.init(frame: frame)
                emitter.emitterCells = [cell]
                layer.addSublayer(emitter)
            }
            required init?(coder: NSCoder) { fatalError() }
            override func willMove(toSuperview newSuperview: UIView?) {
                super.willMove(toSuperview: newSuperview)
                emitter.birthRate = 0.25
            }
            override func didMoveToSuperview() {
                super.didMoveToSuperview()
                emitter.birthRate *= 2
            }
            override func didMoveToWindow() {
                super.didMoveToWindow()
                emitter.birthRate *= 2
            }
            override func layoutSubviews() {
                super.layoutSubviews()
                emitter.frame = bounds
                emitter.emitterPosition = CGPoint(x: bounds.midX, y: bounds.maxY - 10)
            }
            func burst() {
                emitter.emitterSize = CGSize(width: bounds.width, height: 1)
            }
        }

        class ViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                let sparkle = SparkleView(frame: CGRect(x: 50, y: 100, width: 200, height: 300))
                view.addSubview(sparkle)
            }
        }
        """

    @Test("A view the controller makes runs init(frame:), willMove/didMove and layoutSubviews (after its frame is set), in order")
    func swiftLifeCycle() throws {
        let (scene, _, _) = try importScene(Self.sparkleView)
        let view = scene.layers[0]
        #expect(view.properties.bounds.size == Size(width: 200, height: 300))
        let emitter = try #require(view.sublayers[0].content.emitter)
        // willMove sets 0.25; didMoveToWindow and didMoveToSuperview each double it.
        #expect(emitter.birthRate == 1)
        #expect(emitter.emitterPosition == Point(x: 100, y: 290))
        #expect(view.sublayers[0].properties.bounds.size == Size(width: 200, height: 300))
    }

    @Test("--call runs on the view the code made and shows, not on a new one")
    func callOnTheDemosView() throws {
        let (scene, messages, _) = try importScene(Self.sparkleView, calls: ["burst"])
        #expect(scene.layers.count == 1, "\(messages)")
        #expect(scene.layers[0].sublayers[0].content.emitter?.emitterSize == Size(width: 200, height: 1))
    }

    @Test("A size changed later lays the view out again; setNeedsLayout and layoutIfNeeded run the pass")
    func layoutAgain() throws {
        let code = """
            import UIKit
            class Bar: UIView {
                let fill = CALayer()
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    layer.addSublayer(fill)
                }
                required init?(coder: NSCoder) { fatalError() }
                override func layoutSubviews() {
                    super.layoutSubviews()
                    fill.frame = CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height)
                }
            }
            class ViewController: UIViewController {
                let bar = Bar(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(bar)
                    bar.frame = CGRect(x: 0, y: 0, width: 300, height: 20)
                    bar.layoutIfNeeded()
                    bar.layer.sublayers?.first?.opacity = Float(bar.layer.sublayers!.first!.bounds.width / 300)
                }
            }
            """
        let (scene, messages, _) = try importScene(code)
        let fill = scene.layers[0].sublayers[0].properties
        #expect(fill.bounds.size == Size(width: 150, height: 20), "\(messages)")
        // layoutIfNeeded laid it out before the next line read it.
        #expect(abs(fill.opacity - 0.5) < 1e-6)
    }

    static let header = """
        #import <UIKit/UIKit.h>
        @interface LoaderView : UIView
        @property (nonatomic, strong) CAReplicatorLayer *replicator;
        @property (nonatomic, assign) NSInteger dotCount;
        @property (nonatomic, strong) UIColor *dotColor;
        - (void)startAnimating;
        @end
        """

    static let implementation = """
        #import "LoaderView.h"
        @interface LoaderView () {
            CALayer *_dot;
            CGFloat _size;
        }
        @end
        @implementation LoaderView
        - (instancetype)initWithFrame:(CGRect)frame {
            if (self = [super initWithFrame:frame]) {
                _dotCount = 8;
                _size = 10;
                _dotColor = [UIColor redColor];
                [self.layer addSublayer:self.replicator];
            }
            return self;
        }
        - (CAReplicatorLayer *)replicator {
            if (!_replicator) {
                _replicator = [CAReplicatorLayer layer];
                _dot = [CALayer layer];
                _dot.bounds = CGRectMake(0, 0, _size, _size);
                _dot.backgroundColor = self.dotColor.CGColor;
                [_replicator addSublayer:_dot];
            }
            return _replicator;
        }
        - (void)layoutSubviews {
            [super layoutSubviews];
            self.replicator.frame = self.bounds;
            _dot.position = CGPointMake(self.bounds.size.width / 2, 10);
            self.replicator.instanceCount = self.dotCount;
            self.replicator.instanceTransform = CATransform3DMakeRotation(2 * M_PI / self.dotCount, 0, 0, 1);
        }
        - (void)startAnimating {
            CABasicAnimation *fade = [CABasicAnimation animationWithKeyPath:@"opacity"];
            fade.fromValue = @1; fade.toValue = @0; fade.duration = 1;
            [_dot addAnimation:fade forKey:@"fade"];
        }
        @end
        """

    static let controller = """
        #import "LoaderView.h"
        @interface ViewController : UIViewController
        @property (nonatomic, strong) LoaderView *loader;
        @end
        @implementation ViewController
        - (void)viewDidLoad {
            [super viewDidLoad];
            self.loader = [[LoaderView alloc] initWithFrame:CGRectMake(100, 200, 100, 100)];
            [self.view addSubview:self.loader];
        }
        - (IBAction)start:(id)sender {
            [self.loader startAnimating];
        }
        @end
        """

    @Test(
        "Objective-C: -initWithFrame: runs for alloc/initWithFrame:, a header's properties are the class's, a hand-written getter runs for self.name",
        arguments: [["ViewController.m", "LoaderView.m", "LoaderView.h"], ["LoaderView.h", "ViewController.m", "LoaderView.m"]])
    func objectiveC(order: [String]) throws {
        let texts = ["ViewController.m": Self.controller, "LoaderView.m": Self.implementation, "LoaderView.h": Self.header]
        var importer = Importer(sources: order.map { ($0, texts[$0]!) })
        importer.calls = ["start"]
        let result = try importer.run()
        let scene = try PresetDecoder(fileName: "imported.json", resolver: ResourceResolver(roots: []))
            .decode(Array(result.preset.utf8), defaultName: "imported").get()
        #expect(!result.messages.contains { $0.kind == .skipped }, "\(result.messages)")
        #expect(!result.messages.contains { $0.text.contains("header that was not given") }, "\(result.messages)")
        let replicator = scene.layers[0].sublayers[0]
        guard case .replicator(let r) = replicator.content else {
            Issue.record("not a replicator: \(replicator.content)")
            return
        }
        #expect(r.instanceCount == 8)
        #expect(replicator.properties.bounds.size == Size(width: 100, height: 100))
        let dot = replicator.sublayers[0]
        #expect(dot.properties.position == Point(x: 50, y: 10))
        #expect(dot.properties.bounds.size == Size(width: 10, height: 10))
        #expect(dot.properties.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(dot.animations.count == 1)
    }

    @Test("A header whose implementation is not given is no class that runs: the controller is the host")
    func headerAlone() throws {
        let header = """
            #import <UIKit/UIKit.h>
            @interface Pulse : UIView
            @property (nonatomic) CGFloat radius;
            @end
            """
        let controller = """
            import UIKit
            class ViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let dot = CALayer()
                    dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
                    view.layer.addSublayer(dot)
                }
            }
            """
        let result = try Importer(sources: [("Pulse.h", header), ("ViewController.swift", controller)]).run()
        #expect(result.scene.layers.count == 1)
        #expect(result.explanation.first?.hasPrefix("ViewController.viewDidLoad") == true, "\(result.explanation)")
        #expect(!result.explanation.contains { $0.contains("Pulse") })
    }

    @Test("The controller an app delegate makes the window's root is shown; a see-through view shows the window's black behind it")
    func appDelegateRoot() throws {
        let code = """
            import UIKit
            @UIApplicationMain
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window = UIWindow(frame: UIScreen.main.bounds)
                    window?.rootViewController = SnowViewController()
                    window?.makeKeyAndVisible()
                    return true
                }
            }
            class SnowViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.backgroundColor = UIColor.white.withAlphaComponent(0.4)
                    let snow = CAEmitterLayer()
                    snow.emitterPosition = CGPoint(x: view.bounds.midX, y: -10)
                    view.layer.addSublayer(snow)
                }
            }
            """
        let (scene, messages, result) = try importScene(code, file: "App.swift")
        #expect(result.explanation.contains { $0.hasPrefix("SnowViewController.viewDidLoad") }, "\(result.explanation)")
        #expect(scene.layers.first?.content.emitter?.emitterPosition == Point(x: 187.5, y: -10))
        #expect(scene.canvas.background == Color(red: 0.4, green: 0.4, blue: 0.4, alpha: 1))
        #expect(messages.contains { $0.text.contains("over the window's black") })
    }
}
