/// Where a layer's image is drawn in its bounds: `contentsGravity` places it, `contentsRect`
/// picks the part of the image, and `contentsCenter` splits a resized image into up to nine
/// pieces whose edges keep their natural size.
struct ContentsLayout {
    /// The layer's bounds.
    var bounds: Rect
    /// The part of the image, unit coordinates.
    var contentsRect: Rect
    /// The stretchable part, unit coordinates of `contentsRect`.
    var contentsCenter: Rect
    /// The image's natural size in points (pixels × contentsRect size / contentsScale).
    var naturalSize: Size
    var gravity: ContentsGravity
    /// Whether the gravity's top and bottom mean the largest and smallest y (see
    /// `CoreAnimationChoices.gravityTopIsLargestY`).
    var topIsLargestY: Bool

    /// The rectangle the image fills, in the layer's coordinates.
    var drawnRect: Rect {
        let w = naturalSize.width, h = naturalSize.height
        let b = bounds
        switch gravity {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let sx = b.size.width / w, sy = b.size.height / h
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return Rect(x: b.midX - w * s / 2, y: b.midY - h * s / 2, width: w * s, height: h * s)
        default:
            // -1: the smaller coordinate's edge, 0: centred, 1: the larger coordinate's edge.
            let (horizontal, vertical): (Double, Double) =
                switch gravity {
                case .top: (0, -1)
                case .bottom: (0, 1)
                case .left: (-1, 0)
                case .right: (1, 0)
                case .topLeft: (-1, -1)
                case .topRight: (1, -1)
                case .bottomLeft: (-1, 1)
                case .bottomRight: (1, 1)
                default: (0, 0)
                }
            let v = topIsLargestY ? -vertical : vertical
            return Rect(
                x: b.midX - w / 2 + horizontal * (b.size.width - w) / 2, y: b.midY - h / 2 + v * (b.size.height - h) / 2, width: w,
                height: h)
        }
    }

    /// Calls `body` with each piece: the rectangle it fills (layer coordinates) and its part of
    /// the image (unit coordinates); one piece unless a resized image has a `contentsCenter`.
    func forEachPiece(_ body: (Rect, Rect) -> Void) {
        let drawn = drawnRect
        let resizes = gravity == .resize || gravity == .resizeAspect || gravity == .resizeAspectFill
        let c = contentsCenter
        guard resizes, c != .unit, naturalSize.width > 0, naturalSize.height > 0 else {
            body(drawn, contentsRect)
            return
        }
        let x = Axis(
            start: drawn.origin.x, length: drawn.size.width, natural: naturalSize.width, centreStart: c.origin.x, centreLength: c.size.width
        )
        let y = Axis(
            start: drawn.origin.y, length: drawn.size.height, natural: naturalSize.height, centreStart: c.origin.y,
            centreLength: c.size.height)
        let r = contentsRect
        for column in 0..<3 {
            let (px, w, u0, u1) = x.piece(column)
            guard w > 0 else { continue }
            for row in 0..<3 {
                let (py, h, v0, v1) = y.piece(row)
                guard h > 0 else { continue }
                body(
                    Rect(x: px, y: py, width: w, height: h),
                    Rect(
                        x: r.origin.x + u0 * r.size.width, y: r.origin.y + v0 * r.size.height,
                        width: (u1 - u0) * r.size.width, height: (v1 - v0) * r.size.height))
            }
        }
    }

    /// One direction of a nine-part image: the fixed part before the stretchable centre, the
    /// centre, and the fixed part after it. Fixed parts keep their natural size, shrunk together
    /// when the drawn length is smaller than both.
    private struct Axis {
        var start: Double, before: Double, middle: Double, after: Double, t0: Double, t1: Double

        init(start: Double, length: Double, natural: Double, centreStart: Double, centreLength: Double) {
            t0 = min(max(centreStart, 0), 1)
            t1 = min(max(centreStart + centreLength, t0), 1)
            let fixedBefore = t0 * natural, fixedAfter = (1 - t1) * natural
            let fit = fixedBefore + fixedAfter > length && fixedBefore + fixedAfter > 0 ? length / (fixedBefore + fixedAfter) : 1
            self.start = start
            before = fixedBefore * fit
            after = fixedAfter * fit
            middle = max(0, length - before - after)
        }

        /// Piece `i` (0, 1, 2): where it starts, its length, and its part of the image.
        func piece(_ i: Int) -> (Double, Double, Double, Double) {
            switch i {
            case 0: (start, before, 0, t0)
            case 1: (start + before, middle, t0, t1)
            default: (start + before + middle, after, t1, 1)
            }
        }
    }
}
