import Foundation
import SparksCore
import Testing

/// The inspector under a person's hand in headless Chromium: a slider dragged with the mouse
/// that pauses on the way (long enough for the file to be saved and the document to come back),
/// and a slider moved with the arrow keys. Each lands where the hand left it, in the file and on
/// the page, at a step a person reads.
@Suite(.serialized) struct StudioHandTests {
    /// The number at `key` of fire's cell in the file, once it is `wanted` (to a billionth; nil:
    /// any number).
    func cellNumber(_ file: URL, _ key: String, wanted: Double? = nil) async throws -> Double? {
        for _ in 0..<3000 {
            if let root = try? JSONParser.parse([UInt8](Data(contentsOf: file))),
                case .array(let layers)? = root["layers"]?.value, case .array(let cells)? = layers.first?["emitterCells"]?.value,
                case .number(let n)? = cells.first?[key]?.value, wanted.map({ abs(n - $0) <= 1e-9 * max(1, abs($0)) }) ?? true
            {
                return n
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// Whether `n` is written with at most three significant digits.
    func isReadable(_ n: Double) -> Bool {
        n == 0 || Double(String(format: "%.3g", n)) == n
    }

    @Test(arguments: ["birthRate", "yAcceleration", "velocity"])
    func aDragThatPausesTwiceLandsWhereItIsLetGo(key: String) async throws {
        let browser = try Browser()
        try await withPresetFolder(["fire"]) { folder in
            let file = folder.appendingPathComponent("fire.json")
            try await withStudioProgram(folder: folder) { studio in
                try await browser.withPage("\(studio.origin)/?token=\(studio.token)#edit=fire.json") { page in
                    let selector = ".row[data-key=\(key)] input[type=range]"
                    try #require(try await page.wait("sparksStudio.frames > 3 && document.querySelector('\(selector)')"))
                    // Marked, to tell whether the element under the hand is ever replaced.
                    _ = try await page.evaluate("document.querySelector('\(selector)').dataset.held = 'yes'")
                    let box = try await page.box(selector)
                    let sliderValue = "Number(document.querySelector('\(selector)').value)"
                    let (y, middle, travel) = (box[1] + box[3] / 2, box[0] + box[2] / 2, box[2] * 0.1)
                    // Pressing the middle of the track puts the thumb there; then three moves
                    // of the same length, the hand resting 0.8 s after the first two.
                    try await page.mouse("mousePressed", x: middle, y: y)
                    let start = try #require(try await page.evaluate(sliderValue) as? Double)
                    var atPauses: [Double] = []
                    for step in 1...3 {
                        for i in 1...6 {
                            let x = middle + travel * (Double(step - 1) + Double(i) / 6)
                            try await page.mouse("mouseMoved", x: x, y: y)
                            try await Task.sleep(for: .milliseconds(25))
                        }
                        if step < 3 {
                            try await Task.sleep(for: .milliseconds(800))
                            atPauses.append(try #require(try await page.evaluate(sliderValue) as? Double))
                            // The file was saved meanwhile; the slider in the hand is the same one.
                            let held = try await page.evaluate("document.querySelector('\(selector)').dataset.held") as? String
                            #expect(held == "yes", "\(key): the slider under the hand was replaced at pause \(step)")
                        }
                    }
                    try await page.mouse("mouseReleased", x: middle + travel * 3, y: y)
                    let released = try #require(try await page.evaluate(sliderValue) as? Double)
                    // Equal moves, equal changes: the value at release is the whole way.
                    let perMove = atPauses[0] - start
                    #expect(perMove > 0, "\(key): the first move changed the slider (\(start) → \(atPauses[0]))")
                    #expect(abs((released - start) - 3 * perMove) <= abs(perMove) * 0.2, "\(key): \(start) → \(atPauses) → \(released)")
                    // The file and the number beside the slider say the same, a readable number.
                    let written = try #require(try await cellNumber(file, key, wanted: released), "\(key) = \(released) in the file")
                    #expect(isReadable(written), "\(key) = \(written)")
                    try #require(try await page.wait("sparksStudio.doc.saved"))
                    let field = try await page.evaluate("document.querySelector('.row[data-key=\(key)] input.number').value") as? String
                    #expect(Double(field ?? "") == released, "\(key): the field shows \(field ?? "nothing")")
                }
            }
        }
    }

    @Test func tenArrowPressesMoveTenSteps() async throws {
        let browser = try Browser()
        try await withPresetFolder(["fire"]) { folder in
            let file = folder.appendingPathComponent("fire.json")
            try await withStudioProgram(folder: folder) { studio in
                try await browser.withPage("\(studio.origin)/?token=\(studio.token)#edit=fire.json") { page in
                    let selector = ".row[data-key=velocity] input[type=range]"
                    try #require(try await page.wait("sparksStudio.frames > 3 && document.querySelector('\(selector)')"))
                    let before = try #require(
                        try await page.evaluate("Number(document.querySelector('\(selector)').value)") as? Double)
                    let step = try #require(Double(try await page.evaluate("document.querySelector('\(selector)').step") as? String ?? ""))
                    // Focus by the keyboard's own way (Tab order is the page's), then ten presses,
                    // the hand resting once in the middle while the file is saved.
                    _ = try await page.evaluate("document.querySelector('\(selector)').focus()")
                    for i in 1...10 {
                        try await page.press("ArrowRight")
                        try await Task.sleep(for: .milliseconds(i == 5 ? 800 : 120))
                    }
                    let expected = before + 10 * step
                    let written = try #require(
                        try await cellNumber(file, "velocity", wanted: expected), "velocity \(before) + 10 × \(step) in the file")
                    #expect(isReadable(written))
                    #expect(
                        try await page.wait("document.activeElement === document.querySelector('\(selector)')"),
                        "the slider keeps the keyboard")
                    try await page.press("ArrowLeft")
                    #expect(try await cellNumber(file, "velocity", wanted: expected - step) != nil, "one more press, one step back")
                }
            }
        }
    }
}
