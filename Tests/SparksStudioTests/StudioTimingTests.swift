import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Work an attacker asks of the studio, measured in time: one message of many edits, two pages
/// seeking an hour into a heavy preset (with `sparks-studio` as its own process, its CPU time
/// and memory from /proc), a page that never reads, and stopping it with Ctrl-C or SIGTERM.
/// `make test` runs this suite after the rest, alone on the machine:
/// with the whole suite running beside them, the test process's own threads are too busy for
/// its clocks to say how long the studio took.
@Suite(.serialized) struct StudioTimingTests {
    /// A running `sparks-studio studio FOLDER` (or `sparks studio FOLDER` with `wrapper`).
    final class StudioProcess: @unchecked Sendable {
        let process = Process()
        let studio: RunningStudio
        private let output = Pipe()

        init(folder: URL, wrapper: Bool = false) throws {
            let programs = sparksExecutable.deletingLastPathComponent()
            process.executableURL = programs.appendingPathComponent(wrapper ? "sparks" : "sparks-studio")
            process.arguments = ["studio", folder.path, "--port", "0", "--no-open", "--threads", "1"]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // "Sparks Studio: http://127.0.0.1:PORT/?token=TOKEN"
            var said = ""
            let deadline = Date().addingTimeInterval(60)
            while !said.contains("\n"), Date() < deadline {
                said += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            }
            let address = try #require(said.split(separator: " ").first { $0.hasPrefix("http://") }, "sparks-studio said: \(said)")
            let port = try #require(Int(address.split(separator: ":")[2].prefix { $0.isNumber }))
            let token = try #require(address.split(separator: "token=").last.map { String($0.prefix { $0.isHexDigit }) })
            studio = RunningStudio(port: port, token: token, folder: folder)
        }

        deinit {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }

        /// CPU seconds the process has used (user and system), from /proc/PID/stat.
        var cpuSeconds: Double {
            guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return 0 }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // Fields 14 and 15 of the whole line (utime, stime) are the 12th and 13th after the name.
            return ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }

        /// Resident memory in bytes, from /proc/PID/status.
        var residentBytes: Int {
            guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
            else { return 0 }
            return (Int(line.split(separator: " ")[1]) ?? 0) * 1024
        }

