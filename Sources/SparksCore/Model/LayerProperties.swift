/// The model properties every layer has (CALayer), as a value.
///
/// Geometry follows Core Animation (core-animation.md §1): `position` is where the `anchorPoint` of `bounds`
/// sits in the superlayer; `transform` applies about the anchor point.
public struct LayerProperties: Hashable, Sendable {
    /// Name used to address the layer (`--set fireEmitter.birthRate=2`). Default nil.
    public var name: String?
    /// Where the anchor point sits in the superlayer, in points. Default (0, 0).
    public var position: Point = .zero
    /// Position on the z axis; also orders siblings (higher is drawn later). Default 0.
    public var zPosition: Double = 0
    /// The layer's own coordinate space. Default (0, 0, 0, 0).
    public var bounds: Rect = .zero
    /// Unit coordinates of `bounds` that `position` refers to and transforms pivot on. Default (0.5, 0.5).
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// Position of the anchor point on the z axis: transforms pivot on (anchor, anchorPointZ).
    /// Default 0.
    public var anchorPointZ: Double = 0
    /// Transform applied about the anchor point. Default identity.
    public var transform: Transform3D = .identity
    /// Transform applied to the sublayers, about the anchor point, before they are flattened
    /// into the layer (where `m34` gives them perspective). Default identity.
    public var sublayerTransform: Transform3D = .identity
    /// Whether the sublayers' geometry is flipped vertically within `bounds` (y grows upwards
    /// from the bottom edge); images stay upright. Default false.
    public var isGeometryFlipped = false
    /// Opacity of the layer and its subtree, 0…1: with `allowsGroupOpacity` the subtree is
    /// composited as one image and faded; without, multiplied into everything it draws. Default 1.
    public var opacity: Double = 1
    /// Whether an `opacity` below 1 fades the layer and its subtree as one image (iOS 7 and
    /// later) rather than each thing it draws on its own. Default true.
    public var allowsGroupOpacity = true
    /// Whether the layer and its subtree are not drawn (`hidden` in presets). Default false.
    public var isHidden = false
    /// Colour filling `bounds` behind contents and sublayers. Default clear.
    public var backgroundColor: Color = .clear
    /// Radius of the rounded corners of the background and border, in points. Default 0.
    public var cornerRadius: Double = 0
    /// Width of the border drawn inside the bounds' edge, above sublayers, in points. Default 0.
    public var borderWidth: Double = 0
    /// Colour of the border. Default opaque black.
    public var borderColor: Color = .black
    /// The shadow's colour; its alpha is multiplied by `shadowOpacity`. Default opaque black.
    public var shadowColor: Color = .black
    /// Opacity of the shadow, 0…1; 0 draws none. Default 0.
    public var shadowOpacity: Double = 0
    /// Where the shadow sits relative to the layer, in the layer's units. Default (0, −3): three
    /// points up on iOS, as Core Animation's default was chosen for macOS's upward y.
    public var shadowOffset = Size(width: 0, height: -3)
    /// Blur radius of the shadow, in the layer's units (see
    /// ``CoreAnimationChoices/shadowSigmaPerRadius``). Default 3.
    public var shadowRadius: Double = 3
    /// The shadow's shape, filled; nil casts the shadow of everything the layer draws (its
    /// alpha). Default nil.
    public var shadowPath: BezierPath?
    /// Image drawn to fill `bounds`. Default nil.
    public var contents: Texture?
    /// While an animation of `contents` is between two images, the cross-fade it presents
    /// (`contents` holds the image fading in); nil otherwise.
    public var contentsCrossFade: ImageCrossFade?
    /// How `contents` is placed in `bounds`: stretched (`resize`, the default), fitted or filled
    /// keeping its aspect ratio, or at its natural size against an edge, a corner or the centre.
    public var contentsGravity: ContentsGravity = .resize
    /// The part of the image drawn, in unit coordinates of the image. Default [0, 0, 1, 1].
    public var contentsRect: Rect = .unit
    /// The part of the image (unit coordinates of `contentsRect`) that stretches when the
    /// image is resized; the rest keeps its size (a nine-part image). Default [0, 0, 1, 1].
    public var contentsCenter: Rect = .unit
    /// Image pixels per point, for the natural size the position gravities use. Default 1.
    public var contentsScale: Double = 1
    /// Filter used when `contents` is drawn smaller than its size. Default linear.
    public var minificationFilter: ContentsFilter = .linear
    /// Filter used when `contents` is drawn larger than its size. Default linear.
    public var magnificationFilter: ContentsFilter = .linear
    /// Added to the mip level chosen when `contents` is drawn smaller than its size. Default 0.
    public var minificationFilterBias: Double = 0
    /// Whether sublayers are clipped to `bounds`. Default false.
    public var masksToBounds = false
    /// Layer timing: local time = (parent time − beginTime) · speed + timeOffset (core-animation.md §3.2).
    public var timing = MediaTiming()

