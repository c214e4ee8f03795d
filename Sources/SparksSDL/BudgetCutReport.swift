import SparksCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Says once, on standard error, that the covered-pixel budget left something out of a frame:
/// the first frame it happened in, the layer, and how to draw it all (for `sparks run`,
/// `render` and `bench`, whose option raises the budget).
public struct BudgetCutReport {
    private(set) var said = false

    /// A report that has said nothing yet.
    public init() {}

    /// Says `cut` at scene time `time`, the first time there is one.
    public mutating func note(_ cut: DrawBudgetCut?, at time: Double) {
        guard let cut, !said else { return }
        said = true
        let message = "at t = \(NumberText.fixed(time, decimals: 2)) s, \(cut); raise --max-covered-pixels to draw it all (said once)\n"
        StandardStream.error.write(message)
    }
}
