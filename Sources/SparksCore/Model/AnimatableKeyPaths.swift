/// The key paths an animation on a layer can animate, read from the property tables the
/// key-path system resolves against (``PropertyAddress/resolve(_:on:)``): the layer's own
/// properties and its kind's, the transform's usual components, x and y of points, and for an
/// emitter every named cell's (`emitterCells.NAME.KEY`, sub-cells too) and every named
/// behaviour's keys (`emitterBehaviors.NAME.KEY`, only those its type reads). Only values an
/// animation interpolates: numbers, points, sizes, rectangles, vectors, colours, transforms.
public enum AnimatableKeyPaths {
    /// A key path and the kind of value it takes.
    public struct Entry: Sendable, Equatable {
        public let keyPath: String
        public let kind: PropertyKind
    }

    /// The key paths for a layer of `kind` whose cells are named `cells` (each a path of names
    /// from a top-level cell down) and whose behaviours are `behaviors` (name and type).
    public static func list(
        on kind: LayerKind, cells: [[String]] = [], behaviors: [(name: String, type: EmitterBehavior.Kind)] = []
    ) -> [Entry] {
        var entries: [Entry] = []
        func add<Root>(_ table: PropertyTable<Root>, prefix: String, only: Set<String>? = nil) {
            for descriptor in table.descriptors where only?.contains(descriptor.key) ?? true && interpolates(descriptor.kind) {
                let keyPath = prefix + descriptor.key
                if descriptor.kind == .transform {
                    entries.append(Entry(keyPath: keyPath, kind: .transform))
                    for component in [TransformComponent.rotationZ, .scale, .scaleX, .scaleY, .translationX, .translationY] {
                        entries.append(Entry(keyPath: "\(keyPath).\(component.rawValue)", kind: component.kind))
                    }
                    continue
                }
                entries.append(Entry(keyPath: keyPath, kind: descriptor.kind))
                if descriptor.kind == .point {
                    for component in ["x", "y"] { entries.append(Entry(keyPath: "\(keyPath).\(component)", kind: .number(.any))) }
                }
            }
        }
        add(LayerProperties.table, prefix: "")
        if let table = kind.contentTable { add(table, prefix: "") }
        if kind.structureKeys.contains("emitterCells") {
            for names in cells where !names.isEmpty && names.allSatisfy({ !$0.isEmpty && !$0.contains(".") }) {
                add(EmitterCell.table, prefix: names.map { "emitterCells.\($0)." }.joined())
            }
        }
        if kind.structureKeys.contains("emitterBehaviors") {
            for behavior in behaviors where !behavior.name.isEmpty && !behavior.name.contains(".") {
                add(
                    EmitterBehavior.table, prefix: "emitterBehaviors.\(behavior.name).",
                    only: Set(EmitterBehavior.keys[behavior.type] ?? []))
            }
        }
        return entries
    }

    /// Whether an animation interpolates values of `kind`.
    static func interpolates(_ kind: PropertyKind) -> Bool {
        switch kind {
        case .number, .point, .size, .offset, .rect, .vector3, .color, .transform: true
        default: false
        }
    }
}
