import ArgumentParser
import Foundation
import SparksCommandSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Commands held by programs built apart, so the window does not wait for their dependencies
/// to compile: `sparks import` runs `sparks-ios` (swift-syntax), `sparks studio` runs
/// `sparks-studio` (SwiftNIO). Each is found beside this program, then on `PATH`;
/// without it the command says how to build it.
struct CompanionProgram {
    /// The program's file name.
    let name: String
    /// What it holds and why it is apart, for the message when it is missing.
    let holds: String

    static let ios = CompanionProgram(
        name: "sparks-ios",
        holds: "the iOS code reader (sparks-ios), which this build does not have: they are built apart "
            + "because swift-syntax takes minutes to compile")
    static let studio = CompanionProgram(
        name: "sparks-studio",
        holds: "Sparks Studio (sparks-studio), which this build does not have: it is built apart "
            + "because its web server (SwiftNIO) takes minutes to compile")

    /// The program, if it is there.
    var executable: URL? {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let beside = here.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Becomes `PROGRAM COMMAND ARGUMENTS…` (the program replaces this one, so it has this
    /// one's input, output, process and signals: Ctrl-C or SIGTERM reach it, not a parent that
    /// would leave it running).
    func run(_ command: String, _ arguments: [String]) throws {
        guard let executable else {
            throw CommandError(
                "sparks \(command) needs \(holds). Run `make` in the Sparks checkout (or `swift build -c release "
                    + "--product \(name)`) and try again.")
        }
        let argv = ([executable.path, command] + arguments).map { strdup($0) } + [nil]
        execv(executable.path, argv)
        throw CommandError("sparks \(command) could not start \(executable.path): \(String(cString: strerror(errno)))")
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn iOS code, or a SpriteKit, Particle Designer or CAML effect file, into a preset (sparks import --help tells more).",
        helpNames: [])

    @Argument(parsing: .captureForPassthrough, help: "What sparks-ios import takes.")
    var arguments: [String] = []

    func run() throws { try CompanionProgram.ios.run("import", arguments) }
}

struct Studio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Tune a preset in the browser: preview, sliders, colours, timeline, undo (sparks studio --help tells more).",
        helpNames: [])

    @Argument(parsing: .captureForPassthrough, help: "What sparks-studio studio takes.")
    var arguments: [String] = []

    func run() throws { try CompanionProgram.studio.run("studio", arguments) }
}
