import Foundation
import SparksCore
import SparksIOS
import SparksRaster
import SparksSDL
import Testing

/// What a demo app gives its effect besides the code: the storyboard's views and the image
/// variants of its device, and the sizes UIKit works out (Auto Layout, `initWithFrame:`).
@Suite("A demo app's interface, images and view sizes")
struct DemoAppTests {
    /// Imports `sources` with images in `folder`, at `scale`; the scene as a file reads it.
    static func run(
        _ sources: [(String, String)], images folder: URL? = nil, scale: Int = 3, canvas: Size? = nil
    ) throws -> (
        scene: SceneDescription, messages: [ImportMessage]
    ) {
        var importer = Importer(sources: sources, canvas: canvas)
        importer.imageFolders = folder.map { [$0] } ?? []
        importer.deviceScale = scale
        let result = try importer.run()
        let decoder = PresetDecoder(fileName: "imported.json", resolver: ResourceResolver(roots: folder.map { [$0] } ?? []))
        return (try decoder.decode(Array(result.preset.utf8), defaultName: "imported").get(), result.messages)
    }

    /// A folder of square PNGs: each name with its side in pixels.
    static func imageFolder(_ images: [String: Int]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-images-\(UUID())")
        for (path, side) in images {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PixelImage(width: side, height: side, rgba: [UInt8](repeating: 255, count: side * side * 4)).writePNG(to: url.path)
        }
        return folder
    }

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc" customClass="PulseViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                                <subviews>
                                    <view contentMode="scaleToFill" id="panel">
                                        <rect key="frame" x="10" y="40" width="300" height="200"/>
                                        <subviews>
                                            <imageView contentMode="scaleAspectFit" image="phone" id="icon">
                                                <rect key="frame" x="125" y="75" width="50" height="50"/>
                                            </imageView>
                                        </subviews>
                                        <color key="backgroundColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                                    </view>
                                    <slider opaque="NO" value="0.5" minValue="0.0" maxValue="1" id="knob">
                                        <rect key="frame" x="20" y="300" width="280" height="31"/>
                                    </slider>
                                </subviews>
                                <color key="backgroundColor" red="0.1" green="0.2" blue="0.3" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            </view>
                            <connections>
                                <outlet property="icon" destination="icon" id="c1"/>
                                <outlet property="sizeSlider" destination="knob" id="c2"/>
                            </connections>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test("A storyboard places the outlets the code uses: frames added up through superviews, the view's size and background")
    func outletsFromTheStoryboard() throws {
        let code = """
            class PulseViewController: UIViewController {
                @IBOutlet weak var icon: UIImageView!
                @IBOutlet weak var sizeSlider: UISlider!
                let pulse = CAReplicatorLayer()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    sizeSlider.value = 0.25
                    let dot = CALayer()
                    dot.bounds = CGRect(x: 0, y: 0, width: CGFloat(sizeSlider.value) * 80, height: 20)
                    dot.backgroundColor = UIColor.red.cgColor
                    pulse.addSublayer(dot)
                    pulse.instanceCount = 3
                    icon.layer.superlayer?.insertSublayer(pulse, below: icon.layer)
                }
                override func viewDidLayoutSubviews() {
                    super.viewDidLayoutSubviews()
                    pulse.position = icon.layer.position
                }
            }
            """
        let (scene, messages) = try Self.run(
            [("PulseViewController.swift", code), ("Main.storyboard", Self.storyboard)], images: try Self.imageFolder(["phone.png": 50]))
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        // The view's size and background are the storyboard's.
        #expect(scene.canvas.width == 320 && scene.canvas.height == 480)
        #expect(scene.canvas.background == Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 1))
        // The storyboard's views are made: the white panel at [10, 40, 300, 200], the image view
        // in it at [125, 75, 50, 50] showing its image, the pulse inserted below it in the panel
        // at its centre (160, 140 on the screen).
        #expect(messages.contains { $0.text.contains("Main.storyboard makes PulseViewController's 3 views") })
        let panel = try #require(scene.layers.first)
        #expect(panel.properties.position == Point(x: 160, y: 140) && panel.properties.bounds.size == Size(width: 300, height: 200))
        #expect(panel.properties.backgroundColor == .white)
        let pulse = try #require(panel.sublayers.first { $0.content.replicator != nil })
        #expect(pulse.properties.position == Point(x: 150, y: 100))
        let icon = try #require(panel.sublayers.last)
        #expect(icon.properties.position == Point(x: 150, y: 100) && icon.properties.contents != nil)
        // The slider's value the code set reads back.
        #expect(pulse.sublayers.first?.properties.bounds.size.width == 20)
        // The slider draws nothing of its own (UIKit draws it): it is left out of the scene.
        #expect(scene.layers.count == 1)
    }

    @Test("Without the storyboard, an outlet is a view filling the host view, and the note says how to place it")
    func outletWithoutTheStoryboard() throws {
        let code = """
            class PulseViewController: UIViewController {
                @IBOutlet weak var icon: UIImageView!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let pulse = CAReplicatorLayer()
                    pulse.position = icon.center
                    view.layer.addSublayer(pulse)
                }
            }
            """
        let (scene, messages) = try Self.run([("PulseViewController.swift", code)], canvas: Size(width: 200, height: 100))
        #expect(scene.layers.first?.properties.position == Point(x: 100, y: 50))
        #expect(messages.contains { $0.text.contains("filling the host view stands in (pass the storyboard to place it)") })
    }

