import Foundation
import SparksCore
import SparksIOS
import Testing

/// The views a storyboard or xib makes for its controller: custom classes awoken from the file
/// with their inspectable values, placed by their Auto Layout constraints on the device drawn for.
@Suite("A storyboard's views, as UIKit makes them")
struct InterfaceViewsTests {
    static func run(_ sources: [(String, String)], canvas: Size) throws -> (scene: SceneDescription, messages: [ImportMessage]) {
        let result = try Importer(sources: sources, canvas: canvas).run()
        let decoder = PresetDecoder(fileName: "imported.json", resolver: ResourceResolver(roots: []))
        return (try decoder.decode(Array(result.preset.utf8), defaultName: "imported").get(), result.messages)
    }

    /// A ring view of the files, placed in a 600 × 600 storyboard by constraints: centred, its
    /// width 7/8 of the root's (at a priority below required), square; its colour and width
    /// inspectable.
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc" customClass="RingViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="600" height="600"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="ring" customClass="RingView">
                                        <rect key="frame" x="40" y="40" width="520" height="520"/>
                                        <constraints>
                                            <constraint firstAttribute="width" secondItem="ring" secondAttribute="height" multiplier="1:1" id="aspect"/>
                                        </constraints>
                                        <userDefinedRuntimeAttributes>
                                            <userDefinedRuntimeAttribute type="color" keyPath="ringColor">
                                                <color key="value" red="1" green="0.5" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                            </userDefinedRuntimeAttribute>
                                            <userDefinedRuntimeAttribute type="number" keyPath="lineWidth">
                                                <real key="value" value="6"/>
                                            </userDefinedRuntimeAttribute>
                                            <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius">
                                                <integer key="value" value="4"/>
                                            </userDefinedRuntimeAttribute>
                                        </userDefinedRuntimeAttributes>
                                    </view>
                                </subviews>
                                <color key="backgroundColor" white="0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                                <constraints>
                                    <constraint firstItem="ring" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="40" id="left"/>
                                    <constraint firstAttribute="width" secondItem="ring" secondAttribute="width" multiplier="8:7" priority="750" id="share"/>
                                    <constraint firstAttribute="centerX" secondItem="ring" secondAttribute="centerX" id="cx"/>
                                    <constraint firstAttribute="centerY" secondItem="ring" secondAttribute="centerY" id="cy"/>
                                </constraints>
                                <variation key="default">
                                    <mask key="constraints">
                                        <exclude reference="left"/>
                                    </mask>
                                </variation>
                            </view>
                            <connections>
                                <outlet property="ring" destination="ring" id="o1"/>
                            </connections>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static let code = """
        import UIKit
        class RingView: UIView {
            let ring = CAShapeLayer()
            var awoken = false
            @IBInspectable var ringColor: UIColor = .blue { didSet { ring.strokeColor = ringColor.cgColor } }
            @IBInspectable var lineWidth: CGFloat = 1 { didSet { ring.lineWidth = lineWidth } }
            required init?(coder: NSCoder) {
                super.init(coder: coder)
                layer.addSublayer(ring)
            }
            override func awakeFromNib() {
                super.awakeFromNib()
                ring.fillColor = UIColor.clear.cgColor
                ring.opacity = lineWidth == 6 ? 1 : 0.5
            }
            override func layoutSubviews() {
                super.layoutSubviews()
                ring.frame = bounds
                ring.path = UIBezierPath(ovalIn: bounds).cgPath
            }
            func spin() {
                let turn = CABasicAnimation(keyPath: "transform.rotation")
                turn.toValue = 2 * Double.pi
                turn.duration = 1
                ring.add(turn, forKey: "spin")
            }
        }
        class RingViewController: UIViewController {
            @IBOutlet weak var ring: RingView!
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                ring.spin()
            }
        }
        """

    @Test(
        "A custom class is made with init(coder:), given its inspectable values and runtime attributes, awoken, laid out by its constraints, and is the outlet"
    )
    func customClassFromTheStoryboard() throws {
        let (scene, messages) = try Self.run(
            [("Ring.swift", Self.code), ("Main.storyboard", Self.storyboard)], canvas: Size(width: 320, height: 568))
        #expect(!messages.contains { $0.kind == .skipped }, "\(messages.map(\.description))")
        let view = try #require(scene.layers.first)
        // 7/8 of 320 wide, square, centred on the 320 × 568 screen.
        #expect(view.properties.bounds.size == Size(width: 280, height: 280))
        #expect(view.properties.position == Point(x: 160, y: 284))
        #expect(view.properties.cornerRadius == 4)
        let ring = try #require(view.sublayers.first)
        guard case .shape(let shape) = ring.content else {
            Issue.record("not a shape: \(ring.content)")
            return
        }
        #expect(shape.strokeColor == Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(shape.stroke.lineWidth == 6)
        // awakeFromNib ran after the inspectable values were set.
        #expect(ring.properties.opacity == 1)
        #expect(ring.properties.bounds.size == Size(width: 280, height: 280))
        // viewDidAppear's call reached the storyboard's view through the outlet.
        #expect(ring.animations.count == 1)
    }

