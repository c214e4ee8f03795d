import Foundation
import SparksCommandSupport

/// Exports and new presets run the `sparks` command itself, with the arguments a person would
/// type, so the studio's GIF, sprite sheet or Swift file is the command line's, byte for byte.
enum StudioCommands {
    /// What an export button makes.
    enum Export: String, CaseIterable, Sendable {
        case png, gif, mp4, sheet, swift, objc

        /// The downloaded file's extension.
        var fileExtension: String {
            switch self {
            case .png, .sheet: "png"
            case .gif: "gif"
            case .mp4: "mp4"
            case .swift: "swift"
            case .objc: "m"
            }
        }

        var contentType: String {
            switch self {
            case .png, .sheet: "image/png"
            case .gif: "image/gif"
            case .mp4: "video/mp4"
            case .swift, .objc: "text/plain; charset=utf-8"
            }
        }

        /// The command's arguments for `preset`, writing `out`, starting at scene time `at`.
        func arguments(preset: String, out: String, at: Double) -> [String] {
            let time = String(format: "%.3f", at)
            switch self {
            case .png: return ["render", preset, "--at", time, "--out", out]
            case .gif: return ["render", preset, "--at", time, "--gif", out]
            case .mp4: return ["render", preset, "--at", time, "--mp4", out]
            case .sheet: return ["render", preset, "--at", time, "--sheet", "8x4", "--fps", "16", "--width", "128", "--out", out]
            case .swift: return ["export", "swift", preset, "--out", out]
            case .objc: return ["export", "objc", preset, "--out", out]
            }
        }
    }

    /// A command that failed, with what it said.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `sparks ARGUMENTS` in `folder`, at most `timeout` seconds; returns its standard error.
    @discardableResult
    static func run(_ executable: URL?, _ arguments: [String], in folder: URL, timeout: Double = 600) async throws -> String {
        guard let executable else { throw Failure(description: "the sparks program was not found beside sparks-studio") }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [process] in
                if process.isRunning { process.terminate() }
            }
        }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "sparks \(arguments.prefix(2).joined(separator: " ")) failed: "
                    + said.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return said
    }
}
