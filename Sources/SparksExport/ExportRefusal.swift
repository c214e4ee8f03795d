import SparksCore

/// Why a scene cannot be written for iOS: it uses Sparks extensions (keys no Core Animation
/// class has, which effects read from SpriteKit or Particle Designer files need), and writing
/// it without them would draw something else on the device.
public struct ExportRefusal: Error, Sendable, CustomStringConvertible {
    /// The paths of the extension keys (`layers[0].emitterCells[0].emissionFan`).
    public let paths: [String]
    /// What was being written (`iOS code`, `a CAML bundle`).
    public let target: String

    public var description: String {
        let shown = paths.prefix(4).joined(separator: ", ") + (paths.count > 4 ? " and \(paths.count - 4) more" : "")
        return "\(shown): \(paths.count == 1 ? "a Sparks extension" : "Sparks extensions") that iOS does not have "
            + "(emissionFan spreads directions over a flat fan, as SpriteKit and Particle Designer do), so \(target) would draw "
            + "something else; set emissionFan to false (Core Animation then spreads emissionRange over a cone) and export again"
    }

    /// Throws when `scene` uses an extension.
    static func check(_ scene: SceneDescription, for target: String) throws(ExportRefusal) {
        let paths = scene.sparksExtensions
        if !paths.isEmpty { throw ExportRefusal(paths: paths, target: target) }
    }
}