    @Test(
        "UIImage(named:) loads the variant of the device's scale (file or asset catalog); size is in points, cells draw pixels at their contentsScale"
    )
    func imageVariants() throws {
        let folder = try Self.imageFolder([
            "spark.png": 10, "spark@2x.png": 20, "spark@3x.png": 30, "dot.png": 8, "dot@2x.png": 16,
            "Assets.xcassets/Effects/flake.imageset/flake-a.png": 12, "Assets.xcassets/Effects/flake.imageset/flake-b.png": 24,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            """
            {"images": [{"idiom": "universal", "filename": "flake-a.png", "scale": "1x"},
                        {"idiom": "universal", "filename": "flake-b.png", "scale": "2x"},
                        {"idiom": "universal", "scale": "3x"}]}
            """.utf8
        ).write(to: folder.appendingPathComponent("Assets.xcassets/Effects/flake.imageset/Contents.json"))
        let code = """
            class SparkView: UIView {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let emitter = CAEmitterLayer()
                    let image = UIImage(named: "spark")!
                    let spark = CAEmitterCell()
                    spark.name = "spark"
                    spark.contents = image.cgImage
                    spark.birthRate = image.size.width
                    let crisp = CAEmitterCell()
                    crisp.name = "crisp"
                    crisp.contents = UIImage(named: "spark")?.cgImage
                    crisp.contentsScale = UIScreen.main.scale
                    let dot = CAEmitterCell()
                    dot.name = "dot"
                    dot.contents = UIImage(named: "dot")?.cgImage
                    dot.birthRate = UIImage(named: "dot")!.scale
                    let flake = CAEmitterCell()
                    flake.name = "flake"
                    flake.contents = UIImage(named: "flake")?.cgImage
                    emitter.emitterCells = [spark, crisp, dot, flake]
                    layer.addSublayer(emitter)
                }
            }
            """
        func cells(_ scale: Int) throws -> [String: EmitterCell] {
            let (scene, messages) = try Self.run([("SparkView.swift", code)], images: folder, scale: scale)
            #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
            let list = try #require(scene.layers.first?.content.emitter?.emitterCells)
            return Dictionary(uniqueKeysWithValues: list.map { ($0.name ?? "", $0) })
        }
        let three = try cells(3)
        #expect(three["spark"]?.contents?.name == "spark@3x.png")
        // UIImage.size is in points: 30 pixels at 3×.
        #expect(three["spark"]?.birthRate == 10)
        // The cell draws the 30 pixels at contentsScale 1: 30 points, three times the 1× image.
        #expect(three["spark"]?.baseSize == Size(width: 30, height: 30))
        #expect(three["crisp"]?.baseSize == Size(width: 10, height: 10))
        // No @3x: the @2x, whose scale the image reports.
        #expect(three["dot"]?.contents?.name == "dot@2x.png" && three["dot"]?.birthRate == 2)
        // The catalog's 3× slot names no file: its 2× file.
        #expect(three["flake"]?.contents?.name == "Assets.xcassets/Effects/flake.imageset/flake-b.png")
        let one = try cells(1)
        #expect(one["spark"]?.contents?.name == "spark.png" && one["spark"]?.birthRate == 10)
        #expect(one["flake"]?.contents?.name == "Assets.xcassets/Effects/flake.imageset/flake-a.png")
        let two = try cells(2)
        #expect(two["spark"]?.contents?.name == "spark@2x.png" && two["crisp"]?.baseSize == Size(width: 10, height: 10))
    }

    @Test("A container made with initWithFrame: from the view's bounds has the view's size")
    func initWithFrameFromBounds() throws {
        let code = """
            @implementation SparkleViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                UIView *container = [[UIView alloc] initWithFrame:self.view.bounds];
                CAEmitterLayer *emitter = [CAEmitterLayer layer];
                emitter.emitterPosition = CGPointMake(CGRectGetMidX(container.bounds), CGRectGetMidY(container.bounds));
                emitter.emitterSize = CGSizeMake(container.bounds.size.width, 1);
                [container.layer addSublayer:emitter];
                [self.view addSubview:container];
            }
            @end
            """
        let (scene, _) = try Self.run([("SparkleViewController.m", code)], canvas: Size(width: 300, height: 500))
        let emitter = try #require(scene.layers.first?.sublayers.first?.content.emitter)
        #expect(emitter.emitterPosition == Point(x: 150, y: 250))
        #expect(emitter.emitterSize == Size(width: 300, height: 1))
    }

    @Test("A view Auto Layout sizes takes its superview's bounds, with a note")
    func autoLayoutFillsTheSuperview() throws {
        let code = """
            class GlowViewController: UIViewController {
                let container = UIView()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(container)
                    container.translatesAutoresizingMaskIntoConstraints = false
                    NSLayoutConstraint.activate([
                        container.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                        container.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                        container.topAnchor.constraint(equalTo: view.topAnchor),
                        container.bottomAnchor.constraint(equalTo: view.bottomAnchor),
                    ])
                    let glow = CAEmitterLayer()
                    glow.emitterPosition = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
                    container.layer.addSublayer(glow)
                }
            }
            """
        let (scene, messages) = try Self.run([("GlowViewController.swift", code)], canvas: Size(width: 240, height: 160))
        #expect(messages.filter { $0.kind == .skipped }.isEmpty, "\(messages.map(\.description))")
        let emitter = try #require(scene.layers.first?.sublayers.first?.content.emitter)
        #expect(emitter.emitterPosition == Point(x: 120, y: 80))
        #expect(
            messages.contains { $0.text.contains("Auto Layout is not evaluated: this UIView takes its superview's bounds (240 × 160)") })
    }
}
