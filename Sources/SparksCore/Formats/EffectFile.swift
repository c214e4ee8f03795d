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

/// The effect files Sparks opens besides its own presets, told apart by their content, not
/// their extension: a SpriteKit particle file (`.sks`), a Particle Designer emitter (`.plist`,
/// `.pex`) and Core Animation's archive (`.caml`, or a `.ca` folder's `main.caml`).
public enum EffectFile {
    /// The kinds of file.
    public enum Kind: String, Sendable, CaseIterable {
        /// A Sparks preset (JSON).
        case preset
        /// A SpriteKit particle emitter (`SKEmitterNode` in a keyed archive).
        case spriteKit
        /// A Particle Designer emitter (property list or `<particleEmitterConfig>`).
        case particleDesigner
        /// Core Animation's XML archive of a layer tree.
        case caml

        /// How messages name the kind.
        public var title: String {
            switch self {
            case .preset: "Sparks preset"
            case .spriteKit: "SpriteKit particle file"
            case .particleDesigner: "Particle Designer emitter"
            case .caml: "Core Animation archive (CAML)"
            }
        }
    }

    /// Why a file could not be read as an effect: what it is instead, or what is wrong in it.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The reason, in a sentence without the file name.
        public var reason: String
        public var description: String { reason }
    }

    /// Whether `url` is a `.ca` bundle: a folder holding `main.caml` or `index.xml` (one
    /// effect, not a folder of presets).
    public static func isBundle(_ url: URL) -> Bool {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        return ["main.caml", "index.xml"].contains { stat(url.appendingPathComponent($0).path, &info) == 0 }
    }

    /// The document to read for `url`: a `.ca` bundle's `main.caml` (or the document its
    /// `index.xml` names) when `url` is a folder, else `url` itself.
    public static func document(in url: URL) -> URL {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return url }
        let index = url.appendingPathComponent("index.xml")
        if let bytes = try? CheckedFile.read(index, within: [url], maxBytes: 1 << 20).bytes,
            let plist = try? PropertyList.read(bytes), let name = plist["rootDocument"]?.string,
            !name.contains("/"), !name.hasPrefix("."), !name.isEmpty
        {
            return url.appendingPathComponent(name)
        }
        return url.appendingPathComponent("main.caml")
    }

    /// What the bytes look like: a preset when they start like JSON (after white space), one of
    /// the other kinds when they start like a property list or XML, nil for anything else.
    public static func likelyKind(of bytes: [UInt8]) -> Kind? {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: "{") { return .preset }
        if PropertyList.isBinary(bytes) { return .spriteKit }
        if bytes[i] == UInt8(ascii: "<") {
            let head = String(decoding: bytes[i..<min(bytes.count, i + 4096)], as: UTF8.self)
            if head.contains("<caml") { return .caml }
            return head.contains("<particleEmitterConfig") || !head.contains("NSKeyedArchiver") ? .particleDesigner : .spriteKit
        }
        return nil
    }

    /// The effect in a file of another engine or a CAML document, as a scene.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - file: how messages name the file.
    ///   - name: the preset's name (the file's name without its extension).
    ///   - resolver: finds the images it names (its first root is the file's folder).
    /// - Throws: what the file is when it is not an effect (a SpriteKit scene, an action file,
    ///   text), or why it cannot be read.
    public static func read(_ bytes: [UInt8], file: String, name: String, resolver: ResourceResolver) throws(Failure) -> ForeignEffect {
        var reading = ForeignReading(file: file, resolver: resolver)
        let scene: SceneDescription
        if PropertyList.isBinary(bytes) {
            scene = try readPropertyList(bytes, name: name, reading: &reading)
        } else if likelyKind(of: bytes) == nil {
            let firstLine =
                String(decoding: bytes.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let shown = firstLine.count > 60 ? String(firstLine.prefix(60)) + "…" : firstLine
            throw Failure(
                reason: "not a preset (JSON), SpriteKit particle file (a binary property list, as Xcode saves it), Particle Designer "
                    + "emitter or CAML document; it begins \"\(shown)\"")
        } else {
            let root: MarkupElement
            do {
                root = try MarkupElement.parse(bytes)
            } catch {
                throw Failure(reason: "not a preset (JSON), SpriteKit, Particle Designer or CAML file: \(error)")
            }
            switch root.name {
            case "plist": scene = try readPropertyList(bytes, name: name, reading: &reading)
            case "particleEmitterConfig":
                scene = ParticleDesignerEmitter.read(
                    ParticleDesignerEmitter.values(ofPEX: root), name: name, isPEX: true, reading: &reading)
            case "caml": scene = try readCAML(root, name: name, reading: &reading)
            default:
                throw Failure(
                    reason:
                        "XML whose root is <\(root.name)>: not a Particle Designer (<particleEmitterConfig>, <plist>) or CAML (<caml>) document"
                )
            }
        }
        return ForeignEffect(scene: scene, notes: reading.notes, images: reading.images)
    }

    /// A CAML document: read into a preset's JSON and decoded as a preset, so it is checked
    /// as one; a `.ca` bundle's `index.xml` may flip the root layer's geometry.
    private static func readCAML(_ root: MarkupElement, name: String, reading: inout ForeignReading) throws(Failure) -> SceneDescription {
        var flips = false
        if let folder = reading.folder,
            let bytes = try? CheckedFile.read(folder.appendingPathComponent("index.xml"), within: [folder], maxBytes: 1 << 20).bytes,
            let index = try? PropertyList.read(bytes)
        {
            flips = index["geometryFlipped"]?.number == 1
        }
        var reader = CAMLReader(reading: reading, flipsRoot: flips)
        let preset = reader.preset(root, name: name)
        reading = reader.reading
        var resolver = reading.resolver
        resolver.embeddedImages.merge(reading.images) { _, new in new }
        let decoder = PresetDecoder(fileName: reading.file, resolver: resolver)
        switch decoder.decode(Array(preset.text(indent: 0).utf8), defaultName: name) {
        case .success(let scene):
            reading.append(notes: scene.notes)
            var scene = scene
            scene.notes = []
            return scene
        case .failure(let error):
            let problems = error.diagnostics.prefix(5).map { "\($0.path.isEmpty ? "" : $0.path + ": ")\($0.message)" }
            throw Failure(reason: "its layers do not make a scene Sparks can draw: " + problems.joined(separator: "; "))
        }
    }

    private static func readPropertyList(_ bytes: [UInt8], name: String, reading: inout ForeignReading) throws(Failure) -> SceneDescription
    {
        let plist: PropertyList
        do {
            plist = try PropertyList.read(bytes)
        } catch {
            throw Failure(reason: error.reason)
        }
        if let archive = KeyedArchive(plist) {
            guard let root = archive.root else { throw Failure(reason: "a keyed archive without a root object") }
            let className = root.className ?? "an unnamed class"
            guard className == "SKEmitterNode" else {
                let what = SpriteKitEmitter.otherKinds[className] ?? "an archive of \(className), not a SpriteKit particle emitter"
                throw Failure(reason: what)
            }
            return SpriteKitEmitter.read(root, name: name, reading: &reading)
        }
        guard case .dictionary(let values) = plist else {
            throw Failure(reason: "a property list that is not a dictionary, so not a Particle Designer emitter")
        }
        guard ParticleDesignerEmitter.signatureKeys.contains(where: { values[$0] != nil }) else {
            let keys = values.keys.sorted().prefix(5).joined(separator: ", ")
            throw Failure(reason: "a property list without Particle Designer's keys (maxParticles, particleLifespan, …); it has \(keys)")
        }
        return ParticleDesignerEmitter.read(values, name: name, isPEX: false, reading: &reading)
    }
}