    /// Creates properties with Core Animation's defaults.
    public init(name: String? = nil) {
        self.name = name
    }

    /// The anchor point in the layer's own coordinates, at depth `anchorPointZ` (core-animation.md §1.2).
    public var anchorInBounds: Vector3 {
        Vector3(
            bounds.origin.x + anchorPoint.x * bounds.size.width,
            bounds.origin.y + anchorPoint.y * bounds.size.height, anchorPointZ)
    }

    /// `bounds` and `position` as one rectangle in the superlayer (CALayer's `frame`, exact for
    /// an identity transform). Setting it sets the size of `bounds` and the `position` that puts
    /// the anchor point where the rectangle has it.
    public var frame: Rect {
        get {
            Rect(
                x: position.x - anchorPoint.x * bounds.size.width, y: position.y - anchorPoint.y * bounds.size.height,
                width: bounds.size.width, height: bounds.size.height)
        }
        set {
            bounds.size = newValue.size
            position = Point(
                x: newValue.origin.x + anchorPoint.x * newValue.size.width, y: newValue.origin.y + anchorPoint.y * newValue.size.height)
        }
    }

    /// The map from a sublayer's superlayer coordinates (this layer's, as its sublayers see
    /// them) to this layer's own: the geometry flip, then `sublayerTransform` about the anchor
    /// point, then flattening into the layer's plane unless the layer preserves depth
    /// (core-animation.md §1.2).
    public func sublayerSpace(preservesDepth: Bool) -> Transform3D {
        var m = Transform3D.identity
        if isGeometryFlipped { m = Transform3D.verticalFlip(within: bounds) }
        if sublayerTransform != .identity {
            let a = anchorInBounds
            m = m * Transform3D.translation(-a.x, -a.y, -a.z) * sublayerTransform * Transform3D.translation(a.x, a.y, a.z)
        }
        return preservesDepth ? m : m * Transform3D.flatten
    }

    /// How `contents` is filtered.
    public var contentsSampling: TextureSampling {
        TextureSampling(
            minification: minificationFilter, magnification: magnificationFilter, minificationBias: Float(minificationFilterBias))
    }

    /// The map from this layer's coordinates to its superlayer's:
    /// `T(−anchor) · transform · T(position, zPosition)` (core-animation.md §1.2).
    public var transformToSuperlayer: Transform3D {
        let a = anchorInBounds
        var m = Transform3D.translation(-a.x, -a.y, -a.z) * transform
        m = m * Transform3D.translation(position.x, position.y, zPosition)
        return m
    }

