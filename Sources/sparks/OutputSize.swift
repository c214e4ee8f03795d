import ArgumentParser
import SparksCommandSupport
import SparksCore

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
        let aspect = canvas.width / max(canvas.height, 1)
        let size: (Double, Double)
        switch (width, height) {
        case let (w?, h?): size = (Double(w), Double(h))
        case let (w?, nil): size = (Double(w), Double(w) / aspect)
        case let (nil, h?): size = (Double(h) * aspect, Double(h))
        case (nil, nil): size = (canvas.width, canvas.height)
        }
        let w = Int(size.0.rounded()), h = Int(size.1.rounded())
        guard (1...DrawList.maxSide).contains(w), (1...DrawList.maxSide).contains(h) else {
            throw CommandError("an output of \(w)×\(h) pixels is outside 1…\(DrawList.maxSide) on a side")
        }
        return (w, h)
    }
}
