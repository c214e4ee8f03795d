import SparksCore

/// UIKit as effect code uses it: colours, images, fonts and text, Bézier paths, the screen,
/// image contexts and renderers, and views (a view is its layer; what only UIKit draws, such as a
/// label's text, is said in a note).
extension BindingTable {
    static let uiKit: [Binding] =
        colors + images + fonts + paths + screen + imageContexts + imageViews + viewMakers + viewReads + viewWrites + views
        + viewAnimation

    // MARK: Colours

    static let colorTypes = ["UIColor", "NSColor", "CGColor"]

    private static let colors: [Binding] =
        [
            Binding(
                .global,
                swift: [
                    "UIColor(red:green:blue:alpha:)", "UIColor(white:alpha:)", "UIColor(hue:saturation:brightness:alpha:)",
                    "UIColor(displayP3Red:green:blue:alpha:)", "UIColor(cgColor:)", "NSColor(red:green:blue:alpha:)",
                    "CGColor(red:green:blue:alpha:)", "#colorLiteral(red:green:blue:alpha:)",
                ], objc: ["CGColorCreateGenericRGB"]
            ) { c in
                if c.firstLabel == "cgColor" || c.firstLabel == "CGColor" { return .color(try c.color(0)) }
                if c.firstLabel == "named" {
                    throw c.skip("colours from an asset catalogue (UIColor(named:)) are not known here; write the colour's components")
                }
                return .color(try c.interpreter.colorFrom(labels: c.labels, c.arguments, at: c.at))
            },
            Binding(.global, swift: [".init(red:green:blue:alpha:)", ".init(white:alpha:)", ".init(hue:saturation:brightness:alpha:)"]) {
                c in
                guard c.labels.contains("red") || c.labels.contains("white") || c.labels.contains("hue") else { return nil }
                return .color(try c.interpreter.colorFrom(labels: c.labels, c.arguments, at: c.at))
            },
            Binding(
                Receiver.types("UIColor", "NSColor"),
                objc: [
                    "colorWithRed:green:blue:alpha:", "colorWithWhite:alpha:", "colorWithHue:saturation:brightness:alpha:",
                    "colorWithDisplayP3Red:green:blue:alpha:",
                ]
            ) { c in .color(try c.interpreter.colorFrom(labels: [c.name] + c.labels.dropFirst(), c.arguments, at: c.at)) },
            Binding(Receiver.types("UIColor", "NSColor"), objc: ["colorWithCGColor:"]) { c in .color(try c.color(0)) },
            Binding(.value(.color), swift: ["withAlphaComponent(_:)"], objc: ["colorWithAlphaComponent:"]) { c in
                guard case .color(var color) = c.receiver else { return nil }
                color.alpha = try c.number(0)
                return .color(color)
            },
            Binding(
                .value(.color), swift: ["setFill()", "setStroke()", "set()"], meaning: "the colour an open image context draws with"
            ) { c in
                guard case .color(let color) = c.receiver else { return nil }
                if let i = c.interpreter.drawingContexts.indices.last {
                    if c.name != "setStroke" { c.interpreter.drawingContexts[i].fillColor = color }
                    if c.name != "setFill" { c.interpreter.drawingContexts[i].strokeColor = color }
                }
                return .void
            },
            // The same value in Core Graphics' or Core Image's terms.
            Binding(
                .value(.any), form: .read, swift: ["cgColor", "ciColor", "cgImage", "cgPath", "rawValue"],
                objc: ["CGColor", "CGImage", "CGPath"], meaning: "the value itself"
            ) { c in c.receiver },
            Binding(
                colorTypes.map(Receiver.type), form: .read, swift: Color.named.keys.sorted(),
                objc: Color.named.keys.sorted().map { $0 + "Color" }, meaning: "UIColor's class colours"
            ) { c in c.interpreter.namedColor(c.name).map(Value.color) },
        ]

    // MARK: Images

