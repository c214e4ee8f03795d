/// How a layer's image is placed in its bounds (CALayerContentsGravity).
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    /// Stretched to fill the bounds (the default).
    case resize
    /// Scaled to fit inside the bounds, keeping its aspect ratio, centred.
    case resizeAspect
    /// Scaled to cover the bounds, keeping its aspect ratio, centred (it may spill over).
    case resizeAspectFill
    /// At its natural size, centred.
    case center
    /// At its natural size, centred against the top edge.
    case top
    /// At its natural size, centred against the bottom edge.
    case bottom
    /// At its natural size, centred against the left edge.
    case left
    /// At its natural size, centred against the right edge.
    case right
    /// At its natural size, in the top-left corner.
    case topLeft
    /// At its natural size, in the top-right corner.
    case topRight
    /// At its natural size, in the bottom-left corner.
    case bottomLeft
    /// At its natural size, in the bottom-right corner.
    case bottomRight
}
