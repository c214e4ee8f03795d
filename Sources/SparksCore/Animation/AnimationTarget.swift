/// A component of a transform addressed by a key path such as `transform.scale.y` (spec §2.2).
public enum TransformComponent: String, Hashable, Sendable, CaseIterable {
    case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z", scale = "scale"
    case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z", rotation = "rotation"
    case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z", translation = "translation"

    /// The kind of value the component takes (a number, or [x, y] for `translation`).
    var kind: PropertyKind { self == .translation ? .point : .number(.any) }
}

/// What an animation's key path addresses, resolved once when the animation is made, so
/// applying a value each step needs no string parsing.
public enum AnimationTarget: Hashable, Sendable {
    /// A CALayer property, optionally one component of it (`position.x`).
    case layer(key: String, component: Int?)
    /// A component of the layer's transform.
    case transform(TransformComponent)
    /// A CAEmitterLayer property, optionally one component.
    case emitter(key: String, component: Int?)
    /// A CAReplicatorLayer property, optionally one component.
    case replicator(key: String, component: Int?)
    /// A property of an emitter cell found by names: `emitterCells.rocket.emitterCells.spark.birthRate`.
    case cell(names: [String], key: String, component: Int?)

    /// Resolves `keyPath` for a layer of `kind`, returning the target and the kind of value it takes.
    public static func resolve(_ keyPath: String, on kind: LayerDescription.Kind) throws(KeyPathError) -> (AnimationTarget, PropertyKind) {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, !first.isEmpty else { throw KeyPathError(keyPath: keyPath, reason: "empty key path") }
        let rest = parts.dropFirst().joined(separator: ".")

        if first == "transform", !rest.isEmpty {
            guard let component = TransformComponent(rawValue: rest) else {
                throw KeyPathError(
                    keyPath: keyPath, reason: "unknown transform component \"\(rest)\"",
                    suggestion: nearestKey(to: rest, in: TransformComponent.allCases.map(\.rawValue)).map { "transform.\($0)" })
            }
            return (.transform(component), component.kind)
        }
        if first == "emitterCells" {
            guard kind == .emitter else { throw KeyPathError(keyPath: keyPath, reason: "emitterCells key paths need an emitter layer") }
            var names: [String] = []
            var index = 0
            while index + 1 < parts.count, parts[index] == "emitterCells" {
                names.append(parts[index + 1])
                index += 2
            }
            guard index < parts.count, !names.isEmpty else {
                throw KeyPathError(keyPath: keyPath, reason: "expected emitterCells.NAME.PROPERTY")
            }
            let key = parts[index]
            let (kind, component) = try resolveKey(key, componentName: parts[(index + 1)...].joined(separator: "."), in: EmitterCell.table, keyPath: keyPath)
            return (.cell(names: names, key: key, component: component), kind)
        }
        let componentName = rest
        if LayerProperties.table[first] != nil {
            let (k, c) = try resolveKey(first, componentName: componentName, in: LayerProperties.table, keyPath: keyPath)
            return (.layer(key: first, component: c), k)
        }
        if kind == .emitter, EmitterProperties.table[first] != nil {
            let (k, c) = try resolveKey(first, componentName: componentName, in: EmitterProperties.table, keyPath: keyPath)
            return (.emitter(key: first, component: c), k)
        }
        if kind == .replicator, ReplicatorProperties.table[first] != nil {
            let (k, c) = try resolveKey(first, componentName: componentName, in: ReplicatorProperties.table, keyPath: keyPath)
            return (.replicator(key: first, component: c), k)
        }
        var known = LayerProperties.table.keys + ["transform.scale", "transform.rotation.z", "transform.translation.x"]
        if kind == .emitter { known += EmitterProperties.table.keys }
        if kind == .replicator { known += ReplicatorProperties.table.keys }
        throw KeyPathError(keyPath: keyPath, reason: "\"\(first)\" is not an animatable property of a\(kind == .layer ? "" : "n") \(kind.rawValue) layer", suggestion: nearestKey(to: first, in: known))
    }

