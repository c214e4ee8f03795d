import CSparksSDL2
import SparksCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Draws text layers' images (``TextImage``) with SDL2_ttf: lines from the top, wrapped or cut
/// as the layer says, in the nearest installed font to the one named, with colour emoji from
/// Noto Color Emoji. SDL2_ttf shapes no scripts and lays out one line at a time, so the line
/// breaking, alignment, truncation and font fallback between text and emoji are done here.
final class TextRasterizer: @unchecked Sendable {
    static let shared = TextRasterizer()

    /// Where Debian installs the fonts drawn with (fonts-liberation2, fonts-dejavu-core,
    /// fonts-noto-color-emoji), by family; the first file found is used.
    static let families: [String: [String]] = [
        "sans": ["liberation2/LiberationSans-Regular.ttf", "dejavu/DejaVuSans.ttf"],
        "sans-bold": ["liberation2/LiberationSans-Bold.ttf", "dejavu/DejaVuSans-Bold.ttf"],
        "sans-italic": ["liberation2/LiberationSans-Italic.ttf", "dejavu/DejaVuSans.ttf"],
        "serif": ["liberation2/LiberationSerif-Regular.ttf", "dejavu/DejaVuSerif.ttf"],
        "serif-bold": ["liberation2/LiberationSerif-Bold.ttf", "dejavu/DejaVuSerif-Bold.ttf"],
        "serif-italic": ["liberation2/LiberationSerif-Italic.ttf", "dejavu/DejaVuSerif.ttf"],
        "mono": ["liberation2/LiberationMono-Regular.ttf", "dejavu/DejaVuSansMono.ttf"],
        "mono-bold": ["liberation2/LiberationMono-Bold.ttf", "dejavu/DejaVuSansMono-Bold.ttf"],
        "mono-italic": ["liberation2/LiberationMono-Italic.ttf", "dejavu/DejaVuSansMono.ttf"],
        "emoji": ["noto/NotoColorEmoji.ttf"],
    ]
    static let fontFolders = ["/usr/share/fonts/truetype/", "/usr/share/fonts/"]
    /// The largest font size drawn, in pixels.
    static let maxPixelSize: Int32 = 1024

    private let lock = Lock()
    private var fonts: [String: OpaquePointer] = [:]
    private var started = false

    /// The family a UIFont name maps to: monospaced, serif or sans, bold or italic as named.
    static func family(of fontName: String?) -> String {
        let name = (fontName ?? "Helvetica").lowercased()
        let base: String
        if ["mono", "courier", "menlo", "monaco", "consolas"].contains(where: name.contains) {
            base = "mono"
        } else if ["times", "georgia", "serif", "baskerville", "palatino", "didot"].contains(where: name.contains), !name.contains("sans") {
            base = "serif"
        } else {
            base = "sans"
        }
        if ["bold", "heavy", "black", "semibold"].contains(where: name.contains) { return base + "-bold" }
        if name.contains("italic") || name.contains("oblique") { return base + "-italic" }
        return base
    }

    /// The font file a family is drawn with, or nil when none is installed.
    static func file(of family: String) -> String? {
        for candidate in families[family] ?? [] {
            for folder in fontFolders where FileManager.default.fileExists(atPath: folder + candidate) { return folder + candidate }
        }
        return nil
    }

    /// Draws `text`; throws when SDL2_ttf cannot start or no font is installed.
    func image(of text: TextImage) throws(ImageDecodingError) -> DecodedImage {
        lock.lock()
        defer { lock.unlock() }
        do throws(SDLError) {
            return try draw(text)
        } catch {
            throw ImageDecodingError(source: "text \"\(text.string.prefix(40))\"", reason: error.description)
        }
    }

    // MARK: Fonts

