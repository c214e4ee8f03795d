import ArgumentParser
import SparksCore

/// `sparks import` and `sparks export`: a program of their own, because reading Swift needs
/// swift-syntax, which takes minutes to compile and which the window, `render` and `bench` never
/// use. `sparks import …` and `sparks export …` run this program (built beside `sparks` by
/// `make`), so people type the same commands either way.
@main
struct SparksIOSTools: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sparks",
        abstract: "iOS code in and out: sparks import and sparks export.",
        version: SparksVersion.text,
        subcommands: [Import.self, Export.self]
    )
}