    private static let images: [Binding] = [
        Binding(
            .global,
            swift: [
                "UIImage(named:)", "UIImage(systemName:)", "UIImage(contentsOfFile:)", "UIImage(data:)", "UIImage(resource:)", "UIImage()",
                "#imageLiteral(resourceName:)",
            ], meaning: "the image of that name (beside the preset, in assets/, or a stand-in)"
        ) { c in
            guard let first = c.first else { return .null }  // `UIImage()`: an image of nothing
            // Xcode's generated image resources: `UIImage(resource: .spark)`, `UIImage(.spark)`.
            if c.firstLabel == "resource" || c.firstLabel == nil, case .constant(let name) = first, name.hasPrefix(".") {
                return .image(String(name.dropFirst()))
            }
            guard case .string(let s) = first else { throw c.skip("an image without a name (only UIImage(named:) is understood)") }
            if c.firstLabel == "systemName" {
                c.note("SF Symbols are not available on Linux: \"\(s)\" is a stand-in")
                return .image(s)
            }
            if c.firstLabel == "data" || c.firstLabel == "contentsOfFile" { return c.interpreter.imageFromResource(s, at: c.at) }
            return .image(s)
        },
        Binding(.type("UIImage"), objc: ["imageNamed:", "imageWithContentsOfFile:", "imageWithData:"]) { c in
            let s = try c.string(0, or: "an image without a name")
            return c.name == "imageNamed" ? .image(s) : c.interpreter.imageFromResource(s, at: c.at)
        },
        Binding(.value(.image), form: .read, swift: ["size", "scale"], meaning: "in points, from the image file of the device's scale") {
            c in
            guard case .image(let name) = c.receiver else { return nil }
            return try c.interpreter.imageMetric(name, c.name, at: c.at)
        },
        Binding(
            .value(.image),
            swift: ["withRenderingMode(_:)", "withTintColor(_:)", "resizableImage(withCapInsets:)", "withAlignmentRectInsets(_:)"],
            objc: ["imageWithRenderingMode:"], meaning: "the same image"
        ) { c in c.receiver },
        Binding(
            .value(.image), swift: ["draw(in:)", "draw(at:)"], objc: ["drawInRect:", "drawAtPoint:"],
            meaning: "not drawn into an image made in code (said in a note)"
        ) { c in
            guard let i = c.interpreter.drawingContexts.indices.last else { return nil }
            c.interpreter.drawingContexts[i].unknown.append("images")
            return .void
        },
    ]

    // MARK: Fonts and text

    private static let fonts: [Binding] = [
        Binding(
            .global, swift: ["UIFont(name:size:)", "NSFont(name:size:)"], objc: ["CTFontCreateWithName", "CGFontCreateWithFontName"],
            meaning: "a font by name (a text layer's font ignores a UIFont's size, as on iOS)"
        ) { c in
            guard let fontName = c.string(0) else { throw c.skip("a font without a name") }
            var size: Double?
            if case .number(let n) = c[1] { size = n }
            return .font(fontName, size: size, isUIFont: c.name == "UIFont" || c.name == "NSFont")
        },
        Binding(.global, swift: ["CGFont(_:)"]) { c in
            guard let fontName = c.string(0) else { throw c.skip("a font without a name") }
            return .font(fontName, size: nil, isUIFont: false)
        },
        Binding(
            Receiver.types("UIFont", "NSFont"),
            swift: [
                "systemFont(ofSize:)", "systemFont(ofSize:weight:)", "boldSystemFont(ofSize:)", "italicSystemFont(ofSize:)",
                "monospacedSystemFont(ofSize:weight:)", "preferredFont(forTextStyle:)",
            ],
            objc: ["fontWithName:size:", "systemFontOfSize:", "boldSystemFontOfSize:", "italicSystemFontOfSize:"],
            meaning: "Helvetica (bold, oblique) or Menlo: the fonts Linux has in their place"
        ) { c in
            let size = c.arguments.lazy.compactMap { v -> Double? in
                if case .number(let n) = v { return n }
                return nil
            }.first
            let isUIFont = c.receiver.description == "UIFont"
            if c.name == "fontWithName", let name = c.string(0) { return .font(name, size: size, isUIFont: isUIFont) }
            let font =
                c.name.hasPrefix("bold")
                ? "Helvetica-Bold"
                : c.name.hasPrefix("italic") ? "Helvetica-Oblique" : c.name.hasPrefix("monospaced") ? "Menlo" : "Helvetica"
            return .font(font, size: size, isUIFont: isUIFont)
        },
        Binding(.value(.font), .value(.string), form: .read, swift: ["fontName", "familyName"]) { c in
            if case .font(let name, _, _) = c.receiver { return .string(name) }
            return c.receiver  // a font is its name here
        },
        Binding(.value(.font), form: .read, swift: ["pointSize"]) { c in
            guard case .font(_, let size?, _) = c.receiver else { return nil }
            return .number(size)
        },
        Binding(.global, swift: ["NSAttributedString(string:attributes:)", "NSMutableAttributedString(string:attributes:)"]) { c in
            guard let text = c.string(0) else { throw c.skip("an attributed string without its text") }
            return c.interpreter.attributedText(text, attributes: c[1])
        },
        Binding(
            .value(.string), .value(.attributedText),
            swift: ["draw(at:withAttributes:)", "draw(in:withAttributes:)", "draw(at:)", "draw(in:)"],
            objc: ["drawAtPoint:withAttributes:", "drawInRect:withAttributes:"], meaning: "drawn into the open image context"
        ) { c in
            _ = try c.interpreter.drawText(c.receiver, labels: c.labels, c.arguments, at: c.at)
            return .void
        },
    ]

