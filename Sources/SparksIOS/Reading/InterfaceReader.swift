import Foundation
import SparksCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What a storyboard or xib (Interface Builder's XML, read with Foundation's XML parser) says
/// about each view controller's views: the tree of views its root view holds (class, frame,
/// background, alpha, the user-defined runtime attributes and `IBInspectable` values set on
/// each), the Auto Layout constraints between them, and the views its outlets name. A demo
/// app's interface makes what its code leaves out, and captures show it.
struct InterfaceFile {
    /// A value Interface Builder sets on a view by key path (`IBInspectable` values and
    /// user-defined runtime attributes).
    enum AttributeValue: Sendable {
        case number(Double)
        case bool(Bool)
        case string(String)
        case color(Color)
        case size(Size)
        case point(Point)
        case rect(Rect)
        case image(String)
        case null
    }

    /// A view the interface places: its UIKit class (or the files' class it names), its frame
    /// in the controller's root view (as stored for the device the file was laid out on, then
    /// as Auto Layout places it on the device the import draws for), and what the file sets.
    struct View: Sendable {
        var id: String
        var className: String
        /// Whether the class is a custom one (`customClass`): the files' class, when they have it.
        var isCustomClass = false
        var frame: Rect
        /// The frame in its superview, as stored.
        var storedFrame = Rect(x: 0, y: 0, width: 0, height: 0)
        var background: Color?
        /// The image an image view shows (`image="heart"`).
        var image: String?
        var alpha: Double?
        var hidden = false
        var attributes: [(keyPath: String, value: AttributeValue)] = []
        var subviews: [String] = []
        var parent: String?
    }

    /// `first.firstAttribute = second.secondAttribute × multiplier + constant` (an item left
    /// out is the view holding the constraint for the first, nothing for the second).
    struct Constraint: Sendable {
        var first: String
        var firstAttribute: String
        var second: String?
        var secondAttribute: String?
        var multiplier: Double
        var constant: Double
        var priority: Double
    }

    /// One view controller scene: its root view, every view by id, the constraints, and the
    /// views its outlets name, by property.
    struct Scene: Sendable {
        var rootID: String?
        var views: [String: View] = [:]
        var constraints: [Constraint] = []
        var outletIDs: [String: String] = [:]
        /// Layout guides (the safe area) by id, and the view each belongs to.
        var guides: [String: String] = [:]

        var root: View? { rootID.flatMap { views[$0] } }
        var outlets: [String: View] { outletIDs.compactMapValues { views[$0] } }
    }

    /// The scenes by the controller's custom class.
    var scenes: [String: Scene] = [:]

    static func read(_ text: String) -> InterfaceFile {
        let reader = Reader()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = reader
        _ = parser.parse()
        return InterfaceFile(scenes: reader.scenes)
    }

