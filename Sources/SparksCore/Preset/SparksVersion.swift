/// The version of Sparks: of its library API, its preset format and its command.
///
/// Semantic versioning: the minor number grows with additions, the major number with changes
/// that break presets or the public API (before 1.0, the minor number does). CHANGELOG.md says
/// what each version changed.
public enum SparksVersion {
    /// `MAJOR.MINOR.PATCH`.
    public static let text = "0.10.0"
}