    // MARK: Bézier paths

    static let pathMakers = ["UIBezierPath", "CGMutablePath", "CGPathCreateMutable", "CGPath"]

    /// A path constructor: Swift's `UIBezierPath(label:…)` or Objective-C's `+[UIBezierPath selector]`.
    private static func pathMaker(
        swift: [String], objc: [String], _ build: @escaping @Sendable (Call, Object) throws -> Void
    ) -> Binding {
        let labels = Set(swift.map { spelling in String(spelling.drop { $0 != "(" }.dropFirst().prefix { $0 != ":" && $0 != ")" }) })
        return Binding([.global, .type("UIBezierPath")], swift: swift, objc: objc) { c in
            let isObjectiveC = objc.contains { Binding.baseName($0) == c.name }
            guard isObjectiveC || labels.contains(c.firstLabel ?? "") else { return nil }
            let object = c.interpreter.newPath(className: "UIBezierPath", at: c.at)
            try build(c, object)
            return .object(object)
        }
    }

    private static let paths: [Binding] = [
        pathMaker(swift: pathMakers.map { $0 + "()" } + ["UIBezierPath(cgPath:)"], objc: ["bezierPath", "bezierPathWithCGPath:"]) { c, o in
            if let other = c.path(0) { o.path = other.path }
        },
        pathMaker(
            swift: ["UIBezierPath(ovalIn:)", "UIBezierPath(ovalInRect:)", "CGPath(ellipseIn:transform:)"],
            objc: ["bezierPathWithOvalInRect:"]
        ) { c, o in
            o.path.addOval(in: try c.rect(0))
        },
        pathMaker(swift: ["UIBezierPath(rect:)", "CGPath(rect:transform:)"], objc: ["bezierPathWithRect:"]) { c, o in
            o.path.addRect(try c.rect(0))
        },
        pathMaker(
            swift: ["UIBezierPath(roundedRect:cornerRadius:)", "CGPath(roundedRect:cornerWidth:cornerHeight:transform:)"],
            objc: ["bezierPathWithRoundedRect:cornerRadius:"]
        ) { c, o in o.path.addRoundedRect(try c.rect(0), cornerRadius: c.count > 1 ? try c.number(1) : 0) },
        pathMaker(
            swift: ["UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)"],
            objc: ["bezierPathWithArcCenter:radius:startAngle:endAngle:clockwise:"]
        ) { c, o in
            o.path.arc(
                center: try c.point(0), radius: try c.number(1), startAngle: try c.number(2), endAngle: try c.number(3),
                clockwise: try c.truth(4))
        },
        pathMethod(swift: ["move(to:)"], objc: ["moveToPoint:"]) { c, o in o.path.move(to: try c.point(0)) },
        pathMethod(swift: ["addLine(to:)"], objc: ["addLineToPoint:"]) { c, o in o.path.line(to: try c.point(0)) },
        pathMethod(swift: ["addCurve(to:controlPoint1:controlPoint2:)"], objc: ["addCurveToPoint:controlPoint1:controlPoint2:"]) { c, o in
            o.path.curve(to: try c.point(0), control1: try c.point(1), control2: try c.point(2))
        },
        pathMethod(swift: ["addQuadCurve(to:controlPoint:)"], objc: ["addQuadCurveToPoint:controlPoint:"]) { c, o in
            o.path.quadCurve(to: try c.point(0), control: try c.point(1))
        },
        // UIBezierPath's `clockwise` is as seen on screen; CGPath's is in flipped terms.
        pathMethod(
            swift: ["addArc(withCenter:radius:startAngle:endAngle:clockwise:)", "addArc(center:radius:startAngle:endAngle:clockwise:)"],
            objc: ["addArcWithCenter:radius:startAngle:endAngle:clockwise:"]
        ) { c, o in
            let clockwise = try c.truth(4)
            o.path.arc(
                center: try c.point(0), radius: try c.number(1), startAngle: try c.number(2), endAngle: try c.number(3),
                clockwise: c.firstLabel == "center" ? !clockwise : clockwise)
        },
        pathMethod(swift: ["close()", "closeSubpath()"], objc: ["closePath"]) { _, o in o.path.close() },
        pathMethod(swift: ["addEllipse(in:)"], objc: []) { c, o in o.path.addOval(in: try c.rect(0)) },
        pathMethod(swift: ["addRect(_:)"], objc: []) { c, o in o.path.addRect(try c.rect(0)) },
        pathMethod(swift: ["addRoundedRect(in:cornerWidth:cornerHeight:)"], objc: []) { c, o in
            o.path.addRoundedRect(try c.rect(0), cornerRadius: c.count > 1 ? try c.number(1) : 0)
        },
        pathMethod(swift: ["append(_:)", "addPath(_:)"], objc: ["appendPath:"]) { c, o in
            guard let other = c.path(0) else { throw c.skip("append of something that is not a path") }
            try c.interpreter.appendPath(other.path, to: o)
        },
        Binding(.object(.path), form: .read, swift: ["cgPath", "copy"], objc: ["CGPath"]) { c in c.receiver },
        Binding(.object(.path), form: .read, swift: ["bounds"]) { c in c.object.map { .rect(c.interpreter.bounds(of: $0.path)) } },
        Binding(.object(.path), swift: ["apply(_:)"], objc: ["applyTransform:"]) { c in
            throw c.skip("transforming a path is not understood")
        },
        Binding(.object(.path), swift: ["fill()", "stroke()"], meaning: "drawn into the open image context") { c in
            guard let o = c.object, let i = c.interpreter.drawingContexts.indices.last else { return nil }
            if c.name == "fill" {
                c.interpreter.drawingContexts[i].fill(o.path, evenOdd: o.fields["usesEvenOddFillRule"] != nil)
            } else {
                var width: Double?
                if case .number(let w)? = o.fields["lineWidth"] { width = w }
                let cap = c.interpreter.drawingContexts[i].lineCap
                if case .constant(let name)? = o.fields["lineCapStyle"] {
                    c.interpreter.drawingContexts[i].lineCap =
                        name.lowercased().contains("round") ? .round : name.lowercased().contains("square") ? .square : .butt
                }
                c.interpreter.drawingContexts[i].stroke(o.path, width: width)
                c.interpreter.drawingContexts[i].lineCap = cap
            }
            return .void
        },
        Binding(
            .object(.path), form: .write,
            swift: ["lineWidth", "lineCapStyle", "lineJoinStyle", "usesEvenOddFillRule", "miterLimit", "flatness"],
            meaning: "how the path is stroked or filled when drawn"
        ) { c in
            guard let o = c.object else { return nil }
            if c.name == "usesEvenOddFillRule" {
                o.fields[c.name] = try c.truth(0) ? .bool(true) : nil
            } else {
                o.fields[c.name] = c[0]
            }
            return .void
        },
    ]

