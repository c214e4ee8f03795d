import SparksCore

/// Core Graphics: points, sizes and rectangles, colours as CGColor, paths built with the C
/// functions, and drawing into an image context (the shapes become an image Sparks draws).
extension BindingTable {
    static let coreGraphics: [Binding] = geometry + geometryMembers + colors + pathFunctions + contextDrawing

    private static let geometry: [Binding] =
        [
            Binding(.global, form: .read, objc: ["CGPointZero", "CGSizeZero", "CGRectZero", "zero"]) { _ in .constant(".zero") },
            Binding(.type("CGPoint"), form: .read, swift: ["zero"]) { _ in .point(Point(x: 0, y: 0)) },
            Binding(.type("CGSize"), form: .read, swift: ["zero"]) { _ in .size(Size(width: 0, height: 0)) },
            Binding(.type("CGRect"), form: .read, swift: ["zero"]) { _ in .rect(Rect(x: 0, y: 0, width: 0, height: 0)) },
            Binding(.global, swift: ["CGPoint(x:y:)"], objc: ["CGPointMake"]) { c in .point(Point(x: try c.number(0), y: try c.number(1)))
            },
            Binding(.global, swift: ["CGSize(width:height:)"], objc: ["CGSizeMake"]) { c in
                .size(Size(width: try c.number(0), height: try c.number(1)))
            },
            Binding(.global, swift: ["CGRect(x:y:width:height:)", "CGRect(origin:size:)"], objc: ["CGRectMake"]) { c in
                // Another spelling (`CGRect(boundingCenter:radius:)`) is an extension of a file not given.
                guard c.labels.allSatisfy({ $0 == nil }) || c.labels == ["x", "y", "width", "height"] || c.labels == ["origin", "size"]
                else { return nil }
                if c.labels == ["origin", "size"] {
                    // `.zero` is the origin as often as a point is.
                    let o = try c.point(0), s = try c.size(1)
                    return .rect(Rect(x: o.x, y: o.y, width: s.width, height: s.height))
                }
                return .rect(Rect(x: try c.number(0), y: try c.number(1), width: try c.number(2), height: try c.number(3)))
            },
            Binding(
                [.global, .type("NSCoder")], swift: ["NSCoder.cgPoint(for:)"], objc: ["CGPointFromString"],
                meaning: "the point a string `{x, y}` writes"
            ) { c in
                let numbers = try c.string(0, or: "\(c.name) of something that is not a string").split {
                    !($0.isNumber || $0 == "." || $0 == "-" || $0 == "e")
                }
                .compactMap { Double($0) }
                guard numbers.count == 2 else { throw c.skip("\(c.name): \"\(c.string(0) ?? "")\" is not {x, y}") }
                return .point(Point(x: numbers[0], y: numbers[1]))
            },
            Binding(.global, objc: ["CGRectEqualToRect", "CGPointEqualToPoint", "CGSizeEqualToSize"]) { c in
                try c.interpreter.arithmetic("==", c[0], c[1], at: c.at)
            },
            rectFunction("CGRectGetMidX") { $0.origin.x + $0.size.width / 2 },
            rectFunction("CGRectGetMidY") { $0.origin.y + $0.size.height / 2 },
            rectFunction("CGRectGetWidth") { $0.size.width },
            rectFunction("CGRectGetHeight") { $0.size.height },
            rectFunction("CGRectGetMaxX") { $0.origin.x + $0.size.width },
            rectFunction("CGRectGetMaxY") { $0.origin.y + $0.size.height },
            rectFunction("CGRectGetMinX") { $0.origin.x },
            rectFunction("CGRectGetMinY") { $0.origin.y },
            Binding(.global, objc: ["CGRectInset"]) { c in
                let r = try c.rect(0), dx = try c.number(1), dy = try c.number(2)
                return .rect(Rect(x: r.origin.x + dx, y: r.origin.y + dy, width: r.size.width - 2 * dx, height: r.size.height - 2 * dy))
            },
            Binding(.value(.rect), swift: ["insetBy(dx:dy:)"]) { c in
                guard case .rect(let r) = c.receiver else { return nil }
                let dx = try c.number(0), dy = try c.number(1)
                return .rect(Rect(x: r.origin.x + dx, y: r.origin.y + dy, width: r.size.width - 2 * dx, height: r.size.height - 2 * dy))
            },
        ] + affineTransforms

