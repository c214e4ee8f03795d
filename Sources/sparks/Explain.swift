import ArgumentParser
import Foundation
import SparksCore

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain a preset key: what it does, its values, default, unit, typical values and an example.",
        discussion: """
            KEY is a key (emitterMode), a key of one object (emitterCells.velocityRange, \
            canvas.width), a key path as --set and animations write it \
            (emitterCells.spark.birthRate, position.x) or an object (emitterCells, emitter, \
            layer, shape, animations). Without KEY, lists the objects. A key several objects \
            have (velocity: the emitter's factor and the cell's speed) is explained for each.

            Examples:
              sparks explain emitterMode
              sparks explain emitterCells.velocityRange
              sparks explain color
              sparks explain emitterCells
            """)

    @Argument(help: "The key, key path or object to explain.")
    var key: String?

    func run() throws {
        guard let key else {
            StandardStream.output.write(KeyExplanation.overview)
            return
        }
        do throws(KeyExplanationError) {
            StandardStream.output.write(try KeyExplanation.text(for: key))
        } catch {
            StandardStream.error.write("sparks explain: \(error)\n")
            throw ExitCode(1)
        }
    }
}
