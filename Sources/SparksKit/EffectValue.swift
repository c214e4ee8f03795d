import SparksCore

/// A property's value as a game gives and reads it: a number, a switch, a list of numbers (a
/// point, size, rectangle or vector; a colour as red, green, blue, alpha from 0 to 1; a list of
/// numbers) or text (a choice such as `"line"`, an image's name; any other value as a preset
/// writes it). It prints as a preset writes it.
///
/// ```swift
/// try fire.setValue(250, forKeyPath: "fireEmitter.emitterCells.fire.birthRate")
/// try fire.setValue([400, 300], forKeyPath: "fireEmitter.emitterPosition")
/// try fire.setValue("circle", forKeyPath: "fireEmitter.emitterShape")
/// ```
public enum EffectValue: Equatable, Sendable, CustomStringConvertible, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByStringLiteral
{
    /// A number.
    case number(Double)
    /// A switch.
    case bool(Bool)
    /// A point, size, rectangle, vector, colour or list of numbers.
    case numbers([Double])
    /// A choice, an image's name, or a value of another kind (a transform, a path, a list of
    /// colours) as a preset writes it.
    case text(String)

    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: Double...) { self = .numbers(elements) }
    public init(stringLiteral value: String) { self = .text(value) }

    /// The value as a preset writes it: `150`, `true`, `[400, 300]`, `line`.
    public var description: String {
        switch self {
        case .number(let n): PropertyValue.number(n).description
        case .bool(let b): b ? "true" : "false"
        case .numbers(let list): PropertyValue.numbers(list).description
        case .text(let text): text
        }
    }

    /// The game's view of an engine value.
    init(_ value: PropertyValue) {
        switch value {
        case .number(let n): self = .number(n)
        case .bool(let b): self = .bool(b)
        case .string(let s): self = .text(s)
        case .vector(let v): self = .numbers(Array(v))
        case .color(let c): self = .numbers([c.red, c.green, c.blue, c.alpha])
        case .numbers(let list): self = .numbers(list)
        case .transform, .image, .colors, .imageCrossFade, .path: self = .text(value.description)
        }
    }

    /// The engine value of a property of kind `kind`, or why this is not one; text is read as a
    /// preset's text by the caller.
    func propertyValue(as kind: PropertyKind, keyPath: String) throws(EffectError) -> PropertyValue? {
        switch (self, kind) {
        case (.text, _): return nil
        case (.number(let n), .bool): return .bool(n != 0)
        case (.bool(let b), .bool): return .bool(b)
        case (.bool(let b), _): return .number(b ? 1 : 0)
        case (.number(let n), _): return .number(n)
        case (.numbers(let list), .color):
            guard list.count == 3 || list.count == 4 else { break }
            return .color(Color(red: list[0], green: list[1], blue: list[2], alpha: list.count == 4 ? list[3] : 1))
        case (.numbers(let list), .numberList): return .numbers(list)
        case (.numbers(let list), _) where kind.vectorCount > 0:
            guard list.count == kind.vectorCount else { break }
            return .vector(PropertyVector(list))
        default: break
        }
        throw EffectError("\(keyPath): \(self) is not what it takes: \(kind.expectation)")
    }
}
