import Foundation
import SparksCore

/// An image the code draws in an image context (`UIGraphicsBeginImageContext…`,
/// `UIGraphicsImageRenderer`): its size, scale, and the fills and strokes drawn so far, with the
/// context's current colours and line width.
struct DrawingContext {
    var size: Size
    var scale: Double
    var fillColor = Color.black
    var strokeColor = Color.black
    var lineWidth = 1.0
    var lineCap = LineCap.butt
    /// The paths added to the context (`addPath`, `addRect`, …), drawn by the next fill or stroke.
    var currentPaths: [BezierPath] = []
    /// The path being built point by point (`move(to:)`, `addLine(to:)`, `addArc(…)`), and
    /// whether anything was added to it.
    var building = BezierPath()
    var isBuilding = false

    /// Adds to the path being built.
    mutating func build(_ change: (inout BezierPath) -> Void) {
        change(&building)
        isBuilding = true
    }

    /// The paths the next fill or stroke draws (then forgotten).
    mutating func takePaths() -> [BezierPath] {
        let paths = currentPaths + (isBuilding ? [building] : [])
        currentPaths = []
        building = BezierPath()
        isBuilding = false
        return paths
    }
    /// What was drawn, in order: paths filled or stroked (shape layers) and text (text layers),
    /// in the context's points.
    var layers: [LayerDescription] = []
    /// Drawing calls that were not understood (text, images), for the note.
    var unknown: [String] = []

    mutating func fill(_ path: BezierPath, evenOdd: Bool = false) {
        var shape = ShapeProperties()
        shape.path = path
        shape.fillColor = fillColor
        shape.strokeColor = .clear
        shape.fillRule = evenOdd ? .evenOdd : .nonZero
        append(shape)
    }

    mutating func stroke(_ path: BezierPath, width: Double? = nil) {
        var shape = ShapeProperties()
        shape.path = path
        shape.fillColor = .clear
        shape.strokeColor = strokeColor
        shape.stroke.lineWidth = width ?? lineWidth
        shape.stroke.lineCap = lineCap
        append(shape)
    }

    /// A shape over the whole context.
    private mutating func append(_ shape: ShapeProperties) {
        var layer = LayerDescription(content: .shape(shape))
        layer.properties.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        layer.properties.position = Point(x: size.width / 2, y: size.height / 2)
        layers.append(layer)
    }

    /// Text drawn in `rect` (NSString's and NSAttributedString's `draw(in:)` and `draw(at:)`).
    mutating func draw(_ text: TextProperties, in rect: Rect) {
        var layer = LayerDescription(content: .text(text))
        layer.properties.bounds = Rect(x: 0, y: 0, width: rect.size.width, height: rect.size.height)
        layer.properties.position = Point(x: rect.midX, y: rect.midY)
        layers.append(layer)
    }
}

extension Interpreter {
    /// `UIGraphicsBeginImageContext(size)`, `…WithOptions(size, opaque, scale)` (a scale of 0 is the
    /// screen's, 3).
    func beginImageContext(_ a: [Value], at: SourcePosition) throws -> Value {
        let size = try self.size(a[safe: 0], at: at)
        var scale = 1.0
        if a.count > 2 { scale = try number(a[2], at: at) }
        if scale <= 0 { scale = 3 }
        drawingContexts.append(DrawingContext(size: size, scale: min(scale, 4)))
        return .void
    }

    /// `UIGraphicsGetImageFromCurrentImageContext()`: what the context drew, as an image of its own.
    func imageFromCurrentContext(_ api: String, at: SourcePosition) -> Value {
        guard let context = drawingContexts.last else { return drawnImage(api, at: at) }
        return finishDrawing(context, api: api, at: at)
    }

    /// `UIGraphicsImageRenderer(size:).image { context in … }`: the closure draws into a context
    /// of its own, which becomes the image.
    func rendererImage(_ renderer: String, closure: Value?, at: SourcePosition) throws -> Value {
        let parts = renderer.dropFirst("UIGraphicsImageRenderer:".count).split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, case .function(let f)? = closure else { return drawnImage("UIGraphicsImageRenderer", at: at) }
        drawingContexts.append(DrawingContext(size: Size(width: parts[0], height: parts[1]), scale: 3))
        defer { drawingContexts.removeLast() }
        _ = try call(f, f.parameters.isEmpty ? [] : [.constant("UIGraphicsImageRendererContext")], at: at)
        return finishDrawing(drawingContexts[drawingContexts.count - 1], api: "UIGraphicsImageRenderer", at: at)
    }

    /// The methods drawing the current image, innermost first, without the closures and the
    /// generic helpers (`generate`, `image`) that name no picture: what a drawn image is called.
    private var drawingMethodNames: [String] {
        callNames.reversed().filter { $0 != "closure" && $0 != "generate" && $0 != "image" }
    }