    /// Whether `name` is an interface file by its extension.
    static func isInterface(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".storyboard") || lowered.hasSuffix(".xib")
    }

    /// A colour element's value: `white`/`alpha`, `red`/`green`/`blue`/`alpha`, or a system
    /// colour as light mode shows it.
    static func color(_ attributes: [String: String]) -> Color? {
        func n(_ key: String) -> Double? { attributes[key].flatMap(Double.init) }
        let alpha = n("alpha") ?? 1
        if let white = n("white") { return Color(red: white, green: white, blue: white, alpha: alpha) }
        if let r = n("red"), let g = n("green"), let b = n("blue") { return Color(red: r, green: g, blue: b, alpha: alpha) }
        switch attributes["systemColor"] ?? attributes["name"] {
        case "systemBackgroundColor", "whiteColor", "white": return .white
        case "blackColor", "black", "labelColor", "darkTextColor": return .black
        case "clearColor": return .clear
        case "systemGroupedBackgroundColor", "groupTableViewBackgroundColor": return Color(red: 0.949, green: 0.949, blue: 0.969)
        case "systemBlueColor", "keyboardFocusIndicatorColor", "alternateSelectedControlColor", "selectedControlColor":
            return Color(red: 0, green: 0.478, blue: 1)
        case "systemRedColor": return Color(red: 1, green: 0.231, blue: 0.188)
        case "systemGreenColor": return Color(red: 0.204, green: 0.78, blue: 0.349)
        case "systemOrangeColor": return Color(red: 1, green: 0.584, blue: 0)
        case "systemYellowColor": return Color(red: 1, green: 0.8, blue: 0)
        case "systemPinkColor": return Color(red: 1, green: 0.176, blue: 0.333)
        case "systemPurpleColor": return Color(red: 0.686, green: 0.322, blue: 0.871)
        case "systemGrayColor", "secondaryLabelColor": return Color(red: 0.557, green: 0.557, blue: 0.576)
        case "darkGrayColor": return Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3)
        case "lightGrayColor": return Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3)
        default: return nil
        }
    }

    /// The UIKit class of an element: its custom class, or `UI` and the element's name
    /// (`imageView` is UIImageView, `slider` UISlider).
    static func className(element: String, attributes: [String: String]) -> String {
        if let custom = attributes["customClass"] { return custom }
        return "UI" + element.prefix(1).uppercased() + element.dropFirst()
    }

    /// Whether a size-class variation applies to an iPhone in portrait (compact width, regular height).
    static func isPortraitPhone(_ variation: String) -> Bool {
        !variation.contains("widthClass=regular") && !variation.contains("heightClass=compact")
    }

    /// Follows the elements: the view controller open (and its class); the views of its scene
    /// as a stack (the root `<view key="view">`, then each element directly inside a
    /// `<subviews>`); their frames, colours, runtime attributes and constraints; its outlet
    /// connections. A xib's File's Owner of a custom class is read as its controller.
    private final class Reader: NSObject, XMLParserDelegate {
        var scenes: [String: InterfaceFile.Scene] = [:]
        private var depth = 0
        private var controller: (name: String, depth: Int)?
        private var scene = InterfaceFile.Scene()
        /// The views open, innermost last: id, depth, origin in the root view.
        private var open: [(id: String, depth: Int, origin: Point)] = []
        private var subviewsDepths: [Int] = []
        /// The runtime attribute being read: its view, key path, type and depth.
        private var attribute: (view: String, keyPath: String, type: String, depth: Int)?
        /// Constraints excluded and included by size-class variations (for a portrait iPhone).
        private var excluded = Set<String>()
        private var included = Set<String>()
        private var constraintIDs: [String?] = []
        private var variation: (key: String, depth: Int)?
        /// A xib's top-level views, for a File's Owner whose `view` outlet names one.
        private var xibOwner: String?
        private var xibOutlets: [String: String] = [:]

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            depth += 1
            // A controller of the files' class, or UIKit's own (a plain UIViewController whose
            // views are the files' classes), by that name.
            if element.hasSuffix("Controller"), controller == nil {
                begin(attributes["customClass"] ?? InterfaceFile.className(element: element, attributes: attributes))
                return
            }
            if element == "placeholder", attributes["placeholderIdentifier"] == "IBFilesOwner", let name = attributes["customClass"] {
                xibOwner = name
                begin(name)
                controller = (name, 1)
                return
            }
            guard controller != nil else { return }
            if let attribute, depth == attribute.depth + 1, attributes["key"] == "value" {
                addAttribute(attribute, element: element, attributes)
                return
            }
            if element == "variation", let key = attributes["key"] {
                variation = (key, depth)
                return
            }
            if let variation, element == "exclude" || element == "include", let reference = attributes["reference"] {
                if variation.key == "default", element == "exclude" { excluded.insert(reference) }
                if variation.key != "default", InterfaceFile.isPortraitPhone(variation.key) {
                    if element == "include" { included.insert(reference) } else { excluded.insert(reference) }
                }
                return
            }
            if element == "outlet", let property = attributes["property"], let destination = attributes["destination"] {
                // The controller's outlets (a xib's File's Owner's come in its connections).
                if open.isEmpty { scene.outletIDs[property] = destination }
                return
            }
            let isRoot = scene.rootID == nil && open.isEmpty && (attributes["key"] == "view" || xibOwner != nil && isViewElement(element))
            let isSubview = subviewsDepths.last == depth - 1
            if isRoot || isSubview, let id = attributes["id"] {
                if isRoot { scene.rootID = id }
                var view = InterfaceFile.View(
                    id: id, className: InterfaceFile.className(element: element, attributes: attributes),
                    frame: Rect(x: 0, y: 0, width: 0, height: 0))
                view.isCustomClass = attributes["customClass"] != nil
                if element == "imageView" { view.image = attributes["image"] }
                view.hidden = attributes["hidden"] == "YES"
                view.alpha = attributes["alpha"].flatMap(Double.init)
                view.parent = open.last?.id
                if let parent = open.last?.id { scene.views[parent]?.subviews.append(id) }
                scene.views[id] = view
                open.append((id, depth, open.last?.origin ?? Point(x: 0, y: 0)))
                return
            }
            guard let view = open.last else { return }
            if depth == view.depth + 1 {
                switch element {
                case "subviews": subviewsDepths.append(depth)
                case "rect" where attributes["key"] == "frame":
                    func n(_ key: String) -> Double { attributes[key].flatMap(Double.init) ?? 0 }
                    let parent = open.count > 1 ? open[open.count - 2].origin : Point(x: 0, y: 0)
                    // The root view's own frame places it in the window; its subviews are in its bounds.
                    let origin = view.id == scene.rootID ? parent : Point(x: parent.x + n("x"), y: parent.y + n("y"))
                    open[open.count - 1].origin = origin
                    // (Values worked out first: an optional chain's assignment reads them inside its access.)
                    let isRoot = view.id == scene.rootID
                    let stored = Rect(x: isRoot ? 0 : n("x"), y: isRoot ? 0 : n("y"), width: n("width"), height: n("height"))
                    scene.views[view.id]?.frame = Rect(x: origin.x, y: origin.y, width: n("width"), height: n("height"))
                    scene.views[view.id]?.storedFrame = stored
                case "color" where attributes["key"] == "backgroundColor":
                    scene.views[view.id]?.background = InterfaceFile.color(attributes)
                case "viewLayoutGuide":
                    if let id = attributes["id"] { scene.guides[id] = view.id }
                default: break
                }
            } else if depth == view.depth + 2, element == "userDefinedRuntimeAttribute", let keyPath = attributes["keyPath"] {
                let type = attributes["type"] ?? "string"
                attribute = (view.id, keyPath, type, depth)
                // Simple values are the element's own attribute.
                let text = attributes["value"]
                switch type {
                case "boolean": addValue(.bool(text == "YES"))
                case "string", "localizedString": if let text { addValue(.string(text)) }
                case "image": if let text { addValue(.image(text)) }
                case "nil": addValue(.null)
                case "number": if let n = text.flatMap(Double.init) { addValue(.number(n)) }
                default: break
                }
            } else if depth == view.depth + 2, element == "constraint" {
                readConstraint(attributes, holder: view.id)
            }
        }

        private func isViewElement(_ element: String) -> Bool {
            ["view", "imageView", "button", "label", "tableView", "collectionView", "scrollView", "stackView"].contains(element)
        }

        private func begin(_ name: String) {
            controller = (name, depth)
            scene = InterfaceFile.Scene()
            open = []
            subviewsDepths = []
            excluded = []
            included = []
            constraintIDs = []
        }

        private func addValue(_ value: InterfaceFile.AttributeValue) {
            guard let attribute else { return }
            scene.views[attribute.view]?.attributes.append((attribute.keyPath, value))
            self.attribute = nil
        }

        private func addAttribute(
            _ attribute: (view: String, keyPath: String, type: String, depth: Int), element: String, _ attributes: [String: String]
        ) {
            func n(_ key: String) -> Double { attributes[key].flatMap(Double.init) ?? 0 }
            switch element {
            case "color": if let c = InterfaceFile.color(attributes) { addValue(.color(c)) }
            case "size": addValue(.size(Size(width: n("width"), height: n("height"))))
            case "point": addValue(.point(Point(x: n("x"), y: n("y"))))
            case "rect": addValue(.rect(Rect(x: n("x"), y: n("y"), width: n("width"), height: n("height"))))
            case "real", "integer": addValue(.number(n("value")))
            default: break
            }
        }

        private func readConstraint(_ attributes: [String: String], holder: String) {
            guard let firstAttribute = attributes["firstAttribute"], (attributes["relation"] ?? "equal") == "equal" else { return }
            var multiplier = 1.0
            if let text = attributes["multiplier"] {
                let parts = text.split(separator: ":").compactMap { Double($0) }
                if parts.count == 2, parts[1] != 0 { multiplier = parts[0] / parts[1] } else if let m = parts.first { multiplier = m }
            }
            scene.constraints.append(
                InterfaceFile.Constraint(
                    first: attributes["firstItem"] ?? holder, firstAttribute: firstAttribute, second: attributes["secondItem"],
                    secondAttribute: attributes["secondAttribute"], multiplier: multiplier,
                    constant: attributes["constant"].flatMap(Double.init) ?? 0,
                    priority: attributes["priority"].flatMap(Double.init) ?? 1000))
            constraintIDs.append(attributes["id"])
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if let view = open.last, view.depth == depth { open.removeLast() }
            if subviewsDepths.last == depth { subviewsDepths.removeLast() }
            if let attribute, attribute.depth == depth { self.attribute = nil }
            if let variation, variation.depth == depth { self.variation = nil }
            if let controller, depth == controller.depth, xibOwner == nil || element == "objects" {
                finish(controller.name)
            }
            depth -= 1
        }

        func parserDidEndDocument(_ parser: XMLParser) {
            if let controller, xibOwner != nil { finish(controller.name) }
        }

        private func finish(_ name: String) {
            // Constraints a size-class variation leaves out of a portrait iPhone's layout go.
            scene.constraints = zip(scene.constraints, constraintIDs).filter { _, id in
                guard let id else { return true }
                return !excluded.contains(id) || included.contains(id)
            }.map(\.0)
            // A xib's File's Owner's view is the outlet `view` names.
            if xibOwner != nil, let viewID = scene.outletIDs["view"], scene.views[viewID] != nil { scene.rootID = viewID }
            if scenes[name] == nil || scenes[name]?.rootID == nil { scenes[name] = scene }
            controller = nil
            xibOwner = nil
        }
    }
}