    /// CGAffineTransform as the flat transform it is: a CATransform3D in the plane (what a view's
    /// `transform` sets on its layer).
    private static let affineTransforms: [Binding] = [
        Binding(.global, swift: ["CGAffineTransform(rotationAngle:)"], objc: ["CGAffineTransformMakeRotation"]) { c in
            if c.name == "CGAffineTransform", c.labels != ["rotationAngle"] { return nil }
            return .transform(.rotation(try c.number(0), 0, 0, 1))
        },
        Binding(.global, swift: ["CGAffineTransform(scaleX:y:)"], objc: ["CGAffineTransformMakeScale"]) { c in
            if c.name == "CGAffineTransform", c.labels != ["scaleX", "y"] { return nil }
            return .transform(.scale(try c.number(0), try c.number(1), 1))
        },
        Binding(.global, swift: ["CGAffineTransform(translationX:y:)"], objc: ["CGAffineTransformMakeTranslation"]) { c in
            if c.name == "CGAffineTransform", c.labels != ["translationX", "y"] { return nil }
            return .transform(.translation(try c.number(0), try c.number(1), 0))
        },
        Binding(.global, swift: ["CGAffineTransform(a:b:c:d:tx:ty:)"], objc: ["CGAffineTransformMake"]) { c in
            if c.name == "CGAffineTransform", c.labels != ["a", "b", "c", "d", "tx", "ty"] { return nil }
            guard c.count == 6 else { throw c.skip("an affine transform needs 6 numbers") }
            let n = try c.numbers()
            return .transform(Transform3D(rowMajor: [n[0], n[1], 0, 0, n[2], n[3], 0, 0, 0, 0, 1, 0, n[4], n[5], 0, 1]))
        },
        Binding(.global, form: .read, objc: ["CGAffineTransformIdentity"]) { _ in .transform(.identity) },
        Binding(.type("CGAffineTransform"), form: .read, swift: ["identity"]) { _ in .transform(.identity) },
        Binding(.global, objc: ["CGAffineTransformRotate"]) { c in .transform(try c.transform(0).rotated(try c.number(1), 0, 0, 1)) },
        Binding(.global, objc: ["CGAffineTransformScale"]) { c in .transform(try c.transform(0).scaled(try c.number(1), try c.number(2), 1))
        },
        Binding(.global, objc: ["CGAffineTransformTranslate"]) { c in
            .transform(try c.transform(0).translated(try c.number(1), try c.number(2), 0))
        },
        Binding(.global, objc: ["CGAffineTransformConcat"]) { c in .transform(try c.transform(0) * (try c.transform(1))) },
        Binding(.global, objc: ["CGAffineTransformInvert"]) { c in .transform(try c.transform(0).inverted) },
        Binding(.value(.transform), swift: ["rotated(by:)"]) { c in
            guard case .transform(let t) = c.receiver else { return nil }
            return .transform(t.rotated(try c.number(0), 0, 0, 1))
        },
        Binding(.value(.transform), swift: ["scaledBy(x:y:)"]) { c in
            guard case .transform(let t) = c.receiver else { return nil }
            return .transform(t.scaled(try c.number(0), try c.number(1), 1))
        },
        Binding(.value(.transform), swift: ["translatedBy(x:y:)"]) { c in
            guard case .transform(let t) = c.receiver else { return nil }
            return .transform(t.translated(try c.number(0), try c.number(1), 0))
        },
        Binding(.value(.transform), swift: ["concatenating(_:)"]) { c in
            guard case .transform(let t) = c.receiver else { return nil }
            return .transform(t * (try c.transform(0)))
        },
        Binding(.value(.transform), swift: ["inverted()"]) { c in
            guard case .transform(let t) = c.receiver else { return nil }
            return .transform(t.inverted)
        },
    ]

