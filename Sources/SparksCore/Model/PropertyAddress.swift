/// A component of a transform addressed by a key path such as `transform.scale.y`: a part of
/// the transform as it decomposes (core-animation.md §2.2).
public enum TransformComponent: String, Hashable, Sendable, CaseIterable {
    case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z", scale = "scale", scaleXY = "scale.xy"
    case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z", rotation = "rotation"
    case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z", translation = "translation"

    /// The kind of value the component takes (a number, or [x, y] for `translation`).
    var kind: PropertyKind { self == .translation ? .point : .number(.any) }
}

/// Which part of a property a key path names beyond the property itself.
public enum PropertyComponent: Hashable, Sendable {
    /// One number of a point, size or rectangle (`position.x`, `bounds.size.width`).
    case index(Int)
    /// A part of a transform (`transform.rotation.z`).
    case transform(TransformComponent)
    /// One element of a transform's matrix, row-major from 0 (`sublayerTransform.m34` is 11).
    case matrixElement(Int)

    /// The names of a matrix's elements, m11 … m44, in row-major order.
    static let matrixElementNames = (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } }
}

/// A Core Animation key path resolved for a kind of layer: which property (and which component
/// of it) it names. The one key-path system: preset keys, `--set`, `setValue(_:forKeyPath:)`
/// and animations all resolve through it, once, so applying a value needs no string parsing.
public enum PropertyAddress: Hashable, Sendable {
    /// A CALayer property, optionally one component of it (`position.x`, `transform.scale`).
    case layer(key: String, component: PropertyComponent?)
    /// A property of the layer's kind (CAEmitterLayer, CAReplicatorLayer…), optionally one
    /// component.
    case content(key: String, component: PropertyComponent?)
    /// A property of an emitter cell found by names: `emitterCells.rocket.emitterCells.spark.birthRate`.
    case cell(names: [String], key: String, component: PropertyComponent?)
    /// A property of an emitter layer's behaviour found by name: `emitterBehaviors.pull.stiffness`.
    case behavior(name: String, key: String, component: PropertyComponent?)

    /// Resolves `keyPath` for a layer of `kind`, returning the address and the kind of value it
    /// takes.
    public static func resolve(_ keyPath: String, on kind: LayerKind) throws(KeyPathError) -> (PropertyAddress, PropertyKind) {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, !first.isEmpty else { throw KeyPathError(keyPath: keyPath, reason: "empty key path") }
        let rest = parts.dropFirst().joined(separator: ".")

        if first == "emitterCells", kind.structureKeys.contains(first) {
            var names: [String] = []
            var index = 0
            while index + 1 < parts.count, parts[index] == "emitterCells" {
                names.append(parts[index + 1])
                index += 2
            }
            guard index < parts.count, !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else {
                throw KeyPathError(keyPath: keyPath, reason: "expected emitterCells.NAME.PROPERTY")
            }
            let key = parts[index]
            let (kind, component) = try resolveKey(
                key, componentName: parts[(index + 1)...].joined(separator: "."), in: EmitterCell.table, keyPath: keyPath)
            return (.cell(names: names, key: key, component: component), kind)
        }
        if first == "emitterBehaviors", kind.structureKeys.contains(first) {
            guard parts.count >= 3, !parts[1].isEmpty else {
                throw KeyPathError(keyPath: keyPath, reason: "expected emitterBehaviors.NAME.PROPERTY")
            }
            let (kind, component) = try resolveKey(
                parts[2], componentName: parts[3...].joined(separator: "."), in: EmitterBehavior.table, keyPath: keyPath)
            return (.behavior(name: parts[1], key: parts[2], component: component), kind)
        }
        if LayerProperties.table[first] != nil {
            let (k, c) = try resolveKey(first, componentName: rest, in: LayerProperties.table, keyPath: keyPath)
            return (.layer(key: first, component: c), k)
        }
        if let table = kind.contentTable, table[first] != nil {
            let (k, c) = try resolveKey(first, componentName: rest, in: table, keyPath: keyPath)
            return (.content(key: first, component: c), k)
        }
        if let reason = kind.misplacedKeyReason(first) { throw KeyPathError(keyPath: keyPath, reason: reason) }
        let known = kind.propertyKeys + kind.structureKeys + ["transform.scale", "transform.rotation.z", "transform.translation.x"]
        throw KeyPathError(
            keyPath: keyPath, reason: "\"\(first)\" is not a property of \(kind.describedWithArticle)",
            suggestion: nearestKey(to: first, in: known))
    }

    private static func resolveKey<Root>(
        _ key: String, componentName: String, in table: PropertyTable<Root>, keyPath: String
    ) throws(KeyPathError) -> (PropertyKind, PropertyComponent?) {
        guard let descriptor = table[key] else {
            throw KeyPathError(keyPath: keyPath, reason: "unknown property \"\(key)\"", suggestion: nearestKey(to: key, in: table.keys))
        }
        if componentName.isEmpty { return (descriptor.kind, nil) }
        if descriptor.kind == .transform {
            if let index = PropertyComponent.matrixElementNames.firstIndex(of: componentName) {
                return (.number(.any), .matrixElement(index))
            }
            guard let component = TransformComponent(rawValue: componentName) else {
                let names = TransformComponent.allCases.map(\.rawValue) + PropertyComponent.matrixElementNames
                throw KeyPathError(
                    keyPath: keyPath, reason: "unknown transform component \"\(componentName)\"",
                    suggestion: nearestKey(to: componentName, in: names).map { "\(key).\($0)" })
            }
            return (component.kind, .transform(component))
        }
        guard let index = descriptor.kind.components[componentName] else {
            throw KeyPathError(
                keyPath: keyPath, reason: "\"\(key)\" has no component \"\(componentName)\"",
                suggestion: nearestKey(to: componentName, in: Array(descriptor.kind.components.keys)).map { "\(key).\($0)" })
        }
        return (.number(descriptor.kind.componentRule), .index(index))
    }

