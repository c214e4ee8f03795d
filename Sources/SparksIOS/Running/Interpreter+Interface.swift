import SparksCore

/// A view controller's views as its storyboard or xib makes them when UIKit loads its view:
/// every view of the scene, of the files' class where it names one (its `init(coder:)` run,
/// then the user-defined runtime attributes and `IBInspectable` values set, then
/// `awakeFromNib()`), at the frame Auto Layout gives it, added to its superview; the
/// controller's outlets are those views.
extension Interpreter {
    func loadInterface(of controller: Object, _ className: String, at position: SourcePosition) throws(Exhausted) {
        guard let (scene, file) = interfaces[className], let root = scene.root, let hostLayer = hostView.layer else { return }
        var made: [String: Object] = [:]
        var awaking: [Object] = []
        // The root view: the host view, or a view of the files' class filling it.
        if root.isCustomClass, let rootType = typeDecl(named: root.className), inheritsView(rootType).isView {
            let view = try decode(rootType, frame: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height), at: position)
            try addSubview(view, to: hostLayer, at: hostLayer.sublayers.count, position: position)
            controller.fields["view"] = .object(view)
            made[root.id] = view
            awaking.append(view)
        } else {
            made[root.id] = hostView
        }
        try setAttributes(root, on: made[root.id]!, at: position)
        var queue = [root.id]
        var count = 0
        while !queue.isEmpty, count < Self.maxCollection {
            let parentID = queue.removeFirst()
            guard let parent = made[parentID], let parentLayer = parent.viewLayer, let parentFrame = scene.views[parentID]?.frame
            else { continue }
            for id in scene.views[parentID]?.subviews ?? [] {
                guard let v = scene.views[id] else { continue }
                count += 1
                let local = Rect(
                    x: v.frame.origin.x - (parentID == root.id ? 0 : parentFrame.origin.x),
                    y: v.frame.origin.y - (parentID == root.id ? 0 : parentFrame.origin.y), width: v.frame.size.width,
                    height: v.frame.size.height)
                let object: Object
                if v.isCustomClass, let viewType = typeDecl(named: v.className), inheritsView(viewType).isView {
                    object = try decode(viewType, frame: local, at: position)
                    awaking.append(object)
                } else {
                    object = newObject(kind: .view, className: v.className, madeAt: position, file: file)
                    object.layer = newObject(kind: .layer(.layer), className: "CALayer", madeAt: position, file: file)
                    setFrame(object.layer!, local)
                    // UIKit draws a label's or control's pixels: left out when no layer code draws into it.
                    object.layer?.fields[Self.standInMark] = .bool(true)
                }
                if let image = v.image {
                    try reporting(at: position) { try setProperty(of: object, "image", .image(image), at: position) }
                }
                object.layer?.nameHint = scene.outletIDs.first { $0.value == id }?.key ?? v.className
                if let background = v.background { object.layer?.state.layer.backgroundColor = background }
                if let alpha = v.alpha { object.layer?.state.layer.opacity = alpha }
                if v.hidden { object.layer?.state.layer.isHidden = true }
                try addSubview(object, to: parentLayer, at: parentLayer.sublayers.count, position: position)
                try setAttributes(v, on: object, at: position)
                made[id] = object
                queue.append(id)
            }
        }
        for view in awaking {
            guard let viewType = view.declaredType, let (owner, method) = method("awakeFromNib", labels: [], isStatic: false, in: viewType)
            else { continue }
            try reporting(at: position) { _ = try run(method, of: owner, on: view, [], at: position) }
        }
        for (property, id) in scene.outletIDs.sorted(by: { $0.key < $1.key }) where property != "view" {
            if let view = made[id] { controller.fields[property] = .object(view) }
        }
        if count > 0 {
            let custom = awaking.map(\.className)
            note(
                "\(file) makes \(className)'s \(count) view\(count == 1 ? "" : "s")"
                    + (custom.isEmpty ? "" : " (\(Set(custom).sorted().joined(separator: ", ")) of the files, awoken from the file)")
                    + ", placed as Auto Layout places them on a \(PresetNumber.text(canvas.width))×\(PresetNumber.text(canvas.height)) screen",
                at: position)
        }
    }

    /// A view of the files' class as a storyboard makes it: its frame, then `init(coder:)`
    /// (`-initWithCoder:`).
    private func decode(_ type: TypeDecl, frame: Rect, at position: SourcePosition) throws(Exhausted) -> Object {
        let object = newObject(kind: .instance(type), className: type.name, madeAt: position, file: fileOf(type) ?? file)
        object.layer = try viewLayer(of: type, at: position)
        setFrame(object.layer!, frame)
        if let (owner, decl) = method("init", labels: ["coder"], isStatic: false, in: type) {
            try reporting(at: position) { _ = try run(decl, of: owner, on: object, [.null], at: position) }
        }
        return object
    }

    /// The runtime attributes and inspectable values the file sets on a view, by key path
    /// (`radarColor`, `layer.cornerRadius`), as UIKit sets them with `setValue(_:forKeyPath:)`.
    private func setAttributes(_ view: InterfaceFile.View, on object: Object, at position: SourcePosition) throws(Exhausted) {
        for (keyPath, attribute) in view.attributes {
            let value: Value =
                switch attribute {
                case .number(let n): .number(n)
                case .bool(let b): .bool(b)
                case .string(let s): .string(s)
                case .color(let c): .color(c)
                case .size(let s): .size(s)
                case .point(let p): .point(p)
                case .rect(let r): .rect(r)
                case .image(let name): .image(name)
                case .null: .null
                }
            try reporting(at: position) {
                let parts = keyPath.split(separator: ".").map(String.init)
                var target = object
                for part in parts.dropLast() {
                    guard case .object(let next) = try property(of: target, part, at: position) else {
                        throw Skip(reason: "the interface sets \(keyPath), whose \(part) is not an object here", at: position)
                    }
                    target = next
                }
                try setProperty(of: target, parts.last ?? keyPath, value, at: position)
            }
        }
    }

    /// Runs `body`, reporting what it skips; only running out of budget stops the import.
    func reporting(at position: SourcePosition, _ body: () throws -> Void) throws(Exhausted) {
        do {
            try body()
        } catch let error as Exhausted {
            throw error
        } catch {
            report(.skipped, (error as? Skip)?.reason ?? "\(error)", at: (error as? Skip)?.at ?? position)
        }
    }
}
