/// Numbers as people read them in messages and the HUD, without Foundation's `String(format:)`
/// (the library links Foundation's essentials only, not its internationalisation and ICU).
public enum NumberText {
    /// `value` rounded to `decimals` places after the point, always that many: "3.20", "-0.5".
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        let places = min(max(decimals, 0), 9)
        var scale: Double = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(Int64(value.rounded())) }
        let units = Int64(scaled), power = Int64(scale)
        let whole = String(units / power)
        let sign = value < 0 && units != 0 ? "-" : ""
        guard places > 0 else { return sign + whole }
        let fraction = String(units % power)
        return sign + whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// The shortest text that reads back as `value`, without a trailing ".0": "2", "1.5", "0.25".
    public static func shortest(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
