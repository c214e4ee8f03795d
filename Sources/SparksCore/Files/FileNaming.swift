/// Text that becomes part of a file name Sparks writes: a preset's `name` in `render`'s frame
/// names, an image name from imported code, a download's name. Such text comes from a stranger
/// as often as not, so it is cut down to one plain component: letters, digits, `-`, `_` and
/// inner dots, everything else (slashes, backslashes, controls, spaces) a `-`, no leading dot
/// or dash (a hidden file, a `..`, an option to the next program), at most `maxLength`
/// characters. Empty text gives `fallback`.
package enum FileNaming {
    package static func component(_ text: String, fallback: String = "effect", maxLength: Int = 80) -> String {
        let mapped = text.map { c -> Character in
            c.isLetter || c.isNumber || c == "-" || c == "_" || c == "." ? c : "-"
        }
        var result = String(mapped.prefix(maxLength))
        while let first = result.first, first == "." || first == "-" { result.removeFirst() }
        while let last = result.last, last == "." { result.removeLast() }
        return result.isEmpty ? fallback : result
    }
}