    /// Checks that what the address names exists in `state` (cells are found by name when a
    /// value is set, so a misspelt cell name is an error, not a silent no-op).
    public func check(in state: LayerState, keyPath: String) throws(KeyPathError) {
        if case .behavior(let name, _, _) = self {
            let known = (state.emitter?.emitterBehaviors ?? []).compactMap(\.name)
            guard !known.contains(name) else { return }
            throw .noneNamed(name, "behaviour", plural: "behaviours", known: known, keyPath: keyPath)
        }
        guard case .cell(let names, _, _) = self else { return }
        var cells = state.emitter?.emitterCells ?? []
        for name in names {
            guard let index = cells.firstIndex(named: name) else {
                throw .noneNamed(name, "cell", plural: "cells", known: cells.compactMap(\.name), keyPath: keyPath)
            }
            cells = cells[index].emitterCells
        }
    }

    /// The current value at this address in `state`.
    public func value(in state: LayerState) -> PropertyValue? {
        switch self {
        case .layer(let key, let component):
            return Self.read(LayerProperties.table, key, component, state.layer)
        case .content(let key, let component):
            guard let table = state.content.kind.contentTable else { return nil }
            return Self.read(table, key, component, state.content)
        case .cell(let names, let key, let component):
            guard let cells = state.emitter?.emitterCells, let cell = Self.cell(names[...], in: cells) else { return nil }
            return Self.read(EmitterCell.table, key, component, cell)
        case .behavior(let name, let key, let component):
            guard let behaviors = state.emitter?.emitterBehaviors, let index = behaviors.firstIndex(named: name) else { return nil }
            return Self.read(EmitterBehavior.table, key, component, behaviors[index])
        }
    }

    /// Writes `value` at this address in `state` (the value was checked against the address's
    /// kind; a cell that is not there is skipped).
    public func apply(_ value: PropertyValue, to state: inout LayerState) {
        switch self {
        case .layer(let key, let component):
            Self.write(LayerProperties.table, key, component, value, &state.layer)
        case .content(let key, let component):
            guard let table = state.content.kind.contentTable else { return }
            Self.write(table, key, component, value, &state.content)
        case .cell(let names, let key, let component):
            state.content.changeEmitter { Self.writeCell(names[...], key, component, value, &$0.emitterCells) }
        case .behavior(let name, let key, let component):
            state.content.changeEmitter { emitter in
                guard let index = emitter.emitterBehaviors.firstIndex(named: name) else { return }
                Self.write(EmitterBehavior.table, key, component, value, &emitter.emitterBehaviors[index])
            }
        }
    }

    private static func read<Root>(
        _ table: PropertyTable<Root>, _ key: String, _ component: PropertyComponent?, _ root: Root
    ) -> PropertyValue? {
        guard let descriptor = table[key] else { return nil }
        let value = descriptor.get(root)
        switch (component, value) {
        case (nil, _): return value
        case (.index(let i), .vector(let v)): return .number(v[i])
        case (.transform(let part), .transform(let m)): return TransformParts(m).value(of: part)
        case (.matrixElement(let i), .transform(let m)): return .number(m[keyPath: Transform3D.entries[i]])
        default: return nil
        }
    }

    private static func write<Root>(
        _ table: PropertyTable<Root>, _ key: String, _ component: PropertyComponent?, _ value: PropertyValue, _ root: inout Root
    ) {
        guard let descriptor = table[key] else { return }
        switch (component, descriptor.get(root)) {
        case (nil, _):
            descriptor.set(&root, value)
        case (.index(let i), .vector(var v)):
            guard let n = value.number else { return }
            v[i] = n
            descriptor.set(&root, .vector(v))
        case (.transform(let part), .transform(let m)):
            var parts = TransformParts(m)
            parts.set(part, value)
            descriptor.set(&root, .transform(parts.transform))
        case (.matrixElement(let i), .transform(var m)):
            guard let n = value.number else { return }
            m[keyPath: Transform3D.entries[i]] = n
            descriptor.set(&root, .transform(m))
        default:
            return
        }
    }

    private static func cell(_ names: ArraySlice<String>, in cells: [EmitterCell]) -> EmitterCell? {
        guard let name = names.first, let index = cells.firstIndex(named: name) else { return nil }
        return names.count == 1 ? cells[index] : self.cell(names.dropFirst(), in: cells[index].emitterCells)
    }

    private static func writeCell(
        _ names: ArraySlice<String>, _ key: String, _ component: PropertyComponent?, _ value: PropertyValue, _ cells: inout [EmitterCell]
    ) {
        guard let name = names.first, let index = cells.firstIndex(named: name) else { return }
        if names.count == 1 {
            write(EmitterCell.table, key, component, value, &cells[index])
        } else {
            writeCell(names.dropFirst(), key, component, value, &cells[index].emitterCells)
        }
    }
}
