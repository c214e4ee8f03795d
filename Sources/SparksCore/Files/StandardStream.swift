#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's standard streams, written whole (the library has no `FileHandle`).
///
/// Everything Sparks prints goes through here, and a file's text is in much of it (names,
/// keys, paths, code): ``write(_:)`` escapes what a terminal would act on (``TerminalText``),
/// keeping line breaks and tabs; ``writeControl(_:)`` is for the program's own control
/// sequences (a progress line that rewrites itself).
package enum StandardStream {
    case output, error

    /// Writes `text` (which carries its own line ends), every terminal control in it escaped.
    package func write(_ text: String) {
        writeControl(TerminalText.escaped(text, keepingLines: true))
    }

    /// Writes `text` as it is: only for text the program wrote itself, never a file's.
    package func writeControl(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(self == .output ? 1 : 2, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(self == .output ? 1 : 2, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            guard written > 0 else { return }
            offset += written
        }
        bytes.removeAll()
    }
}