        /// Waits up to `seconds` for the process to end; true when it has.
        func waitForExit(seconds: Double) async throws -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            return !process.isRunning
        }
    }

    /// A folder with fire and a preset that takes minutes to run an hour of: bench-anchor at
    /// 20 times its birth rate.
    func heavyFolder(_ body: (URL) async throws -> Void) async throws {
        try await withPresetFolder(["fire"]) { folder in
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent("presets/bench-anchor.json"), encoding: .utf8)
            try text.replacingOccurrences(of: "\"birthRate\": 5000", with: "\"birthRate\": 100000")
                .write(to: folder.appendingPathComponent("heavy.json"), atomically: true, encoding: .utf8)
            try await body(folder)
        }
    }

    /// Two pages that seek to an hour into the heavy preset and wait.
    func twoSeekingPages(_ studio: RunningStudio) -> Task<Void, any Error> {
        Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        _ = try await studio.session("heavy.json") { page in
                            try await page.wait(seconds: 10) { page.document != nil }
                            try await page.send(["type": "seek", "time": 3600])
                            try await Task.sleep(for: .seconds(3600))
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    @Test func twoPagesSeekingAnHourLeaveTheOthersAnsweredAndStopWhenTheyLeave() async throws {
        try await heavyFolder { folder in
            let running = try StudioProcess(folder: folder)
            let studio = running.studio
            let seeking = twoSeekingPages(studio)
            try await Task.sleep(for: .seconds(2))
            // Both cores are busy with the seeks; another page is answered within a second.
            let start = Date()
            let list = try await studio.request("/api/presets")
            let listed = Date().timeIntervalSince(start)
            let framed = try await studio.session("fire.json") { page in
                try await page.wait(seconds: 5) { page.frames >= 1 }
                return Date().timeIntervalSince(start)
            }
            #expect(list.status == 200 && listed < 1, "the list took \(listed) s")
            #expect((framed ?? 99) < 1.5, "another page's first frame took \(framed ?? -1) s")
            // The pages leave: the work stops within a second.
            seeking.cancel()
            _ = try? await seeking.value
            try await Task.sleep(for: .seconds(1))
            let before = running.cpuSeconds
            try await Task.sleep(for: .seconds(2))
            let used = running.cpuSeconds - before
            #expect(used < 0.3, "sparks-studio used \(used) CPU seconds in the 2 s after the pages left")
        }
    }

    @Test func ctrlCAndSIGTERMStopItWithinASecondWhateverItIsDoing() async throws {
        try await heavyFolder { folder in
            for signal in [SIGINT, SIGTERM] {
                let running = try StudioProcess(folder: folder)
                let seeking = twoSeekingPages(running.studio)
                try await Task.sleep(for: .seconds(2))
                kill(running.process.processIdentifier, signal)
                let stopped = try await running.waitForExit(seconds: 2)
                seeking.cancel()
                #expect(stopped, "signal \(signal) left sparks-studio running")
            }
            // SIGTERM to `sparks studio` (the command people type) stops the studio itself.
            let wrapped = try StudioProcess(folder: folder, wrapper: true)
            kill(wrapped.process.processIdentifier, SIGTERM)
            #expect(try await wrapped.waitForExit(seconds: 2))
            #expect(Self.processes(mentioning: folder.path).isEmpty, "a program still runs on \(folder.path)")
        }
    }

    /// The processes whose command line names `text`.
    static func processes(mentioning text: String) -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int.init).filter { pid in
            guard let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return false }
            return String(decoding: line.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(text)
        }
    }

    @Test func aPageThatNeverReadsIsNotBufferedWithoutBound() async throws {
        try await withPresetFolder(["fire"]) { folder in
            let running = try StudioProcess(folder: folder)
            let before = running.residentBytes
            // Messages that each earn an answer (an unknown edit, whose name the answer may
            // repeat), sent for 8 s without reading one.
            let junk = #"{"type": "edit", "edits": [{"op": ""# + String(repeating: "x", count: 60_000) + #"", "path": []}]}"#
            let sent = LockedBox(0)
            let sending = Task {
                _ = try await running.studio.session("fire.json") { page in
                    while true {
                        try await page.sendText(junk)
                        sent.value += junk.utf8.count
                    }
                }
            }
            try await Task.sleep(for: .seconds(8))
            // The writes stall once the studio stops reading; ending the studio ends them.
            sending.cancel()
            let grown = running.residentBytes - before
            #expect(grown < 150 << 20, "sparks-studio grew by \(grown >> 20) MiB after \(sent.value >> 20) MiB sent")
        }
    }

    @Test func oneMessageCannotFreezeTheServer() async throws {
        try await withPresetFolder(["fire", "neon"]) { folder in
            // A preset padded to about 110 KB (a comment): every edit of a message reads all of it.
            let file = folder.appendingPathComponent("fire.json")
            var text = try String(contentsOf: file, encoding: .utf8)
            text = "// \(String(repeating: "padding ", count: 14_000))\n" + text
            try text.write(to: file, atomically: true, encoding: .utf8)
            try await withStudio(folder: folder) { studio in
                @Sendable func duplicates(_ count: Int) -> [String: Any] {
                    [
                        "type": "edit",
                        "edits": Array(repeating: ["op": "duplicate", "path": ["layers", 0]] as [String: Any], count: count),
                    ]
                }
                let answered = try await studio.session("fire.json") { page in
                    try #require(try await page.wait { page.document != nil })
                    try await page.send(duplicates(300))
                    try #require(try await page.wait { !page.notices.isEmpty }, "the flood is refused with a reason")
                    #expect(page.notices.last?.contains("at most 100") == true, "\(page.notices)")
                    try await page.send(duplicates(100))
                    // While it is worked on, another page and another request are answered.
                    let start = Date()
                    let list = try await studio.request("/api/presets")
                    let other = try await studio.session("neon.json") { other in try await other.wait(seconds: 5) { other.frames >= 1 } }
                    return (list.status, other ?? false, Date().timeIntervalSince(start))
                }
                let (status, framed, seconds) = try #require(answered)
                #expect(status == 200 && framed)
                #expect(seconds < 1, "another page waited \(seconds) s")
            }
        }
    }

}
