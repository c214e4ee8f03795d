import Foundation
import SparksCore
import SparksRaster
import SparksSDL
import Testing

/// A 200 × 100 black canvas with one text layer filling it, given as a JSON object's keys.
private func text(_ keys: String, width: Int = 200, height: Int = 100) throws -> PixelImage {
    let json = """
        { "canvas": { "width": \(width), "height": \(height), "background": "black" }, "layers": [
          { "type": "text", "position": [\(width / 2), \(height / 2)], "bounds": [0, 0, \(width), \(height)], \(keys) } ] }
        """
    let decoder = PresetDecoder(fileName: "test.json", resolver: ResourceResolver(roots: []))
    return try picture(Scene(try decoder.decode(Array(json.utf8), defaultName: "test").get()), at: 0)
}

/// Where the ink is: the box of pixels brighter than the background, and how many there are.
private func ink(_ image: PixelImage) -> (x: ClosedRange<Int>, y: ClosedRange<Int>, count: Int)? {
    var box: (x0: Int, x1: Int, y0: Int, y1: Int)?
    var count = 0
    for y in 0..<image.height {
        for x in 0..<image.width where image[x, y].r > 40 || image[x, y].g > 40 || image[x, y].b > 40 {
            count += 1
            box = (min(box?.x0 ?? x, x), max(box?.x1 ?? x, x), min(box?.y0 ?? y, y), max(box?.y1 ?? y, y))
        }
    }
    return box.map { ($0.x0...$0.x1, $0.y0...$0.y1, count) }
}

@Suite("Text layers (CATextLayer) as pixels")
struct TextPixelTests {
    @Test("Core Animation's defaults: 36-point opaque white Helvetica, natural alignment (left), from the top")
    func defaults() throws {
        #expect(TextProperties().fontSize == 36 && TextProperties().foregroundColor == .white)
        #expect(TextProperties().alignmentMode == .natural && !TextProperties().isWrapped && TextProperties().truncationMode == .none)
        let image = try text(#""string": "Hi""#)
        let box = try #require(ink(image))
        #expect(box.x.lowerBound < 10, "natural alignment starts at the left: \(box)")
        #expect(box.y.lowerBound < 15 && box.y.upperBound < 45, "a 36-point line at the top: \(box)")
        #expect(box.y.count > 20, "glyphs about 26 pixels tall: \(box)")
        let centre = image[box.x.lowerBound + 2, (box.y.lowerBound + box.y.upperBound) / 2]
        #expect(centre.r > 200 && centre.g > 200 && centre.b > 200, "white: \(centre)")
    }

    @Test("alignmentMode places the line: left at the left edge, right at the right edge, center in the middle")
    func alignment() throws {
        let left = try #require(ink(try text(#""string": "abc", "fontSize": 20, "alignmentMode": "left""#)))
        let right = try #require(ink(try text(#""string": "abc", "fontSize": 20, "alignmentMode": "right""#)))
        let centre = try #require(ink(try text(#""string": "abc", "fontSize": 20, "alignmentMode": "center""#)))
        #expect(left.x.lowerBound < 5)
        #expect(right.x.upperBound > 194)
        #expect(abs((centre.x.lowerBound + centre.x.upperBound) / 2 - 100) <= 3, "\(centre)")
        #expect(left.x.count == right.x.count && abs(left.x.count - centre.x.count) <= 1)
    }

    @Test("foregroundColor colours the glyphs; colour emoji keep their own colours")
    func colours() throws {
        let red = try text(#""string": "MMMM", "fontSize": 40, "foregroundColor": "red""#)
        let box = try #require(ink(red))
        var sum = (r: 0, g: 0, b: 0)
        for y in box.y { for x in box.x { sum = (sum.r + Int(red[x, y].r), sum.g + Int(red[x, y].g), sum.b + Int(red[x, y].b)) } }
        #expect(sum.r > 0 && sum.g == 0 && sum.b == 0, "\(sum)")
        let emoji = try text(#""string": "😀", "fontSize": 60, "foregroundColor": "blue""#)
        let face = try #require(ink(emoji))
        let middle = emoji[(face.x.lowerBound + face.x.upperBound) / 2, (face.y.lowerBound + face.y.upperBound) / 2]
        #expect(middle.r > 150 && middle.g > 100 && middle.b < 100, "a yellow face, not tinted blue: \(middle)")
        #expect(face.y.count > 40 && face.y.count < 80, "an emoji the size of the line: \(face)")
    }

    @Test("wrapped breaks lines at the width; unwrapped text runs past it and is clipped; truncation ends with an ellipsis")
    func wrappingAndTruncation() throws {
        let words = #""string": "one two three four five six seven", "fontSize": 20"#
        let wrapped = try #require(ink(try text(words + #", "wrapped": true"#)))
        let single = try #require(ink(try text(words)))
        #expect(wrapped.y.count > 2 * single.y.count, "several lines: \(wrapped) against \(single)")
        #expect(single.x.upperBound >= 190, "one line running to the edge: \(single)")
        let cut = try #require(ink(try text(words + #", "truncationMode": "end""#)))
        #expect(cut.x.upperBound < 199 && cut.y.count == single.y.count, "\(cut)")
    }

    @Test("An empty string, a zero font size or clear text draw nothing; newlines start lines")
    func nothingAndLines() throws {
        #expect(ink(try text(#""string": """#)) == nil)
        #expect(ink(try text(#""string": "abc", "fontSize": 0"#)) == nil)
        #expect(ink(try text(#""string": "abc", "foregroundColor": "clear""#)) == nil)
        let one = try #require(ink(try text(#""string": "A", "fontSize": 20"#)))
        let two = try #require(ink(try text(#""string": "A\nA", "fontSize": 20"#)))
        #expect(two.y.count > one.y.count + 15, "\(two) against \(one)")
    }

    @Test("A text layer's opacity, transform and replicator copies apply to its text as to any content")
    func asContent() throws {
        let faded = try text(#""string": "MMMM", "fontSize": 40, "opacity": 0.5"#)
        let full = try text(#""string": "MMMM", "fontSize": 40"#)
        let box = try #require(ink(full))
        let x = box.x.lowerBound + 3, y = (box.y.lowerBound + box.y.upperBound) / 2
        #expect(abs(Int(faded[x, y].r) - Int(full[x, y].r) / 2) <= 2, "\(faded[x, y]) against \(full[x, y])")
    }
}