    private static func pathMethod(swift: [String], objc: [String], _ change: @escaping @Sendable (Call, Object) throws -> Void) -> Binding
    {
        Binding(.object(.path), swift: swift, objc: objc) { c in
            guard let o = c.object else { return nil }
            try change(c, o)
            return try c.interpreter.checkedPath(o, at: c.at)
        }
    }

    // MARK: The screen

    private static let screen: [Binding] = [
        Binding(.type("UIScreen"), form: .read, swift: ["main"], objc: ["mainScreen"]) { _ in .constant("UIScreen.main") },
        Binding(
            .instance("UIScreen"), form: .read, swift: ["bounds", "nativeBounds", "applicationFrame", "fixedCoordinateSpace"],
            meaning: "the canvas"
        ) { c in
            let canvas = c.interpreter.canvas
            c.note("the screen's \(c.name) is the canvas (\(PresetNumber.text(canvas.width))×\(PresetNumber.text(canvas.height)))")
            return .rect(Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        },
        Binding(.instance("UIScreen"), form: .read, swift: ["scale", "nativeScale"], meaning: "the device's scale (--scale)") { c in
            .number(Double(c.interpreter.deviceScale))
        },
    ]

    // MARK: Image contexts

    private static let imageContexts: [Binding] = [
        Binding(.global, swift: ["UIGraphicsImageRenderer(size:)", "UIGraphicsImageRenderer(bounds:)"]) { c in
            switch c.first {
            case .size(let s)?: .constant("UIGraphicsImageRenderer:\(s.width)x\(s.height)")
            case .rect(let r)?: .constant("UIGraphicsImageRenderer:\(r.size.width)x\(r.size.height)")
            default: .constant("UIGraphicsImageRenderer")
            }
        },
        Binding(
            .instance("UIGraphicsImageRenderer"), swift: ["image(actions:)", "pngData(actions:)"],
            meaning: "the closure draws into an image of its own"
        ) { c in
            guard case .constant(let renderer) = c.receiver else { return nil }
            return try c.interpreter.rendererImage(renderer, closure: c.last, at: c.at)
        },
        Binding(.global, objc: ["UIGraphicsBeginImageContext", "UIGraphicsBeginImageContextWithOptions"]) { c in
            try c.interpreter.beginImageContext(c.arguments, at: c.at)
        },
        Binding(.global, objc: ["UIGraphicsEndImageContext"]) { c in
            _ = c.interpreter.drawingContexts.popLast()
            return .void
        },
        Binding(.global, objc: ["UIGraphicsGetCurrentContext"]) { _ in .constant("CGContext") },
        Binding(.global, objc: ["UIGraphicsGetImageFromCurrentImageContext"]) { c in
            c.interpreter.imageFromCurrentContext("UIGraphicsGetImageFromCurrentImageContext()", at: c.at)
        },
    ]

    // MARK: Views

    static let viewClasses = [
        "UIView", "UIImageView", "UILabel", "UIButton", "UIControl", "UIScrollView", "UIStackView", "UIVisualEffectView", "UIWindow",
    ]

    private static let viewMakers: [Binding] = [
        Binding(.global, swift: viewClasses.map { $0 + "(frame:)" }, meaning: "a view: a layer of that frame") { c in
            try c.interpreter.makeObject(c.name, labels: c.labels, c.arguments, at: c.at)
        },
        Binding(
            .global,
            swift: [
                "UITapGestureRecognizer(target:action:)", "UIPanGestureRecognizer(target:action:)",
                "UILongPressGestureRecognizer(target:action:)", "UISwipeGestureRecognizer(target:action:)",
            ], meaning: "a gesture recognizer, which an import does not run (touches are not imported)"
        ) { c in
            c.note("\(c.name): touch gestures are not imported; --call runs a handler")
            return .constant("UIGestureRecognizer")
        },
        Binding(
            .type("NSLayoutConstraint"), swift: ["activate(_:)", "deactivate(_:)"],
            objc: ["activateConstraints:", "deactivateConstraints:"],
            meaning: "not evaluated (a view they size takes its superview's bounds)"
        ) { c in
            c.note("Auto Layout constraints are not evaluated (a view they size takes its superview's bounds)")
            return .void
        },
    ]

    private static func viewLayer(_ c: Call) -> Object? { c.object?.layer }

    private static func viewRead(
        _ names: [String], meaning: String? = nil, _ read: @escaping @Sendable (Call, Object) throws -> Value
    ) -> Binding {
        Binding(.object(.view), form: .read, swift: names, meaning: meaning) { c in
            guard let layer = viewLayer(c) else { return nil }
            return try read(c, layer)
        }
    }

    private static let viewReads: [Binding] = [
        viewRead(["layer"]) { _, layer in .object(layer) },
        viewRead(["view"]) { c, _ in c.receiver },
        viewRead(["bounds"]) { c, layer in .rect(c.interpreter.modelState(of: layer).layer.bounds) },
        viewRead(["frame"]) { c, layer in .rect(c.interpreter.modelState(of: layer).layer.frame) },
        viewRead(["center"]) { c, layer in .point(c.interpreter.modelState(of: layer).layer.position) },
        viewRead(["transform", "transform3D"]) { c, layer in .transform(c.interpreter.modelState(of: layer).layer.transform) },
        viewRead(["window", "traitCollection", "safeAreaInsets"], meaning: "nil") { _, _ in .null },
        viewRead(["superview"], meaning: "the view it was added to") { _, layer in
            layer.superlayer?.ownerView.map(Value.object) ?? .null
        },
        Binding(
            .object(.view), form: .read,
            swift: ["navigationController", "navigationItem", "tabBarController", "splitViewController", "presentingViewController"],
            meaning: "nil: the controller is the window's root, in no container"
        ) { _ in .null },
        viewRead(["contentScaleFactor", "scale"], meaning: "the device's scale (--scale)") { c, _ in
            .number(Double(c.interpreter.deviceScale))
        },
        viewRead(["alpha"]) { c, layer in .number(c.interpreter.modelState(of: layer).layer.opacity) },
        viewRead(["backgroundColor"]) { c, layer in
            c.object === c.interpreter.hostView
                ? .color(c.interpreter.hostBackground ?? .clear)
                : c.interpreter.propertyValue(.color(c.interpreter.modelState(of: layer).layer.backgroundColor))
        },
        viewRead(["subviews"]) { _, _ in .array([]) },
        viewRead(
            ["isOn", "on", "isSelected", "selected", "isHighlighted", "highlighted"],
            meaning: "a control's state: as set, else off (as a storyboard control without it set)"
        ) { c, _ in
            c.object?.fields[c.interpreter.propertyKey(c.name)] ?? c.object?.fields[c.name] ?? .bool(false)
        },
        viewRead(["tintColor"], meaning: "as set, else the system blue iOS gives") { c, _ in
            c.object?.fields["tintColor"] ?? .color(Color.named["systemBlue"] ?? Color(red: 0, green: 0.478, blue: 1, alpha: 1))
        },
        viewRead(
            [
                "topAnchor", "bottomAnchor", "leadingAnchor", "trailingAnchor", "leftAnchor", "rightAnchor", "widthAnchor", "heightAnchor",
                "centerXAnchor", "centerYAnchor", "constraints", "safeAreaLayoutGuide", "layoutMarginsGuide",
            ], meaning: "not evaluated: a view without a size takes its superview's bounds (said in a note)"
        ) { c, layer in
            // Auto Layout is not evaluated: a view it sizes, still without a size, takes its
            // superview's bounds (what constraints to the edges give, the usual case).
            let bounds = layer.state.layer.bounds
            if bounds.size.width == 0 || bounds.size.height == 0, let superlayer = layer.superlayer, let object = c.object {
                c.interpreter.setFrame(layer, superlayer.state.layer.bounds)
                let b = superlayer.state.layer.bounds.size
                c.note(
                    "Auto Layout is not evaluated: this \(object.className) takes its superview's bounds (\(NumberText.shortest(b.width)) × \(NumberText.shortest(b.height))); set its frame to place it otherwise"
                )
            }
            return .null
        },
    ]

    private static func viewWrite(
        _ names: [String], meaning: String? = nil, _ write: @escaping @Sendable (Call, Object) throws -> Void
    ) -> Binding {
        Binding(.object(.view), form: .write, swift: names, meaning: meaning) { c in
            guard let layer = viewLayer(c) else { return nil }
            try write(c, layer)
            return .void
        }
    }

    /// The view property `name` set as the layer's `key`.
    private static func layerWrite(_ names: [String], as key: String? = nil) -> Binding {
        viewWrite(names, meaning: key.map { "the layer's \($0)" }) { c, layer in
            try c.interpreter.setProperty(of: layer, key ?? c.name, c[0], at: c.at)
        }
    }

    private static let viewWrites: [Binding] = [
        viewWrite(["backgroundColor"], meaning: "the layer's (the host view's: the canvas background)") { c, layer in
            if let object = c.object, object === c.interpreter.hostView || object.fields["isHost"] != nil {
                c.interpreter.hostView.fields["backgroundColor"] = .color(try c.color(0))
            } else {
                try c.interpreter.setProperty(of: layer, "backgroundColor", c[0], at: c.at)
            }
        },
        layerWrite(["alpha"], as: "opacity"),
        layerWrite(["mask", "maskView"], as: "mask"),
        layerWrite(["center"], as: "position"),
        viewWrite(["frame"]) { c, layer in
            if try !c.interpreter.animateChange(of: layer, "frame", c[0], at: c.at) { c.interpreter.setFrame(layer, try c.rect(0)) }
        },
        layerWrite(["bounds"]),
        layerWrite(["transform", "transform3D"], as: "transform"),
        layerWrite(["clipsToBounds"], as: "masksToBounds"),
        layerWrite(["hidden", "isHidden"], as: "hidden"),
        viewWrite(
            [
                "text", "attributedText", "textColor", "font", "textAlignment", "numberOfLines", "adjustsFontSizeToFitWidth", "title",
                "lineBreakMode",
            ],
            meaning: "not imported: UIKit draws a label's or button's text, not a layer (a CATextLayer draws text)"
        ) { c, _ in
            c.note(
                "\(c.object?.className ?? "UIView")'s \(c.name) is drawn by UIKit, not by a layer; not imported (a CATextLayer draws text)")
        },
        viewWrite(
            [
                "userInteractionEnabled", "translatesAutoresizingMaskIntoConstraints", "autoresizingMask", "contentMode", "tag",
                "accessibilityIdentifier", "isAccessibilityElement", "multipleTouchEnabled", "exclusiveTouch",
            ], meaning: "nothing drawn (touch handling, layout and accessibility)"
        ) { c, _ in c.note("\(c.name) concerns UIKit views, not layers; it changes nothing drawn") },
    ]

    private static let views: [Binding] = [
        Binding(
            .object(.view),
            swift: ["addSubview(_:)", "insertSubview(_:at:)", "insertSubview(_:belowSubview:)", "insertSubview(_:aboveSubview:)"],
            objc: ["addSubview:", "insertSubview:atIndex:", "insertSubview:belowSubview:", "insertSubview:aboveSubview:"],
            meaning: "the view added, with UIKit's willMove/didMove calls and a layout pass"
        ) { c in
            guard let target = c.layer, case .object(let child)? = c.first, child.viewLayer != nil else {
                throw c.skip("\(c.name) of something that is not a view")
            }
            var index = target.sublayers.count
            if c.arguments.count > 1 {
                switch c[1] {
                case .number(let n) where n.isFinite: index = Int(max(0, min(Double(index), n)))
                case .object(let sibling):
                    if let i = target.sublayers.firstIndex(where: { $0 === sibling.viewLayer }) {
                        index = c.name.contains("below") ? i : i + 1
                    }
                default: break
                }
            }
            try c.interpreter.addSubview(child, to: target, at: index, position: c.at)
            return .void
        },
        Binding(
            .object(.view), swift: ["setTitle(_:for:)", "setTitleColor(_:for:)", "setImage(_:for:)"],
            objc: ["setTitle:forState:", "setTitleColor:forState:", "setImage:forState:"],
            meaning: "not imported: UIKit draws a button's title and image, not a layer"
        ) { c in
            c.note("\(c.name): a button's title and image are drawn by UIKit, not by a layer; not imported")
            return .void
        },
        Binding(
            .object(.view), swift: ["addTarget(_:action:for:)", "addGestureRecognizer(_:)"], objc: ["addTarget:action:forControlEvents:"],
            meaning: "nothing: events are not run (--call runs a handler)"
        ) { c in
            c.note("\(c.name): touch events are not imported; --call runs a handler")
            return .void
        },
        Binding(.object(.view), swift: ["makeKeyAndVisible()"], objc: ["makeKeyAndVisible"], meaning: "nothing: the host view is shown") {
            _ in
            .void
        },
        Binding(.object(.view), swift: ["removeFromSuperview()"], objc: ["removeFromSuperview"]) { c in
            try c.interpreter.removeFromParent(c.layer, at: c.at)
            return .void
        },
    ]
}

extension Object {
    /// The layer of a view, or of a view controller's view.
    var viewLayer: Object? {
        if let layer { return layer }
        if case .object(let view)? = fields["view"] { return view.layer }
        return nil
    }
}
