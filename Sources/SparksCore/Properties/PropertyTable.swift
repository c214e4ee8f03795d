/// One settable property of a model value: its key, kind, and how to read and write it.
public struct PropertyDescriptor<Root>: Sendable {
    /// The Core Animation property name, as used in presets and key paths.
    public let key: String
    /// What values it takes.
    public let kind: PropertyKind
    /// One line for documentation and the JSON Schema.
    public let summary: String
    /// Reads the value.
    public let get: @Sendable (Root) -> PropertyValue
    /// Writes a value already validated for `kind`.
    public let set: @Sendable (inout Root, PropertyValue) -> Void

    /// Creates a descriptor from closures.
    public init(
        _ key: String, _ kind: PropertyKind, _ summary: String,
        get: @escaping @Sendable (Root) -> PropertyValue,
        set: @escaping @Sendable (inout Root, PropertyValue) -> Void
    ) {
        self.key = key
        self.kind = kind
        self.summary = summary
        self.get = get
        self.set = set
    }

    /// A numeric property stored as `Double`.
    public static func number(
        _ key: String, _ path: WritableKeyPath<Root, Double> & Sendable, _ rule: NumberRule, _ summary: String
    ) -> Self {
        Self(
            key, .number(rule), summary, get: { .number($0[keyPath: path]) },
            set: { root, value in
                if let n = value.number { root[keyPath: path] = n }
            })
    }

    /// A whole-number property stored as `Int` (animated values round down).
    public static func integer(
        _ key: String, _ path: WritableKeyPath<Root, Int> & Sendable, _ rule: NumberRule, _ summary: String
    ) -> Self {
        Self(
            key, .number(rule), summary, get: { .number(Double($0[keyPath: path])) },
            set: { root, value in
                if let n = value.number, n.isFinite { root[keyPath: path] = Int(max(min(n, 1e9), -1e9).rounded(.down)) }
            })
    }

    /// A Boolean property.
    public static func bool(_ key: String, _ path: WritableKeyPath<Root, Bool> & Sendable, _ summary: String) -> Self {
        Self(
            key, .bool, summary, get: { .bool($0[keyPath: path]) },
            set: { root, value in
                if case .bool(let b) = value { root[keyPath: path] = b }
            })
    }

    /// An optional name.
    public static func text(_ key: String, _ path: WritableKeyPath<Root, String?> & Sendable, _ summary: String) -> Self {
        Self(
            key, .text, summary, get: { .string($0[keyPath: path] ?? "") },
            set: { root, value in
                if case .string(let s) = value { root[keyPath: path] = s }
            })
    }