    private func font(_ family: String, pixelSize: Int32) throws(SDLError) -> OpaquePointer {
        if !started {
            if TTF_WasInit() == 0, TTF_Init() != 0 { throw SDLError("starting SDL2_ttf") }
            started = true
        }
        guard let path = Self.file(of: family) ?? Self.file(of: "sans") else {
            throw SDLError("drawing text", reason: "no font installed (install fonts-liberation2 or fonts-dejavu-core)")
        }
        // The emoji font has one bitmap size; any size asked gives it (scaled when drawn).
        let size = family == "emoji" ? 109 : max(1, min(pixelSize, Self.maxPixelSize))
        let key = "\(path)@\(size)"
        if let open = fonts[key] { return open }
        if fonts.count >= 16 {
            for open in fonts.values { TTF_CloseFont(open) }
            fonts.removeAll()
        }
        guard let opened = TTF_OpenFont(path, size) else { throw SDLError("opening \(path)") }
        fonts[key] = opened
        return opened
    }

    // MARK: Layout

    /// A piece of a line drawn in one font: text, or emoji.
    private struct Run {
        var text: String
        var isEmoji: Bool
    }

    private struct Line {
        var runs: [Run]
        var width: Int
    }

    private func draw(_ text: TextImage) throws(SDLError) -> DecodedImage {
        let size = Int32(text.pixelFontSize.rounded())
        let main = try font(Self.family(of: text.font), pixelSize: size)
        let emoji = Self.file(of: "emoji") == nil ? nil : try font("emoji", pixelSize: size)
        let lineHeight = max(1, Int(TTF_FontHeight(main)))
        let lineSkip = max(lineHeight, Int(TTF_FontLineSkip(main)))
        let measure = Measure(main: main, emoji: emoji, lineHeight: lineHeight)

        var lines: [Line] = []
        let maxLines = text.pixelHeight / lineSkip + 1
        for paragraph in text.string.split(separator: "\n", omittingEmptySubsequences: false) where lines.count < maxLines {
            let runs = measure.runs(of: String(paragraph))
            if text.isWrapped {
                lines += measure.wrapped(runs, width: text.pixelWidth)
            } else {
                lines.append(measure.truncated(runs, width: text.pixelWidth, mode: text.truncation))
            }
        }

        var canvas = [UInt8](repeating: 0, count: text.pixelWidth * text.pixelHeight * 4)
        for (index, line) in lines.prefix(maxLines).enumerated() {
            let y = index * lineSkip
            var x: Int
            switch text.alignment {
            case .right: x = text.pixelWidth - line.width
            case .center: x = (text.pixelWidth - line.width) / 2
            case .natural, .left, .justified: x = 0
            }
            for run in line.runs {
                guard let glyphs = try measure.render(run) else { continue }
                let tint: Color? = run.isEmoji ? nil : text.color
                composite(
                    glyphs, into: &canvas, width: text.pixelWidth, height: text.pixelHeight, at: (x, y), tint: tint,
                    alpha: text.color.alpha)
                x += glyphs.width
            }
        }
        guard let image = DecodedImage(width: text.pixelWidth, height: text.pixelHeight, rgba: canvas) else {
            throw SDLError("drawing text", reason: "an image of \(text.pixelWidth)×\(text.pixelHeight) pixels is not supported")
        }
        return image
    }

    /// Measuring and drawing runs of one line height.
    private struct Measure {
        let main: OpaquePointer
        let emoji: OpaquePointer?
        let lineHeight: Int

        /// The text split where it changes between the main font and the emoji font (a
        /// character the main font lacks and the emoji font has; joiners, variation selectors
        /// and skin tones stay with the emoji before them).
        func runs(of text: String) -> [Run] {
            var runs: [Run] = []
            for scalar in text.unicodeScalars {
                let v = scalar.value
                let joins =
                    v == 0x200D || (0xFE00...0xFE0F).contains(v) || (0x1F3FB...0x1F3FF).contains(v) || (0xE0020...0xE007F).contains(v)
                let isEmoji: Bool
                if joins, let last = runs.last {
                    isEmoji = last.isEmoji
                } else if let emoji, TTF_GlyphIsProvided32(main, v) == 0, TTF_GlyphIsProvided32(emoji, v) != 0 {
                    isEmoji = true
                } else {
                    isEmoji = false
                }
                if runs.last?.isEmoji == isEmoji {
                    runs[runs.count - 1].text.unicodeScalars.append(scalar)
                } else {
                    runs.append(Run(text: String(scalar), isEmoji: isEmoji))
                }
            }
            return runs
        }