    /// The settable properties, by Core Animation key.
    public static let table = PropertyTable<LayerProperties>(
        [
            .text("name", \.name, "Name used to address the layer in key paths."),
            .point("position", \.position, "Where the anchor point sits in the superlayer, [x, y] in points."),
            .number("zPosition", \.zPosition, .any, "Position on the z axis; higher is drawn above its siblings."),
            .rect("bounds", \.bounds, "The layer's own coordinate space, [x, y, width, height] in points."),
            .point("anchorPoint", \.anchorPoint, "Unit coordinates of bounds that position refers to, [x, y]."),
            .number("anchorPointZ", \.anchorPointZ, .any, "Position of the anchor point on the z axis, in points."),
            .rect(
                "frame", \.frame,
                "bounds and position as one rectangle in the superlayer, [x, y, width, height] (sets the size of bounds and position)."),
            .transform("transform", \.transform, "Transform applied about the anchor point."),
            .transform(
                "sublayerTransform", \.sublayerTransform,
                "Transform applied to the sublayers about the anchor point (m34 gives them perspective)."),
            .bool(
                "geometryFlipped", \.isGeometryFlipped,
                "Whether the sublayers' geometry is flipped vertically (y up from the bottom edge); images stay upright."),
            .number(
                "opacity", \.opacity, .unit,
                "Opacity of the layer and its subtree, 0…1, faded as one image unless allowsGroupOpacity is false."
            ),
            .bool(
                "allowsGroupOpacity", \.allowsGroupOpacity,
                "Whether opacity below 1 fades the layer and its subtree as one image (true, iOS's default) or each thing it draws on its own."
            ),
            .bool("hidden", \.isHidden, "Whether the layer and its subtree are not drawn."),
            .color("backgroundColor", \.backgroundColor, "Colour filling bounds."),
            .number("cornerRadius", \.cornerRadius, .nonNegative, "Radius of the rounded corners of background and border, in points."),
            .number("borderWidth", \.borderWidth, .nonNegative, "Width of the border drawn inside the edge of bounds, in points."),
            .color("borderColor", \.borderColor, "Colour of the border."),
            .color("shadowColor", \.shadowColor, "Colour of the shadow (default opaque black)."),
            .number("shadowOpacity", \.shadowOpacity, .unit, "Opacity of the shadow, 0…1 (default 0: no shadow)."),
            .offset("shadowOffset", \.shadowOffset, "Offset of the shadow, [width, height] in points (default [0, -3]: up on iOS)."),
            .number(
                "shadowRadius", \.shadowRadius, NumberRule(minimum: 0, maximum: 1000), "Blur radius of the shadow, in points (default 3)."),
            .path("shadowPath", \.shadowPath, "The shadow's shape, filled (default: the shape of everything the layer draws)."),
            .image(
                "contents", \.contents, crossFade: \LayerProperties.contentsCrossFade,
                "PNG image drawn to fill bounds, found beside the preset or in assets/."),
            .choice(
                "contentsGravity", \.contentsGravity,
                "How contents is placed in bounds: resize (default), resizeAspect, resizeAspectFill, or at its natural size at center, top, bottom, left, right or a corner."
            ),
            .rect("contentsRect", \.contentsRect, "The part of the image drawn, unit coordinates [x, y, width, height]."),
            .rect(
                "contentsCenter", \.contentsCenter,
                "The part of contentsRect that stretches when the image is resized, unit coordinates; the rest keeps its size."),
            .number(
                "contentsScale", \.contentsScale, NumberRule(minimum: 0, maximum: 1000, excludesMinimum: true),
                "Image pixels per point (the natural size the position gravities use)."),
            .choice("minificationFilter", \.minificationFilter, "Filter when contents is drawn smaller than its size."),
            .choice("magnificationFilter", \.magnificationFilter, "Filter when contents is drawn larger than its size."),
            .number(
                "minificationFilterBias", \.minificationFilterBias, NumberRule(minimum: -16, maximum: 16),
                "Added to the mip level of minified contents: positive blurs, negative sharpens."),
            .bool("masksToBounds", \.masksToBounds, "Whether sublayers are clipped to bounds."),
            .number(
                "beginTime", \.timing.beginTime, .any,
                "Start of the layer's timeline in its parent's time, seconds; negative starts it as if already running."),
            .number("speed", \.timing.speed, .any, "Rate of the layer's time relative to its parent's; 0 freezes."),
            .number("timeOffset", \.timing.timeOffset, .any, "Seconds added to the layer's local time."),
        ],
        guides: [
            "magnificationFilter": PropertyGuide.textureFilter,
            "minificationFilter": PropertyGuide.textureFilter,
            "name": PropertyGuide(example: "\"portal\""),
            "position": PropertyGuide(.points, example: "[400, 300]"),
            "zPosition": PropertyGuide(.points, -100...100, example: "10"),
            "bounds": PropertyGuide(.points, example: "[0, 0, 800, 600]"),
            "anchorPoint": PropertyGuide(.unitCoordinates, 0...1, example: "[0.5, 1]"),
            "anchorPointZ": PropertyGuide(.points, -100...100, example: "20"),
            "frame": PropertyGuide(.points, example: "[0, 0, 800, 600]"),
            "transform": PropertyGuide(example: "[{ \"rotate\": 0.785 }]"),
            "sublayerTransform": PropertyGuide(example: "[{ \"perspective\": 500 }]"),
            "opacity": PropertyGuide(.fraction, 0...1, example: "0.8"),
            "backgroundColor": PropertyGuide(example: "\"#20203080\""),
            "cornerRadius": PropertyGuide(.points, 0...100, example: "12"),
            "borderWidth": PropertyGuide(.points, 0...10, example: "2"),
            "borderColor": PropertyGuide(example: "\"white\""),
            "shadowColor": PropertyGuide(example: "\"#ff8000\""),
            "shadowOpacity": PropertyGuide(.fraction, 0...1, example: "0.6"),
            "shadowOffset": PropertyGuide(.points, example: "[0, 4]"),
            "shadowRadius": PropertyGuide(.points, 0...30, example: "8"),
            "shadowPath": PropertyGuide(.points, example: "\"M 0 0 L 100 0 L 100 100 Z\""),
            "contents": PropertyGuide(example: "\"spark.png\""),
            "contentsRect": PropertyGuide(.unitCoordinates, 0...1, example: "[0, 0, 0.5, 1]"),
            "contentsCenter": PropertyGuide(.unitCoordinates, 0...1, example: "[0.25, 0.25, 0.5, 0.5]"),
            "contentsScale": PropertyGuide(.pixelsPerPoint, 1...3, example: "2"),
            "minificationFilterBias": PropertyGuide(.mipLevels, -1...1, example: "0.5"),
            "beginTime": PropertyGuide(.seconds, -10...10, example: "0.5"),
            "speed": PropertyGuide(.factor, 0...4, example: "0.5"),
            "timeOffset": PropertyGuide(.seconds, 0...10, example: "2"),
        ])
}