    private static func rectFunction(_ name: String, _ f: @escaping @Sendable (Rect) -> Double) -> Binding {
        Binding(.global, objc: [name]) { c in .number(f(try c.rect(0))) }
    }

    private static func rectMember(_ name: String, _ f: @escaping @Sendable (Rect) -> Value) -> Binding {
        Binding(.value(.rect), form: .read, swift: [name]) { c in
            guard case .rect(let r) = c.receiver else { return nil }
            return f(r)
        }
    }

    private static let geometryMembers: [Binding] = [
        Binding(.value(.point), form: .read, swift: ["x", "y"]) { c in
            guard case .point(let p) = c.receiver else { return nil }
            return .number(c.name == "x" ? p.x : p.y)
        },
        Binding(.value(.size), form: .read, swift: ["width", "height"]) { c in
            guard case .size(let s) = c.receiver else { return nil }
            return .number(c.name == "width" ? s.width : s.height)
        },
        rectMember("origin") { .point($0.origin) },
        rectMember("size") { .size($0.size) },
        rectMember("width") { .number($0.size.width) },
        rectMember("height") { .number($0.size.height) },
        rectMember("minX") { .number($0.origin.x) },
        rectMember("minY") { .number($0.origin.y) },
        rectMember("midX") { .number($0.origin.x + $0.size.width / 2) },
        rectMember("midY") { .number($0.origin.y + $0.size.height / 2) },
        rectMember("maxX") { .number($0.origin.x + $0.size.width) },
        rectMember("maxY") { .number($0.origin.y + $0.size.height) },
    ]

    private static let colors: [Binding] = [
        Binding(.global, objc: ["CGColorGetAlpha"]) { c in .number(try c.color(0).alpha) },
        Binding(.global, objc: ["CGColorCreateCopyWithAlpha"]) { c in
            var color = try c.color(0)
            color.alpha = try c.number(1)
            return .color(color)
        },
        Binding(.value(.color), form: .read, swift: ["alpha"]) { c in
            guard case .color(let color) = c.receiver else { return nil }
            return .number(color.alpha)
        },
        Binding(.value(.color), form: .read, swift: ["components"]) { c in
            guard case .color(let color) = c.receiver else { return nil }
            return .array([.number(color.red), .number(color.green), .number(color.blue), .number(color.alpha)])
        },
        Binding(.value(.color), form: .read, swift: ["numberOfComponents"]) { _ in .number(4) },
        Binding(.global, objc: ["CGColorGetNumberOfComponents"], meaning: "4 (red, green, blue, alpha)") { _ in .number(4) },
    ]

    /// The path a C path function changes (its first argument).
    private static func pathArgument(_ c: Call) throws -> Object {
        guard let object = c.path(0) else { throw c.skip("\(c.name) of something that is not a path") }
        return object
    }

    private static func pathFunction(_ name: String, _ change: @escaping @Sendable (Call, Object) throws -> Void) -> Binding {
        Binding(.global, objc: [name]) { c in
            let object = try pathArgument(c)
            try change(c, object)
            return try c.interpreter.checkedPath(object, at: c.at)
        }
    }