        func width(of run: Run) -> Int {
            var w: Int32 = 0
            var h: Int32 = 0
            guard !run.text.isEmpty, TTF_SizeUTF8(run.isEmoji ? emoji : main, run.text, &w, &h) == 0, h > 0 else { return 0 }
            return run.isEmoji ? Int((Double(w) * Double(lineHeight) / Double(h)).rounded()) : Int(w)
        }

        func width(of runs: [Run]) -> Int { runs.reduce(0) { $0 + width(of: $1) } }

        /// Lines no wider than `width`, broken after spaces (a word wider than the line is
        /// broken between characters).
        func wrapped(_ runs: [Run], width: Int) -> [Line] {
            var lines: [Line] = []
            var current: [Run] = []
            for word in words(runs) {
                let candidate = merge(current + word)
                if current.isEmpty || self.width(of: candidate) <= width {
                    current = candidate
                    continue
                }
                lines.append(Line(runs: current, width: self.width(of: current)))
                current = word
            }
            lines.append(Line(runs: current, width: self.width(of: current)))
            return lines
        }

        /// The runs split into words, each with the spaces after it.
        private func words(_ runs: [Run]) -> [[Run]] {
            var words: [[Run]] = []
            var current: [Run] = []
            for run in runs {
                var piece = ""
                for character in run.text {
                    piece.append(character)
                    if character == " " {
                        current.append(Run(text: piece, isEmoji: run.isEmoji))
                        words.append(current)
                        current = []
                        piece = ""
                    }
                }
                if !piece.isEmpty { current.append(Run(text: piece, isEmoji: run.isEmoji)) }
            }
            if !current.isEmpty { words.append(current) }
            return words
        }

        private func merge(_ runs: [Run]) -> [Run] {
            var merged: [Run] = []
            for run in runs {
                if merged.last?.isEmoji == run.isEmoji { merged[merged.count - 1].text += run.text } else { merged.append(run) }
            }
            return merged
        }

        /// One line, cut with an ellipsis where `mode` says when wider than `width`.
        func truncated(_ runs: [Run], width: Int, mode: TextTruncation) -> Line {
            let full = self.width(of: runs)
            guard mode != .none, full > width else { return Line(runs: runs, width: full) }
            var characters = runs.flatMap { run in run.text.map { (character: $0, isEmoji: run.isEmoji) } }
            let ellipsis = (character: Character("…"), isEmoji: false)
            func line() -> [Run] {
                var kept = characters
                switch mode {
                case .end, .none: kept.append(ellipsis)
                case .start: kept.insert(ellipsis, at: 0)
                case .middle: kept.insert(ellipsis, at: kept.count / 2)
                }
                return merge(kept.map { Run(text: String($0.character), isEmoji: $0.isEmoji) })
            }
            while !characters.isEmpty, self.width(of: line()) > width {
                switch mode {
                case .start: characters.removeFirst()
                case .middle: characters.remove(at: characters.count / 2)
                case .end, .none: characters.removeLast()
                }
            }
            let kept = line()
            return Line(runs: kept, width: self.width(of: kept))
        }

        /// A run's glyphs as straight RGBA, white for text, in colour for emoji (scaled to the
        /// line height); nil for an empty run.
        func render(_ run: Run) throws(SDLError) -> DecodedImage? {
            guard !run.text.isEmpty, let font = run.isEmoji ? emoji : main else { return nil }
            let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
            guard let surface = TTF_RenderUTF8_Blended(font, run.text, white) else { return nil }
            defer { SDL_FreeSurface(surface) }
            let image = try SDLImageDecoder.rgba(of: surface)
            guard run.isEmoji, image.height != lineHeight else { return image }
            return Self.scaled(image, by: Double(lineHeight) / Double(image.height))
        }

