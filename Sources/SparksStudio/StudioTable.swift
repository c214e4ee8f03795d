import SparksCore

/// The property table as pages read it: every object of ``PresetObject/all`` with each key's
/// kind, accepted limits, default, unit, typical values, example, options and summary. The
/// inspector's controls are made from this, never from a list of keys of its own.
struct TableMessage: Encodable, Sendable {
    let type = "table"
    var objects: [ObjectOut]
    /// What colours a preset may write, for the colour controls' tooltips.
    var palette: [String]
    /// Where each element of a preset sits (``PresetElement``): what the tree shows under an
    /// element and what + Add offers.
    var structure: [ElementOut]

    struct ElementOut: Encodable, Sendable {
        var element: String
        var nameKey: String?
        var typeKey: String?
        /// The ``PresetObject`` of its keys.
        var object: String
        var slots: [SlotOut]
    }

    struct SlotOut: Encodable, Sendable {
        var key: String
        var element: String
        var list: Bool
        /// The holder's types that have it; nil: every type.
        var types: [String]?
    }

    struct ObjectOut: Encodable, Sendable {
        var name: String
        var title: String
        var introduction: String
        var keys: [KeyOut]
        /// The key choosing which keys apply (a behaviour's `type`), and each choice's keys.
        var variants: VariantsOut?
    }

    struct VariantsOut: Encodable, Sendable {
        var key: String
        var common: [String]
        var choices: [ChoiceOut]
    }

    struct ChoiceOut: Encodable, Sendable {
        var value: String
        var keys: [String]
    }

    struct KeyOut: Encodable, Sendable {
        var key: String
        /// The kind's name: number, bool, text, choice, point, size, offset, rect, vector3,
        /// color, transform, image, repeatCount, seed, colorList, numberList, path.
        var kind: String
        var minimum: Double?
        var maximum: Double?
        var excludesMinimum: Bool?
        var integer: Bool?
        var choices: [String]?
        var summary: String
        var defaultValue: JSONOut?
        var defaultText: String
        var unit: String?
        /// The unit's name in the table (`radians`, `radiansPerSecond`, `points`, …).
        var unitName: String?
        var typical: [Double]?
        var example: String?
        var options: [OptionOut]
    }

    struct OptionOut: Encodable, Sendable {
        var option: String
        var meaning: String
    }

    /// The table of this build.
    static let current = TableMessage(
        objects: PresetObject.all.map { object in
            ObjectOut(
                name: object.name, title: object.title, introduction: object.introduction, keys: object.keys.map(KeyOut.init),
                variants: object.variants.map { v in
                    VariantsOut(key: v.key, common: v.common, choices: v.choices.map { ChoiceOut(value: $0.value, keys: $0.keys) })
                })
        }, palette: KeyExplanation.palette,
        structure: PresetElement.allCases.map { element in
            ElementOut(
                element: element.rawValue, nameKey: element.nameKey, typeKey: element.typeKey, object: element.objectName,
                slots: element.slots.map { SlotOut(key: $0.key, element: $0.element.rawValue, list: $0.isList, types: $0.types) })
        })
}

extension TableMessage.KeyOut {
    init(_ info: PresetKeyInfo) {
        key = info.key
        summary = info.summary + info.optionsText
        defaultText = info.defaultText
        defaultValue = (try? JSONParser.parse(info.defaultText)).map(JSONOut.init)
        unit = info.guide.unit?.rawValue
        unitName = info.guide.unit.map { String(describing: $0) }
        typical = info.guide.typical.map { [$0.lowerBound, $0.upperBound] }
        example = info.guide.example
        options = info.guide.options.map { TableMessage.OptionOut(option: $0.option, meaning: $0.meaning) }
        kind = info.kind.tableName
        var rule: NumberRule?
        switch info.kind {
        case .number(let r), .numberList(let r): rule = r
        case .choice(let list): choices = list
        case .size, .repeatCount: rule = .nonNegative
        case .seed: rule = NumberRule(minimum: 0, maximum: Double(UInt32.max), isInteger: true)
        default: break
        }
        if let rule {
            minimum = rule.minimum
            maximum = rule.maximum
            excludesMinimum = rule.excludesMinimum
            integer = rule.isInteger
        }
    }
}

extension PropertyKind {
    /// The kind's name in the table pages read: number, bool, text, choice, point, size,
    /// offset, rect, vector3, color, transform, image, repeatCount, seed, colorList, numberList,
    /// path.
    var tableName: String {
        switch self {
        case .number: "number"
        case .numberList: "numberList"
        case .bool: "bool"
        case .text: "text"
        case .choice: "choice"
        case .point: "point"
        case .size: "size"
        case .offset: "offset"
        case .rect: "rect"
        case .vector3: "vector3"
        case .color: "color"
        case .transform: "transform"
        case .image: "image"
        case .repeatCount: "repeatCount"
        case .seed: "seed"
        case .colorList: "colorList"
        case .path: "path"
        }
    }
}
