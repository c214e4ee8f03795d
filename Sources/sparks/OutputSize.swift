import ArgumentParser
import SparksCommandSupport
import SparksCore
import SparksExport

/// `--width` and `--height` of commands that draw: either alone keeps the canvas's aspect ratio.
struct OutputSize: ParsableArguments {
    @Option(help: "Output width in pixels (default: the canvas width; alone, the height follows the canvas's aspect ratio).")
    var width: Int?

    @Option(help: "Output height in pixels (default: the canvas height; alone, the width follows the canvas's aspect ratio).")
    var height: Int?

    func validate() throws {
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(1...DrawList.maxSide).contains(value) {
                throw ValidationError("\(name) must be between 1 and \(DrawList.maxSide) pixels")
            }
        }
    }

    /// The size in pixels for a canvas of `canvas` points.
    func pixels(for canvas: CanvasDescription) throws -> (width: Int, height: Int) {
        try FrameRender.pixels(for: canvas, width: width, height: height)
    }
}