    private static func resolveKey<Root>(
        _ key: String, componentName: String, in table: PropertyTable<Root>, keyPath: String
    ) throws(KeyPathError) -> (PropertyKind, Int?) {
        guard let descriptor = table[key] else {
            throw KeyPathError(keyPath: keyPath, reason: "unknown property \"\(key)\"", suggestion: nearestKey(to: key, in: table.keys))
        }
        if componentName.isEmpty { return (descriptor.kind, nil) }
        guard let index = descriptor.kind.components[componentName] else {
            throw KeyPathError(
                keyPath: keyPath, reason: "\"\(key)\" has no component \"\(componentName)\"",
                suggestion: nearestKey(to: componentName, in: Array(descriptor.kind.components.keys)).map { "\(key).\($0)" })
        }
        return (.number(descriptor.kind.componentRule), index)
    }

    /// The current value at this target in `state`.
    public func value(in state: LayerState) -> PropertyValue? {
        switch self {
        case .layer(let key, let component):
            return Self.read(LayerProperties.table, key, component, state.layer)
        case .transform(let component):
            return TransformParts(state.layer.transform).value(of: component)
        case .emitter(let key, let component):
            guard let emitter = state.emitter else { return nil }
            return Self.read(EmitterProperties.table, key, component, emitter)
        case .replicator(let key, let component):
            guard let replicator = state.replicator else { return nil }
            return Self.read(ReplicatorProperties.table, key, component, replicator)
        case .cell(let names, let key, let component):
            guard let cells = state.emitter?.emitterCells, let cell = Self.cell(names[...], in: cells) else { return nil }
            return Self.read(EmitterCell.table, key, component, cell)
        }
    }

    /// Writes `value` at this target in `state` (values were checked when the animation was made).
    public func apply(_ value: PropertyValue, to state: inout LayerState) {
        switch self {
        case .layer(let key, let component):
            Self.write(LayerProperties.table, key, component, value, &state.layer)
        case .transform(let component):
            var parts = TransformParts(state.layer.transform)
            parts.set(component, value)
            state.layer.transform = parts.transform
        case .emitter(let key, let component):
            guard state.emitter != nil else { return }
            Self.write(EmitterProperties.table, key, component, value, &state.emitter!)
        case .replicator(let key, let component):
            guard state.replicator != nil else { return }
            Self.write(ReplicatorProperties.table, key, component, value, &state.replicator!)
        case .cell(let names, let key, let component):
            guard state.emitter != nil else { return }
            Self.writeCell(names[...], key, component, value, &state.emitter!.emitterCells)
        }
    }

    private static func read<Root>(_ table: PropertyTable<Root>, _ key: String, _ component: Int?, _ root: Root) -> PropertyValue? {
        guard let descriptor = table[key] else { return nil }
        let value = descriptor.get(root)
        guard let component else { return value }
        return value.vector.map { .number($0[component]) }
    }

    private static func write<Root>(_ table: PropertyTable<Root>, _ key: String, _ component: Int?, _ value: PropertyValue, _ root: inout Root) {
        guard let descriptor = table[key] else { return }
        guard let component else {
            descriptor.set(&root, value)
            return
        }
        guard var vector = descriptor.get(root).vector, let n = value.number else { return }
        vector[component] = n
        descriptor.set(&root, .vector(vector))
    }

    private static func cell(_ names: ArraySlice<String>, in cells: [EmitterCell]) -> EmitterCell? {
        guard let name = names.first, let cell = cells.first(where: { $0.name == name }) else { return nil }
        return names.count == 1 ? cell : self.cell(names.dropFirst(), in: cell.emitterCells)
    }

    private static func writeCell(_ names: ArraySlice<String>, _ key: String, _ component: Int?, _ value: PropertyValue, _ cells: inout [EmitterCell]) {
        guard let name = names.first, let index = cells.firstIndex(where: { $0.name == name }) else { return }
        if names.count == 1 {
            write(EmitterCell.table, key, component, value, &cells[index])
        } else {
            writeCell(names.dropFirst(), key, component, value, &cells[index].emitterCells)
        }
    }
}
