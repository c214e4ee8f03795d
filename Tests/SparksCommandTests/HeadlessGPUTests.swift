import Foundation
import SparksRaster
import Testing

/// The window's GPU path without a display: `sparks render --renderer gpu` and `sparks bench
/// --render --renderer gpu` draw through SDL's GPU renderer on its offscreen driver (OpenGL
/// through EGL; here Mesa's llvmpipe, on a machine with a graphics card its driver).
///
/// Under AddressSanitizer the programs run without leak detection (Mesa's driver, loaded at run
/// time, keeps memory it never frees, which LeakSanitizer cannot name to suppress); under
/// ThreadSanitizer the suite is left out, as the real-window suite is (drivers not Sparks's).
@Suite(.serialized, .disabled(if: ProcessInfo.processInfo.environment["SPARKS_SANITIZER"] == "thread", "Mesa's GL under ThreadSanitizer"))
struct HeadlessGPUTests {
    /// `sparks` with `arguments`, the GPU driver's leaks not counted under AddressSanitizer.
    private func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        if environment["SPARKS_SANITIZER"] == "address" { environment["ASAN_OPTIONS"] = "detect_leaks=0" }
        return try runProgram(sparksExecutable, arguments, environment: environment)
    }

    /// The GPU's frame against the CPU rasterizer's, both opaque over black: per channel value,
    /// a mean difference under 1.5 (of 255), fewer than 0.5 % of values more than 24 apart, and
    /// the same total light within 5 % (the tolerances the window's GPU test keeps).
    @Test(arguments: ["fire", "neon", "orbit", "pulse", "loader", "confetti"])
    func aGPUFrameIsTheCPUsWithinTolerance(_ preset: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gpuFile = folder.appendingPathComponent("gpu.png").path, cpuFile = folder.appendingPathComponent("cpu.png").path
        // No display is needed: the offscreen driver is chosen whatever DISPLAY says.
        let gpu = try run(["render", preset, "--at", "1.5", "--renderer", "gpu", "--out", gpuFile])
        #expect(gpu.status == 0, "\(gpu.output)\(gpu.error)")
        let cpu = try sparks("render", preset, "--at", "1.5", "--out", cpuFile)
        #expect(cpu.status == 0, "\(cpu.output)\(cpu.error)")
        let g = try PixelImage(contentsOfPNG: gpuFile), c = try PixelImage(contentsOfPNG: cpuFile)
        try #require(g.width == c.width && g.height == c.height)
        var sum = 0, far = 0, light = (cpu: 0, gpu: 0), n = 0
        for i in 0..<(c.width * c.height) {
            // The CPU's straight-alpha pixel over black, against the GPU's opaque one.
            let alpha = Int(c.rgba[4 * i + 3])
            for k in 0..<3 {
                let cv = (Int(c.rgba[4 * i + k]) * alpha + 127) / 255, gv = Int(g.rgba[4 * i + k])
                let d = abs(cv - gv)
                sum += d
                if d > 24 { far += 1 }
                light.cpu += cv
                light.gpu += gv
                n += 1
            }
        }
        let mean = Double(sum) / Double(n)
        #expect(mean < 1.5, "\(preset): mean difference \(mean) per channel")
        #expect(Double(far) / Double(n) < 0.005, "\(preset): \(far) channel values differ by more than 24")
        #expect(light.cpu > 0 && abs(Double(light.gpu) / Double(light.cpu) - 1) < 0.05, "\(preset): \(light)")
    }

    /// A window on SDL's offscreen driver with the GPU renderer closes cleanly: its textures and
    /// renderer go before the window (destroying them after it read freed memory and crashed).
    @Test func aGPUWindowOnTheOffscreenDriverClosesCleanly() throws {
        let result = try run(["run", "fire", "--renderer", "gpu", "--quit-after", "1"], environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(!result.error.contains("crashed"), "\(result.error)")
    }

    @Test func theGPUIsBenchedHeadless() throws {
        let result = try run(["bench", "fire", "--render", "--renderer", "gpu", "--frames", "30", "--json"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let json = try #require((try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])?.first)
        let render = try #require(json["render"] as? [String: Any], "\(json)")
        let drawnBy = try #require(render["drawnBy"] as? String)
        #expect(drawnBy.hasPrefix("gpu (opengl"), "\(drawnBy)")
        let milliseconds = try #require((render["milliseconds"] as? [String: Any])?["p50"] as? Double)
        #expect(milliseconds > 0)
    }
}
