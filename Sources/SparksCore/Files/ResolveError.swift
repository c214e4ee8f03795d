/// Why a resource name could not be resolved.
public struct ResolveError: Error, Sendable {
    /// The reason.
    public var message: String
    /// A close existing file name.
    public var suggestion: String?
}