    private static let pathFunctions: [Binding] = [
        Binding(.global, objc: ["CGPathCreateWithEllipseInRect", "CGPathCreateWithRect", "CGPathCreateWithRoundedRect"]) { c in
            let object = c.interpreter.newPath(className: "CGPath", at: c.at)
            let r = try c.rect(0)
            switch c.name {
            case "CGPathCreateWithEllipseInRect": object.path.addOval(in: r)
            case "CGPathCreateWithRect": object.path.addRect(r)
            default: object.path.addRoundedRect(r, cornerRadius: try c.number(1))
            }
            return .object(object)
        },
        pathFunction("CGPathMoveToPoint") { c, o in o.path.move(to: Point(x: try c.number(2), y: try c.number(3))) },
        pathFunction("CGPathAddLineToPoint") { c, o in o.path.line(to: Point(x: try c.number(2), y: try c.number(3))) },
        pathFunction("CGPathAddCurveToPoint") { c, o in
            o.path.curve(
                to: Point(x: try c.number(6), y: try c.number(7)), control1: Point(x: try c.number(2), y: try c.number(3)),
                control2: Point(x: try c.number(4), y: try c.number(5)))
        },
        pathFunction("CGPathAddQuadCurveToPoint") { c, o in
            o.path.quadCurve(to: Point(x: try c.number(4), y: try c.number(5)), control: Point(x: try c.number(2), y: try c.number(3)))
        },
        // CGPath's `clockwise` is in flipped terms: on screen it turns the other way.
        pathFunction("CGPathAddArc") { c, o in
            o.path.arc(
                center: Point(x: try c.number(2), y: try c.number(3)), radius: try c.number(4), startAngle: try c.number(5),
                endAngle: try c.number(6), clockwise: !(try c.truth(7)))
        },
        pathFunction("CGPathCloseSubpath") { _, o in o.path.close() },
        pathFunction("CGPathAddEllipseInRect") { c, o in o.path.addOval(in: try c.rect(2)) },
        pathFunction("CGPathAddRect") { c, o in o.path.addRect(try c.rect(2)) },
        pathFunction("CGPathAddRoundedRect") { c, o in o.path.addRoundedRect(try c.rect(2), cornerRadius: try c.number(3)) },
    ]

    static let drawingContexts = Receiver.instances("CGContext", "UIGraphicsImageRendererContext")

    /// A drawing call on the current image context; nothing when no context is open.
    private static func drawing(
        swift: [String], c names: [String], meaning: String? = nil, _ draw: @escaping @Sendable (Call, inout DrawingContext) throws -> Bool
    ) -> Binding {
        Binding(drawingContexts, swift: swift, c: names, meaning: meaning) { c in
            guard !c.interpreter.drawingContexts.isEmpty else { return c.receiver.isDrawingContext ? .void : nil }
            let i = c.interpreter.drawingContexts.count - 1
            return try draw(c, &c.interpreter.drawingContexts[i]) ? .void : nil
        }
    }

