#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The JSON Schema (draft-07) of preset files, generated from the property tables the decoder
/// uses, so editors complete and check exactly the keys Sparks accepts.
/// `presets/sparks.schema.json` is this schema; `sparks schema` prints it.
public enum PresetSchema {
    /// The schema as a JSON object.
    public static var object: [String: Any] {
        [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "$id": "sparks.schema.json",
            "title": "Sparks preset",
            "description": "A particle effect described with Core Animation's property names (CAEmitterLayer, CAEmitterCell, CALayer).",
            "type": "object",
            "additionalProperties": false,
            "required": [PresetSlot.layers.key],
            "properties": properties("preset").merging([
                "$schema": ["type": "string", "description": "The schema file, for editors: \"sparks.schema.json\"."],
                PresetSlot.canvas.key: [
                    "type": "object", "additionalProperties": false, "description": PresetSlot.canvas.summary,
                    "properties": properties("canvas"),
                ],
            ]) { $1 }.merging(slotSchemas([PresetSlot.layers])) { $1 },
            "definitions": definitions,
        ]
    }

    /// The schema as pretty-printed JSON text with sorted keys.
    public static var text: String {
        var out = ""
        write(object, indent: "", to: &out)
        return out + "\n"
    }

    /// Writes a JSON value of the schema (objects with sorted keys, arrays, strings, numbers,
    /// Booleans) pretty-printed, two spaces a level, `"key" : value` as JSONSerialization writes it.
    private static func write(_ value: Any, indent: String, to out: inout String) {
        let inner = indent + "  "
        switch value {
        case let object as [String: Any]:
            out += "{\n"
            for (i, key) in object.keys.sorted().enumerated() {
                out += inner + PresetJSON.quoted(key) + " : "
                write(object[key]!, indent: inner, to: &out)
                out += i + 1 < object.count ? ",\n" : "\n"
            }
            out += indent + "}"
        case let array as [Any]:
            out += "[\n"
            for (i, element) in array.enumerated() {
                out += inner
                write(element, indent: inner, to: &out)
                out += i + 1 < array.count ? ",\n" : "\n"
            }
            out += indent + "]"
        case let string as String: out += PresetJSON.quoted(string)
        case let flag as Bool: out += flag ? "true" : "false"
        case let number as Int: out += String(number)
        case let number as Double: out += PresetJSON.numberText(number)
        default: out += "null"
        }
    }

    /// The schema of each slot (``PresetStructure``): a list of, or one, of its element's definition.
    private static func slotSchemas(_ slots: [PresetSlot]) -> [String: Any] {
        var result: [String: Any] = [:]
        for slot in slots {
            let definition = ["$ref": "#/definitions/\(slot.element.rawValue)"]
            result[slot.key] =
                slot.isList
                ? ["type": "array", "items": definition, "description": slot.summary] as [String: Any]
                : definition.merging(["description": slot.summary]) { $1 }
        }
        return result
    }