    @Test("Constraints: edges pinned to the superview and its margins, a centred fixed size, a sibling below another")
    func constraints() throws {
        let storyboard = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="s"><objects>
            <viewController id="vc" customClass="BarsViewController" sceneMemberID="viewController">
                <view key="view" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <subviews>
                        <view id="top" translatesAutoresizingMaskIntoConstraints="NO"><rect key="frame" x="0" y="0" width="10" height="10"/></view>
                        <view id="middle" translatesAutoresizingMaskIntoConstraints="NO"><rect key="frame" x="0" y="0" width="10" height="10"/></view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="top" firstAttribute="leading" secondItem="root" secondAttribute="leadingMargin" id="a"/>
                        <constraint firstAttribute="trailing" secondItem="top" secondAttribute="trailing" constant="10" id="b"/>
                        <constraint firstItem="top" firstAttribute="top" secondItem="root" secondAttribute="top" constant="30" id="c"/>
                        <constraint firstItem="top" firstAttribute="height" constant="50" id="d"/>
                        <constraint firstItem="middle" firstAttribute="centerX" secondItem="root" secondAttribute="centerX" id="e"/>
                        <constraint firstItem="middle" firstAttribute="width" constant="100" id="f"/>
                        <constraint firstItem="middle" firstAttribute="height" secondItem="middle" secondAttribute="width" multiplier="1:2" id="g"/>
                        <constraint firstItem="middle" firstAttribute="top" secondItem="top" secondAttribute="bottom" constant="8" id="h"/>
                    </constraints>
                </view>
                <connections>
                    <outlet property="top" destination="top" id="o1"/>
                    <outlet property="middle" destination="middle" id="o2"/>
                </connections>
            </viewController></objects></scene></scenes></document>
            """
        let code = """
            import UIKit
            class BarsViewController: UIViewController {
                @IBOutlet weak var top: UIView!
                @IBOutlet weak var middle: UIView!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    top.backgroundColor = .red
                    middle.backgroundColor = .green
                }
            }
            """
        let (scene, messages) = try Self.run(
            [("Bars.swift", code), ("Main.storyboard", storyboard)], canvas: Size(width: 320, height: 480))
        #expect(scene.layers.count == 2, "\(messages.map(\.description))")
        let top = try #require(scene.layers.first).properties
        // From the root's leading margin (16) to 10 from its trailing edge; 30 down, 50 tall.
        #expect(top.bounds.size == Size(width: 294, height: 50))
        #expect(top.position == Point(x: 16 + 147, y: 55))
        let middle = try #require(scene.layers.last).properties
        // 100 wide, half as tall, centred, 8 below the bar.
        #expect(middle.bounds.size == Size(width: 100, height: 50))
        #expect(middle.position == Point(x: 160, y: 88 + 25))
    }

    @Test("for (index, layer) in ….enumerated() takes each pair apart; as? and is test a layer's class")
    func tuplesAndCasts() throws {
        let code = """
            import UIKit
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let host = view.layer
            host.addSublayer(CAShapeLayer())
            host.addSublayer(CALayer())
            host.addSublayer(CAShapeLayer())
            for (index, sublayer) in host.sublayers!.enumerated() {
                if let shape = sublayer as? CAShapeLayer {
                    shape.opacity = Float(index + 1) / 10
                }
                if sublayer is CAShapeLayer { continue }
                sublayer.opacity = 0.9
            }
            for pair in host.sublayers!.enumerated() where pair.offset == 1 {
                pair.element.cornerRadius = 3
            }
            PlaygroundPage.current.liveView = view
            """
        let (scene, messages, _) = try importScene(code)
        let sublayers = try #require(scene.layers.first?.sublayers)
        #expect(sublayers.count == 3, "\(messages)")
        #expect(sublayers.map { $0.properties.opacity } == [0.1, 0.9, 0.3])
        #expect(sublayers.map { $0.properties.cornerRadius } == [0, 3, 0])
    }

    @Test("An animation replaced under its key before it ends stops unfinished: delegates that restart on a finished stop restart once")
    func replacedAnimationsStopUnfinished() throws {
        let code = """
            import UIKit
            class Blinker: UIView, CAAnimationDelegate {
                var restarts = 0
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    for _ in 0..<4 { layer.addSublayer(CALayer()) }
                }
                required init?(coder: NSCoder) { fatalError() }
                func start() {
                    for (index, dot) in (layer.sublayers ?? []).enumerated() {
                        let blink = CABasicAnimation(keyPath: "opacity")
                        blink.fromValue = 1
                        blink.toValue = 0
                        blink.duration = 1
                        blink.delegate = self
                        dot.add(blink, forKey: "blink\\(index)")
                    }
                }
                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                    if flag { start() }
                }
            }
            class ViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let blinker = Blinker(frame: view.bounds)
                    view.addSubview(blinker)
                    blinker.start()
                }
            }
            """
        let (scene, messages, _) = try importScene(code)
        #expect(!messages.contains { $0.kind == .skipped }, "\(messages.map(\.description))")
        // A start a second, followed for 30 s: about 30 blinks per dot, not 4ⁿ.
        let blinks = try #require(scene.layers.first?.sublayers.first?.animations.count)
        #expect((25...32).contains(blinks))
    }
}
