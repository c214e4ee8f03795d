/// Words people use for a Core Animation option that is spelled otherwise, for the suggestion
/// when a preset's value is not an option: what the word means comes before what it is spelled
/// like (`ring` is a circle's outline, not `line`). Only suggested, never read as the option:
/// a preset says what iOS code would.
enum ChoiceSynonyms {
    /// An option a word stands for, and what else to set for its meaning, if anything.
    struct Meaning {
        var option: String
        var note: String?
    }

    /// Words (lower case) and the options they may mean; the first whose option the property
    /// has is suggested.
    static let table: [String: [Meaning]] = [
        // emitterShape
        "ring": [Meaning(option: "circle", note: "a ring is a circle's outline: also set \"emitterMode\": \"outline\"")],
        "halo": [Meaning(option: "circle", note: "a halo is a circle's outline: also set \"emitterMode\": \"outline\"")],
        "disc": [Meaning(option: "circle", note: "a filled disc: also set \"emitterMode\": \"surface\"")],
        "disk": [Meaning(option: "circle", note: "a filled disc: also set \"emitterMode\": \"surface\"")],
        "round": [Meaning(option: "circle")],
        "oval": [Meaning(option: "circle")],
        "square": [Meaning(option: "rectangle"), Meaning(option: "square")],
        "rect": [Meaning(option: "rectangle")],
        "box": [Meaning(option: "rectangle")],
        "frame": [Meaning(option: "rectangle", note: "a frame is a rectangle's outline: also set \"emitterMode\": \"outline\"")],
        "border": [Meaning(option: "outline"), Meaning(option: "rectangle", note: "also set \"emitterMode\": \"outline\"")],
        "dot": [Meaning(option: "point")],
        "spot": [Meaning(option: "point")],
        "center": [Meaning(option: "point")],
        "centre": [Meaning(option: "point"), Meaning(option: "center")],
        "ball": [Meaning(option: "sphere")],
        "globe": [Meaning(option: "sphere")],
        "orb": [Meaning(option: "sphere")],
        "cube": [Meaning(option: "cuboid")],
        "block": [Meaning(option: "cuboid")],
        "bar": [Meaning(option: "line")],
        "segment": [Meaning(option: "line")],
        // emitterMode
        "edge": [Meaning(option: "outline")],
        "edges": [Meaning(option: "outline")],
        "perimeter": [Meaning(option: "outline")],
        "inside": [Meaning(option: "volume")],
        "filled": [Meaning(option: "surface")],
        "fill": [Meaning(option: "surface"), Meaning(option: "resize")],
        "area": [Meaning(option: "surface")],
        "corners": [Meaning(option: "points")],
        "vertices": [Meaning(option: "points")],
        // renderMode
        "add": [Meaning(option: "additive")],
        "glow": [Meaning(option: "additive")],
        "lighten": [Meaning(option: "additive")],
        "screen": [Meaning(option: "additive")],
        "normal": [Meaning(option: "unordered")],
        "depth": [Meaning(option: "backToFront")],
        // contentsGravity, gradientType, particleType
        "stretch": [Meaning(option: "resize")],
        "fit": [Meaning(option: "resizeAspect")],
        "aspectfit": [Meaning(option: "resizeAspect")],
        "aspectfill": [Meaning(option: "resizeAspectFill")],
        "cover": [Meaning(option: "resizeAspectFill")],
        "contain": [Meaning(option: "resizeAspect")],
        "linear": [Meaning(option: "axial")],
        "circular": [Meaning(option: "radial")],
        "angular": [Meaning(option: "conic")],
        "sweep": [Meaning(option: "conic")],
        "card": [Meaning(option: "plane")],
        "billboard": [Meaning(option: "sprite")],
        // layer types
        "particles": [Meaning(option: "emitter")],
        "particle": [Meaning(option: "emitter")],
        "copies": [Meaning(option: "replicator")],
        "repeat": [Meaning(option: "replicator")],
        "label": [Meaning(option: "text")],
        "string": [Meaning(option: "text")],
        "path": [Meaning(option: "shape")],
    ]

    /// The option `word` means among `options`, if the table knows it.
    static func meaning(of word: String, among options: [String]) -> Meaning? {
        table[word.lowercased()]?.first { options.contains($0.option) }
    }
}
