import ArgumentParser
import SparksCore

/// `sparks import`: a program of its own, because reading Swift needs swift-syntax, which takes
/// minutes to compile and which the window, `render` and `bench` never use. `sparks import …`
/// runs this program (built beside `sparks` by `make`), so people type the same command either
/// way.
@main
struct SparksIOSTools: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sparks",
        abstract: "iOS code in: sparks import.",
        version: SparksVersion.text,
        subcommands: [Import.self]
    )
}
