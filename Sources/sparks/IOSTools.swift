import ArgumentParser
import Foundation
import SparksCommandSupport

/// `sparks import` and `sparks export` run `sparks-ios`, the program that holds them (it is built
/// apart so the window does not wait for swift-syntax to compile): found beside this program,
/// then on `PATH`. Without it they say how to build it.
enum IOSTools {
    /// The `sparks-ios` program, if it is there.
    static var executable: URL? {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let beside = here.appendingPathComponent("sparks-ios")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("sparks-ios")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs `sparks-ios COMMAND ARGUMENTS…` with this program's input and output, and ends with
    /// its exit status.
    static func run(_ command: String, _ arguments: [String]) throws {
        guard let executable else {
            throw CommandError(
                "sparks \(command) needs the iOS code tools (sparks-ios), which this build does not have: they are built apart "
                    + "because swift-syntax takes minutes to compile. Run `make` in the Sparks checkout (or `swift build -c release "
                    + "--product sparks-ios`) and try again.")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = [command] + arguments
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw ExitCode(process.terminationStatus) }
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn iOS code (Swift or Objective-C) into a preset (sparks import --help tells more).",
        helpNames: [])

    @Argument(parsing: .captureForPassthrough, help: "What sparks-ios import takes.")
    var arguments: [String] = []

    func run() throws { try IOSTools.run("import", arguments) }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a preset as iOS code, Swift or Objective-C (sparks export --help tells more).",
        helpNames: [])

    @Argument(parsing: .captureForPassthrough, help: "What sparks-ios export takes.")
    var arguments: [String] = []

    func run() throws { try IOSTools.run("export", arguments) }
}
