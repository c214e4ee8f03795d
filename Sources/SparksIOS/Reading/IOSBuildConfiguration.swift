import SwiftIfConfig
import SwiftSyntax

/// The build an import reads code as: an iOS app built for a device (not the simulator, not
/// macOS), in release, with the conditions `--define` sets (`--define DEBUG` takes the debug
/// branch). swift-syntax's `SwiftIfConfig` evaluates Swift's `#if` against it; the
/// Objective-C reader asks the same questions of `#if`, `#ifdef` and `defined(…)`.
struct IOSBuildConfiguration: BuildConfiguration {
    /// Custom conditions (`-D NAME`) that are set.
    var customConditions: Set<String>

    /// The frameworks an iOS app can import; anything else (AppKit, a package the app may or may
    /// not have) is taken as absent.
    static let frameworks: Set<String> = [
        "UIKit", "QuartzCore", "CoreGraphics", "Foundation", "CoreFoundation", "SwiftUI", "Combine", "CoreImage", "CoreText",
        "CoreMedia", "CoreVideo", "AVFoundation", "AVKit", "Metal", "MetalKit", "SpriteKit", "SceneKit", "GameplayKit", "ImageIO",
        "MobileCoreServices", "UniformTypeIdentifiers", "CoreHaptics", "AudioToolbox", "Darwin", "Dispatch", "ObjectiveC", "os",
        "Swift", "_Concurrency", "simd", "Accelerate", "CoreMotion", "CoreLocation", "MapKit", "WebKit", "Photos", "PhotosUI",
        "Observation", "OSLog", "SafariServices", "StoreKit", "UserNotifications", "GLKit", "OpenGLES",
    ]

    /// Reads `--define` values: a name given true, 1 or no value is a set condition.
    init(defines: [String: String]) {
        customConditions = Set(defines.filter { ["", "true", "1", "yes"].contains($0.value.lowercased()) }.keys)
    }

    func isCustomConditionSet(name: String) -> Bool { customConditions.contains(name) }
    func hasFeature(name: String) -> Bool { false }
    func hasAttribute(name: String) -> Bool { true }
    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) -> Bool {
        guard let first = importPath.first?.1 else { return false }
        return Self.frameworks.contains(first)
    }
    func isActiveTargetOS(name: String) -> Bool { name == "iOS" }
    func isActiveTargetArchitecture(name: String) -> Bool { name == "arm64" }
    func isActiveTargetEnvironment(name: String) -> Bool { false }
    func isActiveTargetRuntime(name: String) -> Bool { name == "_ObjC" }
    func isActiveTargetPointerAuthentication(name: String) -> Bool { false }
    func isActiveTargetObjectFormat(name: String) -> Bool { name == "MachO" }
    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [32, 64, 128] }
    var endianness: Endianness { .little }
    var languageVersion: VersionTuple { VersionTuple(5, 10) }
    var compilerVersion: VersionTuple { VersionTuple(6, 0) }

    /// Objective-C's view of the same build: what `defined(NAME)` and a bare `NAME` in `#if` give
    /// (nil: not defined). `TARGET_OS_IPHONE`, `TARGET_OS_IOS` and ARC are on; macOS, the
    /// simulator and `DEBUG` are off unless `--define` sets them.
    func objectiveCMacro(_ name: String) -> Double? {
        if customConditions.contains(name) { return 1 }
        switch name {
        case "TARGET_OS_IPHONE", "TARGET_OS_IOS", "TARGET_OS_EMBEDDED", "__OBJC__", "__OBJC2__", "__APPLE__", "__arm64__", "__LP64__",
            "__IPHONE_OS_VERSION_MIN_REQUIRED":
            return name == "__IPHONE_OS_VERSION_MIN_REQUIRED" ? 120_000 : 1
        case "TARGET_OS_MAC":
            return 1  // Apple's headers set it for every Darwin platform, iOS included.
        case "TARGET_OS_OSX", "TARGET_OS_SIMULATOR", "TARGET_IPHONE_SIMULATOR", "TARGET_OS_TV", "TARGET_OS_WATCH", "TARGET_OS_VISION",
            "TARGET_OS_MACCATALYST", "TARGET_OS_UIKITFORMAC":
            return 0
        default:
            return nil
        }
    }
}