    private static let contextDrawing: [Binding] = [
        Binding(.instance("UIGraphicsImageRendererContext"), form: .read, swift: ["cgContext"], meaning: "the context drawn into") { c in
            c.receiver
        },
        drawing(swift: ["setFillColor(_:)", "setFillColorWithColor(_:)"], c: ["CGContextSetFillColorWithColor"]) { c, context in
            context.fillColor = try c.interpreter.color(c.last ?? .null, at: c.at)
            return true
        },
        drawing(swift: ["setStrokeColor(_:)", "setStrokeColorWithColor(_:)"], c: ["CGContextSetStrokeColorWithColor"]) { c, context in
            context.strokeColor = try c.interpreter.color(c.last ?? .null, at: c.at)
            return true
        },
        drawing(swift: ["setFillColor(red:green:blue:alpha:)", "setRGBFillColor(_:_:_:_:)"], c: ["CGContextSetRGBFillColor"]) {
            c, context in
            let n = try c.arguments.suffix(4).map { try c.interpreter.number($0, at: c.at) }
            if n.count == 4 { context.fillColor = Color(red: n[0], green: n[1], blue: n[2], alpha: n[3]) }
            return true
        },
        drawing(swift: ["setLineWidth(_:)"], c: ["CGContextSetLineWidth"]) { c, context in
            context.lineWidth = try c.interpreter.number(c.last ?? .null, at: c.at)
            return true
        },
        drawing(swift: ["fill(_:)", "fillRect(_:)"], c: ["CGContextFillRect", "UIRectFill"]) { c, context in
            guard let last = c.last, case .rect(let r) = last else { return false }
            context.fill(BezierPath(rect: r))
            return true
        },
        drawing(swift: ["fillEllipse(in:)", "fillEllipseInRect(_:)"], c: ["CGContextFillEllipseInRect"]) { c, context in
            context.fill(BezierPath(ovalIn: try c.interpreter.rect(c.last ?? .null, at: c.at)))
            return true
        },
        drawing(swift: ["stroke(_:)", "strokeRect(_:)"], c: ["CGContextStrokeRect"]) { c, context in
            guard let last = c.last, case .rect(let r) = last else { return false }
            context.stroke(BezierPath(rect: r))
            return true
        },
        drawing(swift: ["strokeEllipse(in:)", "strokeEllipseInRect(_:)"], c: ["CGContextStrokeEllipseInRect"]) { c, context in
            context.stroke(BezierPath(ovalIn: try c.interpreter.rect(c.last ?? .null, at: c.at)))
            return true
        },
        drawing(swift: ["addPath(_:)"], c: ["CGContextAddPath"]) { c, context in
            guard case .object(let o)? = c.last, o.isPath else { return false }
            context.currentPaths.append(o.path)
            return true
        },
        drawing(swift: ["addRect(_:)"], c: ["CGContextAddRect"]) { c, context in
            context.currentPaths.append(BezierPath(rect: try c.interpreter.rect(c.last ?? .null, at: c.at)))
            return true
        },
        drawing(swift: ["addEllipse(in:)", "addEllipseInRect(_:)"], c: ["CGContextAddEllipseInRect"]) { c, context in
            context.currentPaths.append(BezierPath(ovalIn: try c.interpreter.rect(c.last ?? .null, at: c.at)))
            return true
        },
        drawing(
            swift: ["fillPath()", "fillPath(using:)", "eoFillPath()", "strokePath()", "drawPath(using:)"],
            c: ["CGContextFillPath", "CGContextEOFillPath", "CGContextStrokePath", "CGContextDrawPath"],
            meaning: "fills (or strokes) the paths added since the last"
        ) { c, context in
            for path in context.takePaths() {
                if c.name.contains("troke") {
                    context.stroke(path)
                } else {
                    context.fill(path, evenOdd: c.name.contains("EO") || c.name.hasPrefix("eo"))
                }
            }
            return true
        },
        drawing(swift: ["move(to:)"], c: ["CGContextMoveToPoint"]) { c, context in
            let p = try contextPoint(c)
            context.build { $0.move(to: p) }
            return true
        },
        drawing(swift: ["addLine(to:)"], c: ["CGContextAddLineToPoint"]) { c, context in
            let p = try contextPoint(c)
            context.build { $0.line(to: p) }
            return true
        },
        drawing(swift: ["addCurve(to:control1:control2:)"], c: ["CGContextAddCurveToPoint"]) { c, context in
            let i = c.interpreter
            let points: [Point]
            if c.name.hasPrefix("CG") {
                let n = try c.arguments.dropFirst().map { try i.number($0, at: c.at) }
                guard n.count == 6 else { return false }
                points = [Point(x: n[4], y: n[5]), Point(x: n[0], y: n[1]), Point(x: n[2], y: n[3])]
            } else {
                points = try (0..<3).map { try i.point(c[$0], at: c.at) }
            }
            context.build { $0.curve(to: points[0], control1: points[1], control2: points[2]) }
            return true
        },
        drawing(swift: ["addQuadCurve(to:control:)"], c: ["CGContextAddQuadCurveToPoint"]) { c, context in
            let i = c.interpreter
            let points: [Point]
            if c.name.hasPrefix("CG") {
                let n = try c.arguments.dropFirst().map { try i.number($0, at: c.at) }
                guard n.count == 4 else { return false }
                points = [Point(x: n[2], y: n[3]), Point(x: n[0], y: n[1])]
            } else {
                points = try (0..<2).map { try i.point(c[$0], at: c.at) }
            }
            context.build { $0.quadCurve(to: points[0], control: points[1]) }
            return true
        },
        // A context's `clockwise` is CGPath's, in flipped terms: on screen it turns the other way.
        drawing(swift: ["addArc(center:radius:startAngle:endAngle:clockwise:)"], c: ["CGContextAddArc"]) { c, context in
            let i = c.interpreter
            let center: Point, n: [Double], clockwise: Bool
            if c.name.hasPrefix("CG") {
                let values = try c.arguments.dropFirst().prefix(5).map { try i.number($0, at: c.at) }
                guard values.count == 5 else { return false }
                center = Point(x: values[0], y: values[1])
                n = Array(values.dropFirst(2))
                clockwise = try c.truth(6)
            } else {
                center = try i.point(c.labelled("center") ?? c[0], at: c.at)
                n = try ["radius", "startAngle", "endAngle"].enumerated().map { try i.number(c.labelled($1) ?? c[$0 + 1], at: c.at) }
                clockwise = try i.truth(c.labelled("clockwise") ?? c[4], at: c.at)
            }
            context.build { $0.arc(center: center, radius: n[0], startAngle: n[1], endAngle: n[2], clockwise: !clockwise) }
            return true
        },
        drawing(swift: ["closePath()"], c: ["CGContextClosePath"]) { _, context in
            context.build { $0.close() }
            return true
        },
        drawing(swift: ["beginPath()"], c: ["CGContextBeginPath"]) { _, context in
            _ = context.takePaths()
            return true
        },
        drawing(swift: ["setLineCap(_:)"], c: ["CGContextSetLineCap"]) { c, context in
            let text: String
            switch c.last {
            case .constant(let name)?: text = name.lowercased()
            case .number(let n)? where n.isFinite: text = ["butt", "round", "square"][Int(min(2, max(0, n)))]
            default: return true
            }
            context.lineCap = text.contains("round") ? .round : text.contains("square") ? .square : .butt
            return true
        },
        drawing(swift: ["setStrokeColor(red:green:blue:alpha:)", "setRGBStrokeColor(_:_:_:_:)"], c: ["CGContextSetRGBStrokeColor"]) {
            c, context in
            let n = try c.arguments.suffix(4).map { try c.interpreter.number($0, at: c.at) }
            if n.count == 4 { context.strokeColor = Color(red: n[0], green: n[1], blue: n[2], alpha: n[3]) }
            return true
        },
        drawing(
            swift: ["clear(_:)", "saveGState()", "restoreGState()", "setShouldAntialias(_:)", "setAllowsAntialiasing(_:)"],
            c: ["CGContextClearRect", "CGContextSaveGState", "CGContextRestoreGState"], meaning: "nothing that changes the image"
        ) { _, _ in true },
    ]
}

extension BindingTable {
    /// The point a context call names: `move(to: p)`, or C's `CGContextMoveToPoint(context, x, y)`.
    fileprivate static func contextPoint(_ c: Call) throws -> Point {
        if c.name.hasPrefix("CG") { return Point(x: try c.number(1), y: try c.number(2)) }
        return try c.point(0)
    }
}

extension Value {
    /// Whether the value is a drawing context (`UIGraphicsGetCurrentContext()`, a renderer's context).
    var isDrawingContext: Bool {
        if case .constant(let c) = self { return c == "CGContext" || c.hasPrefix("UIGraphicsImageRendererContext") }
        return false
    }
}

extension Interpreter {
    /// A new, empty path object.
    func newPath(className: String, at: SourcePosition) -> Object {
        newObject(kind: .path, className: className, madeAt: at, file: file)
    }

    /// Nothing, once the path is known to be within the segments a preset may hold.
    func checkedPath(_ object: Object, at: SourcePosition) throws -> Value {
        guard object.path.segments.count <= PropertyKind.maxPathSegments else {
            throw Skip(reason: "a path of more than \(PropertyKind.maxPathSegments) segments", at: at)
        }
        return .void
    }
}
