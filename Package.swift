// swift-tools-version: 6.1
import PackageDescription

/// A product of the tools' dependencies: used only when the Tools trait is on (as it is by
/// default, and never for a game that depends on Sparks with `traits: []`).
func tool(_ name: String, _ package: String) -> Target.Dependency {
    .product(name: name, package: package, condition: .when(traits: ["Tools"]))
}

let package = Package(
    name: "Sparks",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SparksCore", targets: ["SparksCore"]),
        .library(name: "SparksRaster", targets: ["SparksRaster"]),
        .library(name: "SparksSDL", targets: ["SparksSDL"]),
        // What a game imports: load, advance, change and draw effects (`import SparksKit`).
        .library(name: "SparksKit", targets: ["SparksKit"]),
        // What the fuzzers (FuzzTesting/) run on each input; the tests replay their finds.
        .library(name: "SparksFuzzing", targets: ["SparksFuzzing"]),
        // The C API: libSparksC.so with include/sparks.h (`make install` names it libsparks).
        .library(name: "SparksC", type: .dynamic, targets: ["SparksC"]),
        .executable(name: "sparks", targets: ["sparks"]),
        // `sparks import` and `sparks export` (swift-syntax): run by `sparks import …`, built by `make`.
        .executable(name: "sparks-ios", targets: ["sparks-ios"]),
        // `sparks studio` (Hummingbird): the editor in the browser, run by `sparks studio …`, built by `make`.
        .executable(name: "sparks-studio", targets: ["sparks-studio"]),
    ],
    // The tools (the sparks command, the importer, the studio, the allocation counter and their
    // tests) build from the packages below; the library products (SparksKit, SparksC, SparksCore,
    // SparksRaster, SparksSDL) from none. A game that depends on Sparks with `traits: []` leaves
    // the tools' trait off, and SwiftPM then resolves none of these packages.
    traits: [
        .trait(name: "Tools", description: "The sparks command, sparks-ios, sparks-studio and their dependencies."),
        .default(enabledTraits: ["Tools"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // `swift package generate-documentation` (make docs); a plugin, built only when asked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The studio's HTTP and WebSocket server (SwiftNIO); only sparks-studio and its tests use it.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The studio's CAML download: a .ca bundle (a folder) as one zip file.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // Sparks's bulk loops, in C (the simulation's and the rasterizer's): compiled for the
        // baseline and for AVX2, the fastest the machine runs chosen at run time (see
        // include/SparksKernels.h for why C).
        .target(name: "CSparksKernels"),
        // zlib from the system (SDL2_image's PNG decoding needs it anyway): inflating the images
        // Particle Designer files embed.
        .systemLibrary(name: "CSparksZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "SparksCore", dependencies: ["CSparksKernels", "CSparksZlib"]),
        // The CPU rasterizer: draws the core's draw lists into pixel buffers (no SDL).
        .target(name: "SparksRaster", dependencies: ["SparksCore", "CSparksKernels"]),
        // SDL2, SDL2_image and SDL2_ttf from the standard include and library paths (Debian's
        // packages put them there). Not through pkg-config: sdl2.pc's flags carry -D_REENTRANT,
        // which SwiftPM refuses with a warning on every build of Sparks and of every package that
        // depends on it. SDL installed elsewhere (Homebrew's /opt/homebrew): pass
        // -Xcc -I/opt/homebrew/include -Xlinker -L/opt/homebrew/lib.
        .systemLibrary(
            name: "CSparksSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        .target(name: "SparksSDL", dependencies: ["SparksCore", "SparksRaster", "CSparksSDL2"]),
        .target(name: "SparksKit", dependencies: ["SparksCore", "SparksRaster", "SparksSDL"]),
        .target(name: "CSparksAPI"),
        .target(name: "SparksC", dependencies: ["CSparksAPI", "SparksCore", "SparksKit", "SparksRaster"]),
        // What the fuzzers run on each input: every reader of what strangers send (presets, JSON,
        // PNG, Swift and Objective-C) and the C API; the tests replay the fuzzers' finds.
        .target(name: "SparksFuzzing", dependencies: ["SparksCore", "SparksRaster", "SparksSDL", "SparksIOS", "SparksC", "CSparksAPI"]),
        // iOS code in: `sparks import` (Swift read with swift-syntax, Objective-C with a reader of
        // its own). The library targets never depend on it.
        .target(
            name: "SparksIOS",
            dependencies: [
                "SparksCore",
                tool("SwiftIfConfig", "swift-syntax"),
                tool("SwiftParser", "swift-syntax"),
                tool("SwiftSyntax", "swift-syntax"),
            ]
        ),
        // What the command-line programs share: finding presets, budgets as options, errors.
        .target(
            name: "SparksCommandSupport",
            dependencies: ["SparksCore", "SparksSDL", tool("ArgumentParser", "swift-argument-parser")]
        ),
        // What Sparks writes for other programs: PNG frames, GIF, MP4 and sprite sheets (the
        // offscreen renderer, ffmpeg) and iOS code (Swift, Objective-C); render, export and the
        // studio's downloads.
        .target(name: "SparksExport", dependencies: ["SparksCore", "SparksRaster", "SparksSDL", "SparksCommandSupport"]),
        // The window, render, bench and the rest: no swift-syntax, so `make run` builds quickly.
        .executableTarget(
            name: "sparks",
            dependencies: [
                "SparksCore", "SparksRaster", "SparksSDL", "SparksCommandSupport", "SparksExport",
                tool("ArgumentParser", "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "sparks-ios",
            dependencies: [
                "SparksCore", "SparksRaster", "SparksSDL", "SparksIOS", "SparksCommandSupport", "SparksExport",
                tool("ArgumentParser", "swift-argument-parser"),
            ]
        ),
        // Sparks Studio: the preview, inspector and file keeping behind the page in studio/, served
        // on loopback. Apart from the sparks command so the window does not wait for SwiftNIO.
        .target(
            name: "SparksStudio",
            dependencies: [
                "SparksCore", "SparksRaster", "SparksSDL", "SparksCommandSupport", "SparksExport",
                tool("Hummingbird", "hummingbird"),
                tool("HummingbirdCore", "hummingbird"),
                tool("HummingbirdWebSocket", "hummingbird-websocket"),
                tool("HTTPTypes", "swift-http-types"),
                tool("ServiceLifecycle", "swift-service-lifecycle"),
                tool("ZIPFoundation", "ZIPFoundation"),
            ]
        ),
        .executableTarget(
            name: "sparks-studio",
            dependencies: [
                "SparksStudio", "SparksCommandSupport", "SparksCore", "SparksExport", tool("ArgumentParser", "swift-argument-parser"),
                tool("ServiceLifecycle", "swift-service-lifecycle"),
            ]
        ),
        // Counts the allocations of steady-state stepping, render-list building and drawing
        // (release build; the test suite runs it).
        .executableTarget(
            name: "sparks-allocations",
            dependencies: [
                "SparksCore", "SparksRaster", "SparksSDL", tool("MallocInterposerSwift", "malloc-interposer"),
            ]
        ),
        .testTarget(name: "SparksCoreTests", dependencies: ["SparksCore", "SparksFuzzing"]),
        .testTarget(name: "SparksRasterTests", dependencies: ["SparksCore", "SparksRaster", "SparksFuzzing"]),
        .testTarget(name: "SparksSDLTests", dependencies: ["SparksCore", "SparksRaster", "SparksSDL"]),
        .testTarget(name: "SparksCommandTests", dependencies: ["SparksCore", "SparksRaster", "SparksSDL"]),
        .testTarget(name: "SparksKitTests", dependencies: ["SparksCore", "SparksKit", "SparksC", "CSparksAPI", "CSparksSDL2"]),
        // A game module that imports SparksKit alone and names its own Point, Color, Texture, Layer, Scene.
        .testTarget(name: "SparksKitGameTests", dependencies: ["SparksKit"]),
        // The studio's server over HTTP and WebSocket, and its page in headless Chromium (DevTools protocol).
        .testTarget(
            name: "SparksStudioTests",
            dependencies: [
                "SparksCore", "SparksRaster", "SparksSDL", "SparksStudio",
                tool("HummingbirdTesting", "hummingbird"),
                tool("HummingbirdWSClient", "hummingbird-websocket"),
            ]
        ),
        // Corpus/: iOS snippets and the presets they must import to.
        .testTarget(
            name: "SparksIOSTests",
            dependencies: [
                "SparksCore", "SparksRaster", "SparksSDL", "SparksIOS", "SparksExport",
                tool("SwiftParser", "swift-syntax"), tool("SwiftSyntax", "swift-syntax"),
            ], exclude: ["Corpus", "RealCode"]),
    ],
    swiftLanguageModes: [.v6]
)
