// swift-tools-version: 6.1
// A tiny SDL game using Sparks as a library: a ship leaves an engine trail; Space blows it up.
import PackageDescription

let package = Package(
    name: "swift-sdl-game",
    dependencies: [
        // In your game (the package's identity is the last component of the URL, "sparks";
        // `traits: []` leaves out Sparks's tools and their packages):
        // .package(url: "https://…/sparks.git", branch: "main", traits: []),
        .package(name: "sparks", path: "../..", traits: [])
    ],
    targets: [
        // The game's own SDL binding, as any Swift SDL game has one: from the standard include
        // path, not pkg-config, whose -D_REENTRANT SwiftPM warns about on every build.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-image-dev"])]),
        .executableTarget(
            name: "swift-sdl-game",
            dependencies: ["CSDL2", .product(name: "SparksKit", package: "sparks")]
        ),
        // The smallest complete game loop, as docs/embedding.md shows it (the tests build it).
        .executableTarget(
            name: "minimal-game",
            dependencies: ["CSDL2", .product(name: "SparksKit", package: "sparks")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
