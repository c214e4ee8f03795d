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
            let running = try StudioProgram(folder: folder)
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
                let running = try StudioProgram(folder: folder)
                let seeking = twoSeekingPages(running.studio)
                try await Task.sleep(for: .seconds(2))
                kill(running.process.processIdentifier, signal)
                let stopped = try await running.waitForExit(seconds: 2)
                seeking.cancel()
                #expect(stopped, "signal \(signal) left sparks-studio running")
            }
            // SIGTERM to `sparks studio` (the command people type) stops the studio itself.
            let wrapped = try StudioProgram(folder: folder, wrapper: true)
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
            let running = try StudioProgram(folder: folder)
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