    private static var definitions: [String: Any] {
        let layerStructure = slotSchemas(PresetElement.layer.slots.filter { $0.types == nil })
        let common = properties("layer")
        var cell = properties("emitterCells")
        cell.merge(slotSchemas(PresetElement.cell.slots)) { $1 }
        cell["style"] = [
            "type": "object",
            "description": "Defaults for keys the cell does not set (CAEmitterCell.style); other keys are noted and ignored.",
        ]
        var result: [String: Any] = [:]
        // One definition per kind of layer, chosen by "type" (a plain layer when it is absent).
        var choice: [String: Any] = ["$ref": "#/definitions/\(definitionName(.layer))"]
        for kind in LayerKind.allCases.reversed() {
            var keys = common.merging((kind == .layer ? [:] : properties(kind.rawValue))) { $1 }.merging(layerStructure) { $1 }
            keys["type"] = [
                "const": kind.rawValue,
                "description": kind == .layer
                    ? "A plain layer (CALayer), the default."
                    : "A\(kind == .emitter ? "n" : "") \(kind.rawValue) layer (\(kind.className)).",
            ]
            keys.merge(slotSchemas(PresetElement.layer.slots.filter { $0.types != nil && $0.holds(inType: kind.rawValue) })) { $1 }
            var definition: [String: Any] = ["type": "object", "additionalProperties": false, "properties": keys]
            if kind != .layer {
                definition["required"] = ["type"]
                choice = [
                    "if": ["properties": ["type": ["const": kind.rawValue]], "required": ["type"]],
                    "then": ["$ref": "#/definitions/\(definitionName(kind))"], "else": choice,
                ]
            }
            result[definitionName(kind)] = definition
        }
        choice["type"] = "object"
        var behavior = properties("emitterBehaviors")
        behavior["type"] = [
            "description": "The kind of behaviour (kCAEmitterBehaviorWave, …); each reads its own keys.",
            "anyOf": [spelledChoice(EmitterBehavior.Kind.allCases.map(\.rawValue))],
        ]
        return result.merging([
            "layer": choice,
            "behavior": ["type": "object", "additionalProperties": false, "required": ["type"], "properties": behavior],
            "animation": animationSchema,
            "timingFunction": [
                "description": "A named curve or the control points [x1, y1, x2, y2].",
                "anyOf": [
                    spelledChoice(TimingFunction.named.keys.sorted()),
                    ["type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4],
                ],
            ],
            "path": [
                "description": "SVG path data, or commands mirroring CGPath and UIBezierPath calls.",
                "anyOf": [
                    ["type": "string"],
                    ["type": "array", "items": ["$ref": "#/definitions/pathCommand"]],
                ],
            ],
            "pathCommand": pathCommandSchema,
            "cell": ["type": "object", "additionalProperties": false, "properties": cell],
            "color": [
                "description": PropertyKind.color.expectation,
                "anyOf": [
                    ["type": "string", "pattern": "^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"],
                    spelledChoice(Color.named.keys.sorted()),
                    ["type": "array", "items": ["type": "number", "minimum": 0, "maximum": 1], "minItems": 3, "maxItems": 4],
                    [
                        "type": "object", "additionalProperties": false,
                        "description":
                            "As UIColor's initialisers: {white, alpha}, {red, green, blue, alpha} or {hue, saturation, brightness, alpha}",
                        "properties": Dictionary(
                            uniqueKeysWithValues: ["white", "red", "green", "blue", "hue", "saturation", "brightness", "alpha"].map {
                                ($0, ["type": "number", "minimum": 0, "maximum": 1] as [String: Any])
                            }),
                    ],
                ],
            ],
            "transform": [
                "description":
                    "Sixteen numbers m11 … m44, or operations applied in order as CATransform3DTranslate, Scale and Rotate apply them.",
                "anyOf": [
                    ["type": "array", "items": number(.any), "minItems": 16, "maxItems": 16],
                    ["type": "array", "items": ["$ref": "#/definitions/transformOperation"]],
                ],
            ],
            "transformOperation": [
                "type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": false,
                "properties": [
                    "translate": [
                        "type": "array", "items": number(.any), "minItems": 2, "maxItems": 3, "description": "[x, y] or [x, y, z]",
                    ],
                    "scale": [
                        "anyOf": [number(.any), ["type": "array", "items": number(.any), "minItems": 2, "maxItems": 3]],
                        "description": "s, [sx, sy] or [sx, sy, sz]",
                    ],
                    "rotate": [
                        "description": "An angle in radians about z, or {\"angle\": a, \"axis\": [x, y, z]}",
                        "anyOf": [
                            number(.any),
                            [
                                "type": "object", "additionalProperties": false, "required": ["angle"],
                                "properties": [
                                    "angle": number(.any), "axis": ["type": "array", "items": number(.any), "minItems": 3, "maxItems": 3],
                                ],
                            ],
                        ],
                    ],
                    "perspective": [
                        "type": "number", "exclusiveMinimum": 0, "maximum": NumberRule.magnitudeLimit,
                        "description": "Eye distance d: m34 = −1/d",
                    ],
                ],
            ],
        ]) { $1 }
    }

    /// The definition of a kind of layer: plainLayer, emitterLayer, replicatorLayer…
    private static func definitionName(_ kind: LayerKind) -> String {
        kind == .layer ? "plainLayer" : "\(kind.rawValue)Layer"
    }

    private static var animationSchema: [String: Any] {
        let typeNames = Animation.TypeName.allCases.map(\.rawValue)
        let common = properties("animations").merging([
            "type": ["enum": typeNames, "description": "CABasicAnimation, CASpringAnimation, CAKeyframeAnimation or CAAnimationGroup."],
            "timingFunction": ["$ref": "#/definitions/timingFunction"],
        ]) { $1 }
        let keyPath: [String: Any] = [
            "type": "string", "description": "The animated property, e.g. position.y, transform.scale.y, emitterCells.NAME.birthRate.",
        ]
        let valueFunction: [String: Any] = [
            "enum": ValueFunction.allCases.map(\.rawValue),
            "description":
                "For a transform key path: the values are an angle (rotateX/Y/Z), factors (scale: [x, y, z], scaleX/Y/Z) or offsets (translate: [x, y, z], translateX/Y/Z).",
        ]
        let basic: [String: Any] = [
            "keyPath": keyPath,
            "valueFunction": valueFunction,
            "fromValue": ["description": "Start value (a value of the animated property)."],
            "toValue": ["description": "End value."],
            "byValue": ["description": "Change relative to the start value."],
        ]
        let structure: [Animation.TypeName: [String: Any]] = [
            .basic: basic,
            .spring: basic,
            .keyframe: [
                "keyPath": keyPath,
                "valueFunction": valueFunction,
                "values": ["type": "array", "description": "Values of the animated property."],
                "keyTimes": [
                    "type": "array", "items": ["type": "number", "minimum": 0, "maximum": 1],
                    "description": "When each value is reached, 0…1.",
                ],
                "timingFunctions": [
                    "type": "array", "items": ["$ref": "#/definitions/timingFunction"], "description": "A curve per interval.",
                ],
                "path": ["$ref": "#/definitions/path"],
            ],
            .group: slotSchemas(PresetElement.animation.slots(ofType: Animation.TypeName.group.rawValue)),
        ]
        func schema(of type: Animation.TypeName) -> [String: Any] {
            let extra = type == .keyframe ? properties("keyframe") : type == .spring ? properties("spring") : [:]
            let result = common.merging(structure[type] ?? [:]) { $1 }.merging(extra) { $1 }
            precondition(Set(result.keys) == Set(type.keys), "the schema of \(type) animations lists every key the decoder reads")
            return result
        }
        func variant(_ type: String, _ properties: [String: Any], required: [String]) -> [String: Any] {
            [
                "if": ["properties": ["type": ["const": type]], "required": ["type"]],
                "then": ["type": "object", "additionalProperties": false, "required": required, "properties": properties],
            ]
        }
        return [
            "type": "object", "required": ["type"],
            "allOf": [
                variant("basic", schema(of: .basic), required: ["type", "keyPath"]),
                variant("spring", schema(of: .spring), required: ["type", "keyPath"]),
                variant("keyframe", schema(of: .keyframe), required: ["type", "keyPath"]),
                variant("group", schema(of: .group), required: ["type", "animations"]),
            ],
            "properties": ["type": ["enum": typeNames]],
        ]
    }

    private static var pathCommandSchema: [String: Any] {
        let point: [String: Any] = ["type": "array", "items": number(.any), "minItems": 2, "maxItems": 2]
        func object(_ properties: [String: Any], required: [String]) -> [String: Any] {
            ["type": "object", "additionalProperties": false, "required": required, "properties": properties]
        }
        return [
            "type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": false,
            "properties": [
                "move": point,
                "line": point,
                "quadCurve": object(["to": point, "control": point], required: ["to", "control"]),
                "curve": object(["to": point, "control1": point, "control2": point], required: ["to", "control1", "control2"]),
                "arc": object(
                    [
                        "center": point, "radius": ["type": "number", "minimum": 0], "startAngle": ["type": "number"],
                        "endAngle": ["type": "number"],
                        "clockwise": ["type": "boolean", "description": "Clockwise on screen (default true)."],
                    ], required: ["center", "radius", "startAngle", "endAngle"]),
                "close": ["type": "boolean"],
                "rect": [
                    "type": "array", "items": number(.any), "minItems": 4, "maxItems": 4,
                    "description": "UIBezierPath(rect:): [x, y, width, height].",
                ],
                "oval": [
                    "type": "array", "items": number(.any), "minItems": 4, "maxItems": 4,
                    "description": "UIBezierPath(ovalIn:): the ellipse in [x, y, width, height].",
                ],
                "roundedRect": object(
                    [
                        "rect": ["type": "array", "items": number(.any), "minItems": 4, "maxItems": 4],
                        "cornerRadius": ["type": "number", "minimum": 0],
                    ], required: ["rect", "cornerRadius"]),
            ],
        ]
    }

    /// The keys of the preset object `name`, each with its description (unit and typical values
    /// added), its default and an example, as editors show them.
    private static func properties(_ name: String) -> [String: Any] {
        var result: [String: Any] = [:]
        for info in PresetObject.named(name)?.keys ?? [] {
            var schema = schema(for: info.kind)
            var description = info.summary + info.optionsText.replacing("`", with: "")
            if let unit = info.guide.unit { description += " Unit: \(unit.rawValue)." }
            if let typical = info.typicalText { description += " Typically \(typical)." }
            schema["description"] = description
            if let value = jsonValue(info.defaultText) { schema["default"] = value }
            if let example = info.guide.example, let value = jsonValue(example) { schema["examples"] = [value] }
            result[info.key] = schema
        }
        return result
    }

    /// JSON text as a schema value, or nil when it is not JSON.
    private static func jsonValue(_ text: String) -> Any? {
        func convert(_ value: JSONValue) -> Any {
            switch value {
            case .null: return JSONNull()
            case .bool(let b): return b
            case .number(let n): return n
            case .string(let s): return s
            case .array(let elements): return elements.map { convert($0.value) }
            case .object(let members): return Dictionary(members.map { ($0.key, convert($0.value.value)) }) { a, _ in a }
            }
        }
        return (try? JSONParser.parse(Array(text.utf8))).map { convert($0.value) }
    }

    /// One of `options`, or the same in a spelling iOS code uses (see `IOSSpelling`).
    private static func spelledChoice(_ options: [String]) -> [String: Any] {
        ["anyOf": [["enum": options], ["type": "string", "pattern": IOSSpelling.pattern(for: options)]]]
    }

    private static func number(_ rule: NumberRule) -> [String: Any] {
        var schema: [String: Any] = ["type": rule.isInteger ? "integer" : "number", "maximum": rule.maximum]
        schema[rule.excludesMinimum ? "exclusiveMinimum" : "minimum"] = rule.minimum
        return schema
    }

    private static func schema(for kind: PropertyKind) -> [String: Any] {
        switch kind {
        case .number(let rule): return number(rule)
        case .bool: return ["type": "boolean"]
        case .text, .image: return ["type": "string"]
        case .choice(let options): return spelledChoice(options)
        case .point, .size, .offset, .rect, .vector3:
            let count = kind.vectorCount
            return ["type": "array", "items": number(kind.componentRule), "minItems": count, "maxItems": count]
        case .color: return ["$ref": "#/definitions/color"]
        case .colorList: return ["type": "array", "items": ["$ref": "#/definitions/color"], "maxItems": PropertyKind.maxListCount]
        case .numberList(let rule): return ["type": "array", "items": number(rule), "maxItems": PropertyKind.maxListCount]
        case .transform: return ["$ref": "#/definitions/transform"]
        case .path: return ["$ref": "#/definitions/path"]
        case .repeatCount: return ["anyOf": [["type": "number", "minimum": 0], ["enum": ["infinity"]]]]
        case .seed: return ["type": "integer", "minimum": 0, "maximum": Int(UInt32.max)]
        }
    }
}

/// JSON's null in a schema value (written as `null`).
private struct JSONNull {}