        /// `image` resized by `factor`, each output pixel the area-weighted mean of the input
        /// pixels it covers (premultiplied), so a 128-pixel emoji shrinks without shimmer.
        static func scaled(_ image: DecodedImage, by factor: Double) -> DecodedImage? {
            let w = max(1, Int((Double(image.width) * factor).rounded()))
            let h = max(1, Int((Double(image.height) * factor).rounded()))
            var out = [UInt8](repeating: 0, count: w * h * 4)
            let sx = Double(image.width) / Double(w), sy = Double(image.height) / Double(h)
            for y in 0..<h {
                let y0 = Double(y) * sy, y1 = y0 + sy
                for x in 0..<w {
                    let x0 = Double(x) * sx, x1 = x0 + sx
                    var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0, area: 0.0)
                    for iy in Int(y0)..<min(image.height, Int(y1.rounded(.up))) {
                        let wy = min(y1, Double(iy + 1)) - max(y0, Double(iy))
                        for ix in Int(x0)..<min(image.width, Int(x1.rounded(.up))) {
                            let weight = wy * (min(x1, Double(ix + 1)) - max(x0, Double(ix)))
                            let i = (iy * image.width + ix) * 4
                            let a = Double(image.rgba[i + 3]) * weight
                            sum.r += Double(image.rgba[i]) * a
                            sum.g += Double(image.rgba[i + 1]) * a
                            sum.b += Double(image.rgba[i + 2]) * a
                            sum.a += a
                            sum.area += weight
                        }
                    }
                    let o = (y * w + x) * 4
                    guard sum.a > 0, sum.area > 0 else { continue }
                    out[o] = UInt8(min(255, (sum.r / sum.a).rounded()))
                    out[o + 1] = UInt8(min(255, (sum.g / sum.a).rounded()))
                    out[o + 2] = UInt8(min(255, (sum.b / sum.a).rounded()))
                    out[o + 3] = UInt8(min(255, (sum.a / sum.area).rounded()))
                }
            }
            return DecodedImage(width: w, height: h, rgba: out)
        }
    }

    /// Draws `glyphs` over `canvas` (straight alpha) at `origin`: text tinted by `tint`, emoji
    /// (`tint` nil) in their colours faded by `alpha`.
    private func composite(
        _ glyphs: DecodedImage, into canvas: inout [UInt8], width: Int, height: Int, at origin: (x: Int, y: Int), tint: Color?,
        alpha: Double
    ) {
        for gy in 0..<glyphs.height {
            let y = origin.y + gy
            guard y >= 0, y < height else { continue }
            for gx in 0..<glyphs.width {
                let x = origin.x + gx
                guard x >= 0, x < width else { continue }
                let g = (gy * glyphs.width + gx) * 4
                var sa = Double(glyphs.rgba[g + 3]) / 255
                guard sa > 0 else { continue }
                var src = (Double(glyphs.rgba[g]), Double(glyphs.rgba[g + 1]), Double(glyphs.rgba[g + 2]))
                if let tint {
                    src = (tint.red * 255, tint.green * 255, tint.blue * 255)
                    sa *= tint.alpha
                } else {
                    sa *= alpha
                }
                let c = (y * width + x) * 4
                let da = Double(canvas[c + 3]) / 255
                let oa = sa + da * (1 - sa)
                guard oa > 0 else { continue }
                func mix(_ s: Double, _ d: UInt8) -> UInt8 { UInt8(min(255, ((s * sa + Double(d) * da * (1 - sa)) / oa).rounded())) }
                canvas[c] = mix(src.0, canvas[c])
                canvas[c + 1] = mix(src.1, canvas[c + 1])
                canvas[c + 2] = mix(src.2, canvas[c + 2])
                canvas[c + 3] = UInt8(min(255, (oa * 255).rounded()))
            }
        }
    }
}
