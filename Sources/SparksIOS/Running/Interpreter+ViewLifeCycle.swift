import SparksCore

/// UIKit's life cycle of the views the files' classes make, as UIKit calls it: a view added to
/// a superview hears `willMove(toSuperview:)`, `willMove(toWindow:)`, `didMoveToWindow()` and
/// `didMoveToSuperview()` (the window ones once the view controller's view is in the window),
/// and a view whose size changed, that was added, or that asked with `setNeedsLayout()` runs
/// `layoutSubviews()` in the next layout pass (a layer of the files' class its
/// `layoutSublayers()`), top-down, at the end of a run-loop turn or at `layoutIfNeeded()`.
extension Interpreter {
    /// How many times one layout pass goes over the tree when layout changes sizes again.
    static let maxLayoutRounds = 4

    /// `addSubview(_:)` and its kind: the view is inserted into `parent` (a layer) at `index`,
    /// with the notifications UIKit sends around it.
    func addSubview(_ child: Object, to parent: Object, at index: Int, position: SourcePosition) throws(Exhausted) {
        guard let childLayer = child.viewLayer else { return }
        let wasShown = isShown(childLayer)
        let parentView = parent.ownerView.map(Value.object) ?? .null
        try lifeCycle(child, swift: "willMove", labels: ["toSuperview"], objc: "willMoveToSuperview", [parentView], at: position)
        childLayer.superlayer?.sublayers.removeAll { $0 === childLayer }
        parent.insert(childLayer, at: min(max(0, index), parent.sublayers.count))
        appears(childLayer, wasShown: wasShown, at: position)
        if viewsInWindow, isShown(childLayer) { try enterWindow(childLayer, at: position) }
        try lifeCycle(child, swift: "didMoveToSuperview", labels: [], objc: "didMoveToSuperview", [], at: position)
        childLayer.needsLayout = true
    }

    /// The host's view enters the window (before `viewDidAppear`): every view in it hears
    /// `willMove(toWindow:)` and `didMoveToWindow()`, once.
    func enterWindow(_ layer: Object, at position: SourcePosition) throws(Exhausted) {
        viewsInWindow = true
        var entering: [Object] = []
        forEachLayer(from: layer) { l in
            if let view = l.ownerView, !view.inWindow, view.declaredType != nil {
                view.inWindow = true
                entering.append(view)
            }
        }
        for view in entering {
            try lifeCycle(view, swift: "willMove", labels: ["toWindow"], objc: "willMoveToWindow", [.constant("UIWindow")], at: position)
        }
        for view in entering { try lifeCycle(view, swift: "didMoveToWindow", labels: [], objc: "didMoveToWindow", [], at: position) }
    }

    /// A layout pass over `root`'s tree: each layer that needs layout runs its view's
    /// `layoutSubviews()` (or its own class's `layoutSublayers()`), parents before children,
    /// again while layout changes sizes, at most ``maxLayoutRounds`` times.
    func layoutPass(from root: Object? = nil, at position: SourcePosition) throws(Exhausted) {
        guard let root = root ?? hostView.layer else { return }
        for _ in 0..<Self.maxLayoutRounds {
            try forEachLayer(from: root) { (layer: Object) throws(Exhausted) in
                guard layer.needsLayout else { return }
                layer.needsLayout = false
                if let view = layer.ownerView, view.declaredType != nil {
                    try lifeCycle(view, swift: "layoutSubviews", labels: [], objc: "layoutSubviews", [], at: position)
                }
                if layer.subclass != nil {
                    try lifeCycle(layer, swift: "layoutSublayers", labels: [], objc: "layoutSublayers", [], at: position)
                }
            }
            // Layout that changed sizes again lays out again.
            if !containsLayoutNeed(root) { return }
        }
    }

    /// The instance of the files' class `type` the code made last that is on screen (a view
    /// a controller added, a layer of the files' class), or nil.
    func shownInstance(of type: TypeDecl) -> Object? {
        objects.last { object in
            guard object.declaredType?.name == type.name else { return false }
            guard let layer = object.layerKind != nil ? object : object.viewLayer else { return false }
            // A view with no size yet (one Auto Layout would size) is not the one to run on.
            let size = layer.state.layer.bounds.size
            return isShown(layer) && (object.layerKind != nil || size.width >= 1 && size.height >= 1)
        }
    }

    /// A layer's size changed: its view lays its subviews out again in the next pass.
    func sizeChanged(_ layer: Object) {
        layer.needsLayout = true
    }

    private func containsLayoutNeed(_ root: Object) -> Bool {
        var found = false
        forEachLayer(from: root) { if $0.needsLayout, $0.ownerView?.declaredType != nil || $0.subclass != nil { found = true } }
        return found
    }

    /// Visits `root` and the layers below it, parents first, in order; a layer's sublayers are
    /// read after `body` ran on it (so those layout adds are visited too).
    private func forEachLayer<E: Error>(from root: Object, _ body: (Object) throws(E) -> Void) throws(E) {
        var pending = [root]
        var visited = 0
        while let layer = pending.popLast(), visited < Self.maxCollection {
            visited += 1
            try body(layer)
            pending += layer.sublayers.reversed()
        }
    }

    /// Runs the life-cycle method of the object's class (of the files) in its Swift or
    /// Objective-C spelling, if it has one; what it skips is reported and the rest goes on, as
    /// UIKit goes on after a view's override.
    private func lifeCycle(
        _ object: Object, swift: String, labels: [String?], objc: String, _ arguments: [Value], at position: SourcePosition
    ) throws(Exhausted) {
        guard let type = object.declaredType else { return }
        let spellings: [(String, [String?])] = [(swift, labels), (objc, arguments.map { _ in nil })]
        guard let (name, callLabels) = spellings.first(where: { method($0.0, labels: $0.1, isStatic: false, in: type) != nil }) else {
            return
        }
        try reporting(at: position) {
            _ = try callMethod(type, on: object, name: name, labels: callLabels, arguments: arguments, at: position)
        }
    }
}