    /// An enumeration stored as a `RawRepresentable` with `String` raw values.
    public static func choice<E: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ path: WritableKeyPath<Root, E> & Sendable, _ summary: String
    ) -> Self where E.RawValue == String {
        Self(
            key, .choice(E.allCases.map(\.rawValue)), summary, get: { .string($0[keyPath: path].rawValue) },
            set: { root, value in
                if case .string(let s) = value, let e = E(rawValue: s) { root[keyPath: path] = e }
            })
    }

    /// A path; an empty path sets nil (no path).
    public static func path(_ key: String, _ path: WritableKeyPath<Root, BezierPath?> & Sendable, _ summary: String) -> Self {
        Self(
            key, .path, summary, get: { .path($0[keyPath: path] ?? BezierPath()) },
            set: { root, value in
                if case .path(let p) = value { root[keyPath: path] = p.segments.isEmpty ? nil : p }
            })
    }

    /// An offset `[width, height]`, either of which may be negative.
    public static func offset(_ key: String, _ path: WritableKeyPath<Root, Size> & Sendable, _ summary: String) -> Self {
        Self(
            key, .offset, summary,
            get: {
                let s = $0[keyPath: path]
                return .vector(PropertyVector(s.width, s.height))
            },
            set: { root, value in
                if let v = value.vector, v.count == 2 { root[keyPath: path] = Size(width: v[0], height: v[1]) }
            })
    }

    /// A point `[x, y]`.
    public static func point(_ key: String, _ path: WritableKeyPath<Root, Point> & Sendable, _ summary: String) -> Self {
        Self(
            key, .point, summary,
            get: {
                let p = $0[keyPath: path]
                return .vector(PropertyVector(p.x, p.y))
            },
            set: { root, value in
                if let v = value.vector, v.count == 2 { root[keyPath: path] = Point(x: v[0], y: v[1]) }
            })
    }

    /// A size `[width, height]`.
    public static func size(_ key: String, _ path: WritableKeyPath<Root, Size> & Sendable, _ summary: String) -> Self {
        Self(
            key, .size, summary,
            get: {
                let s = $0[keyPath: path]
                return .vector(PropertyVector(s.width, s.height))
            },
            set: { root, value in
                if let v = value.vector, v.count == 2 { root[keyPath: path] = Size(width: v[0], height: v[1]) }
            })
    }

    /// A rectangle `[x, y, width, height]`.
    public static func rect(_ key: String, _ path: WritableKeyPath<Root, Rect> & Sendable, _ summary: String) -> Self {
        Self(
            key, .rect, summary,
            get: {
                let r = $0[keyPath: path]
                return .vector(PropertyVector(r.origin.x, r.origin.y, r.size.width, r.size.height))
            },
            set: { root, value in
                if let v = value.vector, v.count == 4 { root[keyPath: path] = Rect(x: v[0], y: v[1], width: v[2], height: v[3]) }
            })
    }

    /// A colour.
    public static func color(_ key: String, _ path: WritableKeyPath<Root, Color> & Sendable, _ summary: String) -> Self {
        Self(
            key, .color, summary, get: { .color($0[keyPath: path]) },
            set: { root, value in
                if case .color(let c) = value { root[keyPath: path] = c }
            })
    }

    /// A transform.
    public static func transform(_ key: String, _ path: WritableKeyPath<Root, Transform3D> & Sendable, _ summary: String) -> Self {
        Self(
            key, .transform, summary, get: { .transform($0[keyPath: path]) },
            set: { root, value in
                if case .transform(let t) = value { root[keyPath: path] = t }
            })
    }

    /// An image. With `crossFade`, a cross-fade value is kept there whole (the image fading in
    /// goes to `path`); without, the property switches to the nearer image.
    public static func image(
        _ key: String, _ path: WritableKeyPath<Root, Texture?> & Sendable,
        crossFade: (WritableKeyPath<Root, ImageCrossFade?> & Sendable)? = nil, _ summary: String
    ) -> Self {
        Self(
            key, .image, summary, get: { .image($0[keyPath: path]) },
            set: { root, value in
                switch value {
                case .image(let t):
                    root[keyPath: path] = t
                    if let crossFade { root[keyPath: crossFade] = nil }
                case .imageCrossFade(let fade):
                    if let crossFade {
                        root[keyPath: path] = fade.to
                        root[keyPath: crossFade] = fade
                    } else {
                        root[keyPath: path] = fade.nearer
                    }
                default: break
                }
            })
    }

    /// A list of colours.
    public static func colorList(_ key: String, _ path: WritableKeyPath<Root, [Color]> & Sendable, _ summary: String) -> Self {
        Self(
            key, .colorList, summary, get: { .colors($0[keyPath: path]) },
            set: { root, value in
                if case .colors(let c) = value { root[keyPath: path] = c }
            })
    }

    /// A list of numbers; an empty list sets nil (the property's "not set").
    public static func numberList(
        _ key: String, _ path: WritableKeyPath<Root, [Double]?> & Sendable, _ rule: NumberRule, _ summary: String
    ) -> Self {
        Self(
            key, .numberList(rule), summary, get: { .numbers($0[keyPath: path] ?? []) },
            set: { root, value in
                if case .numbers(let n) = value { root[keyPath: path] = n.isEmpty ? nil : n }
            })
    }

    /// A repeat count (a number, or infinity).
    public static func repeatCount(_ key: String, _ path: WritableKeyPath<Root, Double> & Sendable, _ summary: String) -> Self {
        Self(
            key, .repeatCount, summary, get: { .number($0[keyPath: path]) },
            set: { root, value in
                if let n = value.number { root[keyPath: path] = n }
            })
    }

    /// A 32-bit seed.
    public static func seed(_ key: String, _ path: WritableKeyPath<Root, UInt32> & Sendable, _ summary: String) -> Self {
        Self(
            key, .seed, summary, get: { .number(Double($0[keyPath: path])) },
            set: { root, value in
                if let n = value.number, n >= 0, n <= Double(UInt32.max) { root[keyPath: path] = UInt32(n) }
            })
    }
}

/// The settable properties of one model type, by key.
public struct PropertyTable<Root>: Sendable {
    /// Descriptors in documentation order.
    public let descriptors: [PropertyDescriptor<Root>]
    /// Unit, typical values and an example, by key.
    public let guides: [String: PropertyGuide]
    private let index: [String: Int]

    /// Creates a table; keys must be unique, and every guide must name one of them.
    public init(_ descriptors: [PropertyDescriptor<Root>], guides: [String: PropertyGuide] = [:]) {
        self.descriptors = descriptors
        self.guides = guides
        var index: [String: Int] = [:]
        for (i, d) in descriptors.enumerated() {
            precondition(index[d.key] == nil, "duplicate property key \(d.key)")
            index[d.key] = i
        }
        self.index = index
        for key in guides.keys { precondition(index[key] != nil, "a guide for \(key), which is not a key of this table") }
    }

    /// The descriptor for `key`, if there is one.
    public subscript(key: String) -> PropertyDescriptor<Root>? {
        index[key].map { descriptors[$0] }
    }

    /// All keys, in documentation order.
    public var keys: [String] { descriptors.map(\.key) }
}
