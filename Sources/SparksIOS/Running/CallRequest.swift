import Foundation

/// A `--call` request: the method or function to run and the arguments given, read as one
/// Swift call (`show(at: CGPoint(x: 120, y: 300), color: .red)`) in either language's code.
/// `WIDTHxHEIGHT` is a size or a point (`at: 120x300`) and a bare colour name a colour
/// (`color: red`); a bare name (`start`, Objective-C's `setSelected:`) gives no arguments.
struct CallRequest {
    /// As written.
    var text: String
    /// The method's base name.
    var name: String
    /// The argument labels given, for matching a method (nil: only a name was given).
    var labels: [String?]?
    /// The arguments given, in order.
    var arguments: [Argument]

    init(_ text: String) {
        self.text = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else {
            name = String(trimmed.prefix { $0 != ":" && $0 != " " })
            labels = nil
            arguments = []
            return
        }
        name = String(trimmed[..<open]).trimmingCharacters(in: .whitespaces)
        if case .call(_, let given)? = SwiftReader.callExpression(Self.expandingSizes(trimmed))?.kind {
            arguments = given
            labels = given.map(\.label)
        } else {
            arguments = [
                Argument(
                    label: nil,
                    value: Expr(
                        .unsupported("--call \(text): the arguments are not a Swift call's"), at: SourcePosition(line: 1, column: 1)))
            ]
            labels = nil
        }
    }

    /// `120x300` as `CGSize(width: 120, height: 300)`.
    static func expandingSizes(_ text: String) -> String {
        guard
            let pattern = try? NSRegularExpression(
                pattern: "(?<![A-Za-z0-9_.])([0-9]+(?:\\.[0-9]+)?)x([0-9]+(?:\\.[0-9]+)?)(?![A-Za-z0-9_.])")
        else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return pattern.stringByReplacingMatches(in: text, range: range, withTemplate: "CGSize(width: $1, height: $2)")
    }
}
