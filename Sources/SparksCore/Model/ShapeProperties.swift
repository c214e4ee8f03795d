/// Which points a filled path covers (CAShapeLayerFillRule).
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    /// Points the path winds around a non-zero number of times (the default).
    case nonZero = "non-zero"
    /// Points the path winds around an odd number of times.
    case evenOdd = "even-odd"
}

/// How open ends of a stroke are drawn (CAShapeLayerLineCap).
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    /// The stroke stops at the end point (the default).
    case butt
    /// A half disc of the line width's diameter beyond the end point.
    case round
    /// Half a square of the line width beyond the end point.
    case square
}

/// How corners of a stroke are drawn (CAShapeLayerLineJoin).
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    /// The outer edges extended to meet, cut off as a bevel beyond `miterLimit` (the default).
    case miter
    /// A disc of the line width's diameter at the corner.
    case round
    /// The outer corners joined by a straight line.
    case bevel
}

/// How a path is stroked: CAShapeLayer's line properties, as a value.
public struct StrokeStyle: Hashable, Sendable {
    /// Width of the line, in the layer's units. Default 1.
    public var lineWidth = 1.0
    /// Ends of open subpaths and dashes. Default butt.
    public var lineCap: LineCap = .butt
    /// Corners. Default miter.
    public var lineJoin: LineJoin = .miter
    /// Longest miter, as a multiple of the line width, before a miter join becomes a bevel.
    /// Default 10.
    public var miterLimit = 10.0
    /// Lengths of dashes and gaps, alternating, starting with a dash; nil draws a solid line.
    public var lineDashPattern: [Double]?
    /// How far into the dash pattern the stroke starts. Default 0.
    public var lineDashPhase = 0.0
    /// Where along the whole path (0…1 of its length) the stroke starts. Default 0.
    public var strokeStart = 0.0
    /// Where along the whole path (0…1 of its length) the stroke ends. Default 1.
    public var strokeEnd = 1.0

    /// Creates a style with Core Animation's defaults.
    public init() {}
}

/// The model properties of a shape layer (CAShapeLayer), as a value.
///
/// The path is in the layer's own coordinate space (the space of `bounds`); it is filled, then
/// stroked, above the layer's background and contents and below its sublayers.
public struct ShapeProperties: Hashable, Sendable {
    /// The path drawn. Default none (nothing drawn).
    public var path: BezierPath?
    /// Colour the path is filled with; clear fills nothing. Default opaque black.
    public var fillColor: Color = .black
    /// Which points the fill covers. Default non-zero.
    public var fillRule: FillRule = .nonZero
    /// Colour the path is stroked with; clear (CAShapeLayer's nil) strokes nothing. Default clear.
    public var strokeColor: Color = .clear
    /// How the path is stroked.
    public var stroke = StrokeStyle()

    /// Creates properties with Core Animation's defaults.
    public init() {}

    /// The settable properties, by Core Animation key.
    public static let table = PropertyTable<ShapeProperties>(
        [
            .path(
                "path", \.path,
                "The path filled and stroked, in the layer's coordinates: SVG path data or path commands (move, line, quadCurve, curve, arc, close, rect, oval, roundedRect)."
            ),
            .color("fillColor", \.fillColor, "Colour the path is filled with (default opaque black; clear fills nothing)."),
            .choice("fillRule", \.fillRule, "Which points the fill covers: non-zero (default) or even-odd."),
            .color("strokeColor", \.strokeColor, "Colour the path is stroked with (default none)."),
            .number("lineWidth", \.stroke.lineWidth, .nonNegative, "Width of the stroke, in the layer's units (default 1)."),
            .choice("lineCap", \.stroke.lineCap, "Ends of open subpaths and dashes: butt (default), round or square."),
            .choice("lineJoin", \.stroke.lineJoin, "Corners of the stroke: miter (default), round or bevel."),
            .number(
                "miterLimit", \.stroke.miterLimit, .nonNegative,
                "Longest miter as a multiple of the line width before it becomes a bevel (default 10)."),
            .numberList(
                "lineDashPattern", \.stroke.lineDashPattern, .nonNegative,
                "Lengths of dashes and gaps, alternating, starting with a dash (default: a solid line)."),
            .number("lineDashPhase", \.stroke.lineDashPhase, .any, "How far into the dash pattern the stroke starts (default 0)."),
            .number("strokeStart", \.stroke.strokeStart, .unit, "Where along the path (0…1 of its length) the stroke starts (default 0)."),
            .number("strokeEnd", \.stroke.strokeEnd, .unit, "Where along the path (0…1 of its length) the stroke ends (default 1)."),
        ],
        guides: [
            "path": PropertyGuide(.points, example: "\"M 350 300 A 50 50 0 1 0 450 300 A 50 50 0 1 0 350 300 Z\""),
            "fillColor": PropertyGuide(example: "\"clear\""),
            "strokeColor": PropertyGuide(example: "\"#40c0ff\""),
            "lineWidth": PropertyGuide(.points, 0.5...20, example: "4"),
            "miterLimit": PropertyGuide(nil, 1...20, example: "4"),
            "lineDashPattern": PropertyGuide(.points, 0...50, example: "[8, 4]"),
            "lineDashPhase": PropertyGuide(.points, 0...50, example: "4"),
            "strokeStart": PropertyGuide(.fraction, 0...1, example: "0.25"),
            "strokeEnd": PropertyGuide(.fraction, 0...1, example: "0.75"),
        ])
}
