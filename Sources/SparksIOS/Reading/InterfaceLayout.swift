import SparksCore

/// Where Auto Layout puts an interface file's views on the device the import draws for: each
/// view's edges, centre and size from its equality constraints to its superview (its margins
/// and safe area), to siblings placed before it and to its own aspect ratio, parents before
/// children; an axis the constraints leave open keeps the frame the file stores. This is the
/// usual shape of demo apps' constraints (pinned edges, centred fixed sizes, aspect ratios),
/// not a full solver: inequalities and priorities below required decide nothing here.
extension InterfaceFile.Scene {
    /// The scene with every view's `frame` (in the root view) laid out for a root of `size`.
    func laidOut(in size: Size) -> InterfaceFile.Scene {
        guard let rootID, views[rootID] != nil else { return self }
        var scene = self
        // A notched phone's safe area (taller than 736 points) or a status bar's.
        let safeTop = size.height > 736 ? 47.0 : 20.0
        let safeBottom = size.height > 736 ? 34.0 : 0
        // Each view's constraints, the required ones first.
        var byView: [String: [InterfaceFile.Constraint]] = [:]
        for c in constraints.sorted(by: { $0.priority > $1.priority }) {
            byView[c.first, default: []].append(c)
            if let second = c.second, second != c.first { byView[second, default: []].append(c) }
        }
        var local: [String: Rect] = [rootID: Rect(x: 0, y: 0, width: size.width, height: size.height)]
        var queue = [rootID]
        var visited = 0
        while !queue.isEmpty, visited < 10_000 {
            let parent = queue.removeFirst()
            visited += 1
            guard let parentFrame = local[parent] else { continue }
            for child in views[parent]?.subviews ?? [] {
                let bounds = Size(width: parentFrame.size.width, height: parentFrame.size.height)
                local[child] = frame(
                    of: child, in: parent, bounds: bounds, constraints: byView[child] ?? [], placed: local,
                    safeArea: parent == rootID ? (safeTop, safeBottom) : (0, 0))
                queue.append(child)
            }
        }
        // Frames in the root view: each origin added up through its superviews.
        for id in views.keys {
            guard var rect = local[id] else { continue }
            var parent = views[id]?.parent
            var depth = 0
            while let p = parent, p != rootID, let f = local[p], depth < 256 {
                rect.origin.x += f.origin.x
                rect.origin.y += f.origin.y
                parent = views[p]?.parent
                depth += 1
            }
            scene.views[id]?.frame = id == rootID ? local[id]! : rect
        }
        return scene
    }

    /// One view's frame in its superview.
    private func frame(
        of id: String, in parent: String, bounds: Size, constraints: [InterfaceFile.Constraint], placed: [String: Rect],
        safeArea: (top: Double, bottom: Double)
    ) -> Rect {
        let stored = views[id]?.storedFrame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        var known: [String: Double] = [:]
        var aspect: (multiplier: Double, constant: Double, widthFromHeight: Bool)?
        let margin = parent == rootID ? 16.0 : 8.0
        /// An attribute of another item, in the parent's coordinates.
        func value(of item: String?, _ attribute: String?) -> Double? {
            guard let item, let attribute else { return 0 }
            let isParent = item == parent || guides[item] == parent
            let guide = guides[item] == parent
            if isParent {
                let (w, h) = (bounds.width, bounds.height)
                switch attribute {
                case "leading", "left": return 0
                case "leadingMargin", "leftMargin": return margin
                case "trailing", "right": return w
                case "trailingMargin", "rightMargin": return w - margin
                case "centerX", "centerXWithinMargins": return w / 2
                case "width": return w
                case "top": return guide ? safeArea.top : 0
                case "topMargin": return max(margin, safeArea.top)
                case "bottom": return guide ? h - safeArea.bottom : h
                case "bottomMargin": return h - max(margin, safeArea.bottom)
                case "centerY", "centerYWithinMargins": return guide ? (safeArea.top + h - safeArea.bottom) / 2 : h / 2
                case "height": return guide ? h - safeArea.top - safeArea.bottom : h
                default: return nil
                }
            }
            guard let r = placed[item], views[item]?.parent == parent else { return nil }
            switch attribute {
            case "leading", "left", "leadingMargin", "leftMargin": return r.origin.x
            case "trailing", "right", "trailingMargin", "rightMargin": return r.origin.x + r.size.width
            case "centerX", "centerXWithinMargins": return r.origin.x + r.size.width / 2
            case "width": return r.size.width
            case "top", "topMargin": return r.origin.y
            case "bottom", "bottomMargin": return r.origin.y + r.size.height
            case "centerY", "centerYWithinMargins": return r.origin.y + r.size.height / 2
            case "height": return r.size.height
            default: return nil
            }
        }
        func edge(_ attribute: String) -> String {
            attribute.replacingOccurrences(of: "Margin", with: "").replacingOccurrences(of: "WithinMargins", with: "")
                .replacingOccurrences(of: "left", with: "leading").replacingOccurrences(of: "right", with: "trailing")
        }
        for c in constraints where c.first == id || c.second == id {
            if c.first == id, c.second == id, let second = c.secondAttribute {
                // An aspect ratio: width = height × m + c, or the other way.
                if edge(c.firstAttribute) == "width", second == "height" {
                    aspect = (c.multiplier, c.constant, true)
                } else if edge(c.firstAttribute) == "height", second == "width", c.multiplier != 0 {
                    aspect = (1 / c.multiplier, -c.constant / c.multiplier, true)
                }
                continue
            }
            if c.first == id, let other = value(of: c.second, c.secondAttribute) {
                let key = edge(c.firstAttribute)
                if known[key] == nil { known[key] = c.second == nil ? c.constant : other * c.multiplier + c.constant }
            } else if c.second == id, let secondAttribute = c.secondAttribute, c.multiplier != 0,
                let other = value(of: c.first, c.firstAttribute)
            {
                let key = edge(secondAttribute)
                if known[key] == nil { known[key] = (other - c.constant) / c.multiplier }
            }
        }
        func size(_ lead: String, _ trail: String, _ center: String, _ length: String) -> Double? {
            if let l = known[length] { return l }
            if let a = known[lead], let b = known[trail] { return b - a }
            if let a = known[lead], let m = known[center] { return 2 * (m - a) }
            if let b = known[trail], let m = known[center] { return 2 * (b - m) }
            return nil
        }
        var width = size("leading", "trailing", "centerX", "width")
        var height = size("top", "bottom", "centerY", "height")
        if let aspect {
            if width == nil, let h = height { width = h * aspect.multiplier + aspect.constant }
            if height == nil, let w = width, aspect.multiplier != 0 { height = (w - aspect.constant) / aspect.multiplier }
        }
        let w = max(0, width ?? stored.size.width), h = max(0, height ?? stored.size.height)
        func origin(_ lead: String, _ trail: String, _ center: String, length: Double, stored: Double) -> Double {
            if let a = known[lead] { return a }
            if let b = known[trail] { return b - length }
            if let m = known[center] { return m - length / 2 }
            return stored
        }
        return Rect(
            x: origin("leading", "trailing", "centerX", length: w, stored: stored.origin.x),
            y: origin("top", "bottom", "centerY", length: h, stored: stored.origin.y), width: w, height: h)
    }
}
