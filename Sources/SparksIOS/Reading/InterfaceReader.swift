import Foundation
import SparksCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What a storyboard or xib (Interface Builder's XML, read with Foundation's XML parser) says
/// about the views the code does not build: each view controller's view (its size and
/// background) and the views its outlets name (class, frame in the controller's view,
/// background). A demo app's interface sets what its code leaves out, and captures show it.
struct InterfaceFile {
    /// A view the interface places: its UIKit class, its frame in the controller's root view
    /// (the frames Interface Builder stores, for the device the file was laid out on), its
    /// background.
    struct View: Sendable {
        var className: String
        var frame: Rect
        var background: Color?
    }

    /// One view controller scene: its root view and the views its outlets name, by property.
    struct Scene: Sendable {
        var root: View?
        var outlets: [String: View] = [:]
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
        switch attributes["systemColor"] {
        case "systemBackgroundColor", "whiteColor": return .white
        case "blackColor": return .black
        case "clearColor": return .clear
        case "systemGroupedBackgroundColor": return Color(red: 0.949, green: 0.949, blue: 0.969)
        default: return nil
        }
    }

    /// The UIKit class of an element: its custom class, or `UI` and the element's name
    /// (`imageView` is UIImageView, `slider` UISlider).
    static func className(element: String, attributes: [String: String]) -> String {
        if let custom = attributes["customClass"] { return custom }
        return "UI" + element.prefix(1).uppercased() + element.dropFirst()
    }

    /// Follows the elements: the view controller open (and its class); the views of its scene
    /// as a stack (the root `<view key="view">`, then each element directly inside a
    /// `<subviews>`), each frame added to its superview's origin; its outlet connections.
    private final class Reader: NSObject, XMLParserDelegate {
        var scenes: [String: InterfaceFile.Scene] = [:]
        private var depth = 0
        private var controller: (name: String, depth: Int)?
        private var views: [String: InterfaceFile.View] = [:]
        private var outlets: [String: String] = [:]
        private var rootID: String?
        /// The views open, innermost last: id, depth, origin in the root view.
        private var open: [(id: String, depth: Int, origin: Point)] = []
        private var subviewsDepths: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            depth += 1
            if element.hasSuffix("Controller"), let name = attributes["customClass"] {
                controller = (name, depth)
                views = [:]
                outlets = [:]
                rootID = nil
                open = []
                subviewsDepths = []
                return
            }
            guard let controller else { return }
            let isRoot = rootID == nil && attributes["key"] == "view" && depth == controller.depth + 1
            let isSubview = subviewsDepths.last == depth - 1
            if isRoot || isSubview, let id = attributes["id"] {
                if isRoot { rootID = id }
                views[id] = InterfaceFile.View(
                    className: InterfaceFile.className(element: element, attributes: attributes),
                    frame: Rect(x: 0, y: 0, width: 0, height: 0))
                open.append((id, depth, open.last?.origin ?? Point(x: 0, y: 0)))
            } else if let view = open.last, depth == view.depth + 1 {
                switch element {
                case "subviews": subviewsDepths.append(depth)
                case "rect" where attributes["key"] == "frame":
                    func n(_ key: String) -> Double { attributes[key].flatMap(Double.init) ?? 0 }
                    let parent = open.count > 1 ? open[open.count - 2].origin : Point(x: 0, y: 0)
                    // The root view's own frame places it in the window; its subviews are in its bounds.
                    let origin = view.id == rootID ? parent : Point(x: parent.x + n("x"), y: parent.y + n("y"))
                    open[open.count - 1].origin = origin
                    views[view.id]?.frame = Rect(x: origin.x, y: origin.y, width: n("width"), height: n("height"))
                case "color" where attributes["key"] == "backgroundColor":
                    views[view.id]?.background = InterfaceFile.color(attributes)
                default: break
                }
            } else if element == "outlet", depth == controller.depth + 2, let property = attributes["property"],
                let destination = attributes["destination"]
            {
                outlets[property] = destination
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if let view = open.last, view.depth == depth { open.removeLast() }
            if subviewsDepths.last == depth { subviewsDepths.removeLast() }
            if let controller, depth == controller.depth {
                var scene = InterfaceFile.Scene(root: rootID.flatMap { views[$0] })
                for (property, id) in outlets {
                    if let view = views[id] { scene.outlets[property] = view }
                }
                scenes[controller.name] = scene
                self.controller = nil
            }
            depth -= 1
        }
    }
}