    /// An image the code draws with nothing Sparks can draw: a stand-in whose shape comes from
    /// the name of the method drawing it (`rectangle()`, `circle()`, `star(…)`), said in a note.
    func drawnImage(_ api: String, at: SourcePosition) -> Value {
        let names = drawingMethodNames
        let name = names.first { StandInShapes.shape(named: $0) != nil } ?? names.first ?? "drawn"
        note("an image drawn in code (\(api)) is not drawn by the importer: a stand-in \"\(name)\" shape", at: at)
        return .image(name)
    }

    /// The image a context drew: a file written beside the preset with what it drew, or a
    /// stand-in when it drew nothing Sparks can draw.
    private func finishDrawing(_ context: DrawingContext, api: String, at: SourcePosition) -> Value {
        guard !context.layers.isEmpty, context.size.width >= 1, context.size.height >= 1 else { return drawnImage(api, at: at) }
        let stem = FileNaming.component(drawingMethodNames.first ?? "drawn", fallback: "drawn", maxLength: 40)
        var fileName = "\(stem).png"
        var n = 2
        while drawnImages.contains(where: { $0.fileName == fileName }) {
            fileName = "\(stem)-\(n).png"
            n += 1
        }
        let pixelWidth = min(1024, (context.size.width * context.scale).rounded(.up))
        let pixelHeight = min(1024, (context.size.height * context.scale).rounded(.up))
        let scale = min(pixelWidth / context.size.width, pixelHeight / context.size.height)
        var root = LayerDescription()
        root.properties.bounds = Rect(x: 0, y: 0, width: context.size.width, height: context.size.height)
        root.properties.position = Point(x: pixelWidth / 2, y: pixelHeight / 2)
        root.properties.transform = .scale(scale, scale, 1)
        root.sublayers = context.layers
        let drawing = SceneDescription(
            name: fileName, canvas: CanvasDescription(width: pixelWidth, height: pixelHeight, background: .clear), layers: [root])
        drawnImages.append(DrawnImage(fileName: fileName, drawing: drawing))
        let skipped = context.unknown.isEmpty ? "" : "; not drawn: \(Set(context.unknown).sorted().joined(separator: ", "))"
        note(
            "the image drawn in code (\(api), \(context.layers.count) drawing\(context.layers.count == 1 ? "" : "s")) is drawn into \(fileName)\(skipped)",
            at: at)
        return .image(fileName)
    }

    /// `text.draw(at:withAttributes:)`, `draw(in:withAttributes:)`, an attributed string's
    /// `draw(at:)` and `draw(in:)`: the text drawn into the open image context in its font and
    /// colour (12-point Helvetica, black, when the attributes give none); nil when no context is open.
    func drawText(_ text: Value, labels: [String?], _ a: [Value], at: SourcePosition) throws -> Value? {
        guard !drawingContexts.isEmpty else { return nil }
        let i = drawingContexts.count - 1
        var attributed = text
        if case .string(let s) = text { attributed = attributedText(s, attributes: a[safe: 1]) }
        guard case .attributedText(let string, let font, let size, let color) = attributed else { return nil }
        var properties = TextProperties()
        properties.string = string
        properties.font = font ?? "Helvetica"
        properties.fontSize = size ?? 12
        properties.foregroundColor = color ?? .black
        let context = drawingContexts[i].size
        var rect: Rect
        switch a.first {
        case .rect(let r)?: rect = r
        case .point(let p)?: rect = Rect(x: p.x, y: p.y, width: max(1, context.width - p.x), height: max(1, context.height - p.y))
        default: rect = Rect(x: 0, y: 0, width: context.width, height: context.height)
        }
        if case .rect = a.first { properties.isWrapped = true }
        drawingContexts[i].draw(properties, in: rect)
        return .void
    }
}

extension Interpreter {
    /// `layer.render(in:)` in an open image context: the layer as it is now (its model values,
    /// without animations: what `render(in:)` draws) and its sublayers, with its bounds' origin
    /// at the context's; false when no context is open.
    func drawLayer(_ layer: Object) -> Bool {
        guard !drawingContexts.isEmpty else { return false }
        func snapshot(_ o: Object, depth: Int) -> LayerDescription {
            var d = LayerDescription(properties: o.state.layer, content: o.state.content)
            d.sublayers = depth < PresetDecoder.maxLayerDepth - 1 ? o.sublayers.map { snapshot($0, depth: depth + 1) } : []
            return d
        }
        var drawn = snapshot(layer, depth: 1)
        let bounds = drawn.properties.bounds
        drawn.properties.position = Point(
            x: bounds.origin.x + bounds.size.width * drawn.properties.anchorPoint.x,
            y: bounds.origin.y + bounds.size.height * drawn.properties.anchorPoint.y)
        drawn.properties.transform = .identity
        drawingContexts[drawingContexts.count - 1].layers.append(drawn)
        return true
    }
}

/// An image imported code draws, as shapes Sparks draws into a file beside the preset.
public struct DrawnImage: Sendable {
    /// The file name to write beside the preset (`rectangle.png`).
    public var fileName: String
    /// What it shows: a scene whose canvas is the image in pixels.
    public var drawing: SceneDescription
}
