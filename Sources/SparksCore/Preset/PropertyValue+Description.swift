extension PropertyValue: CustomStringConvertible {
    /// The value as a preset writes it: `150`, `true`, `"line"`, `[400, 300]`, `[1, 0.5, 0, 1]`,
    /// an image's name, `infinity` (what printing a value shows, not its storage).
    public var description: String {
        if case .number(let n) = self, n.isInfinite { return n > 0 ? "infinity" : "-infinity" }
        return PresetEncoder.value(self, kind: .bool).text(indent: 0)
    }
}
