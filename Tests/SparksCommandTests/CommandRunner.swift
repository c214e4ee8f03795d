import Foundation

/// The folder holding the repository's presets and assets.
let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        url = url.deletingLastPathComponent()
    }
    return url
}()

/// The `sparks` executable built beside the test bundle.
let sparksExecutable: URL = {
    var dir = Bundle.main.bundleURL
    for _ in 0..<3 {
        let candidate = dir.appendingPathComponent("sparks")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/release/sparks")
}()

/// What a finished command printed and returned.
struct CommandResult {
    var status: Int32
    var output: String
    var error: String
}

/// Runs a program to completion (with a time limit) and captures its output.
func runProgram(
    _ executable: URL, _ arguments: [String], in directory: URL = repositoryRoot, timeout: Double = 120,
    environment: [String: String]? = nil
) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    if let environment { process.environment = environment }
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try launch(process)
    // Read while it runs so a full pipe cannot block it.
    nonisolated(unsafe) var outData = Data(), errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        outData = out.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    group.wait()
    return CommandResult(
        status: process.terminationStatus,
        output: String(decoding: outData, as: UTF8.self),
        error: String(decoding: errData, as: UTF8.self))
}

/// Starts a process, trying again while its executable is "busy": a program a test has just copied
/// stays open for writing in any child another test forks during the copy, until that child execs,
/// and the kernel refuses to run a file open for writing (ETXTBSY). The window is milliseconds.
func launch(_ process: Process) throws {
    let deadline = Date().addingTimeInterval(10)
    while true {
        do {
            try process.run()
            return
        } catch let error as NSError {
            let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
            let busy = [error, underlying].contains { $0?.domain == NSPOSIXErrorDomain && $0?.code == Int(ETXTBSY) }
            guard busy, Date() < deadline else { throw error }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}

/// Runs `sparks` with arguments.
func sparks(_ arguments: String..., in directory: URL = repositoryRoot) throws -> CommandResult {
    try runProgram(sparksExecutable, arguments, in: directory)
}

/// A fresh empty folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sparks-cmd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Finds a program on PATH.
func which(_ name: String) -> URL? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
}

/// How a program ended, what it said on standard error, and its peak resident memory.
struct MeasuredRun {
    var reason: Process.TerminationReason
    var status: Int32
    var said: String
    var peakBytes: Int
    /// Whether it was still running at the time limit (and was stopped).
    var hung: Bool
}

/// Runs `sparks` with `arguments` in `folder`, stopping it after `limit` seconds, and reads its
/// peak resident memory from /proc while it runs (`sparks import` runs sparks-ios in its place:
/// the peak is the importer's).
func measuredRun(_ arguments: [String], in folder: URL, limit: Double = 60) throws -> MeasuredRun {
    let process = Process()
    process.executableURL = sparksExecutable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    let start = Date()
    try launch(process)
    nonisolated(unsafe) var said = Data()
    let reading = DispatchGroup()
    reading.enter()
    DispatchQueue.global().async {
        said = errors.fileHandleForReading.readDataToEndOfFile()
        reading.leave()
    }
    var peak = 0
    while process.isRunning && Date().timeIntervalSince(start) < limit {
        if let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        {
            peak = max(peak, (Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0) * 1024)
        }
        Thread.sleep(forTimeInterval: 0.01)
    }
    let hung = process.isRunning
    if hung { process.terminate() }
    process.waitUntilExit()
    reading.wait()
    return MeasuredRun(
        reason: process.terminationReason, status: process.terminationStatus, said: String(decoding: said, as: UTF8.self), peakBytes: peak,
        hung: hung)
}
