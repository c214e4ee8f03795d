import CSparksKernels
import SparksCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the running Sparks was compiled. A package that depends on Sparks builds it in its own
/// configuration: in a debug build (`swift build`, `swift run`) Sparks's Swift code and its pixel
/// kernels are compiled without optimisation, and its frames take tens to hundreds of times as
/// long as in a release build.
public enum SparksBuild {
    /// Whether Sparks's Swift code was compiled with optimisation.
    public static var isSwiftOptimized: Bool { !_isDebugAssertConfiguration() }

    /// Whether Sparks's kernels (C: the simulation's and the rasterizer's bulk loops) were
    /// compiled with optimisation: `-c release`, or a debug build given `-Xcc -O2`.
    public static var areKernelsOptimized: Bool { RasterKernels.areOptimized }

    /// Whether both were: Sparks runs at full speed.
    public static var isOptimized: Bool { isSwiftOptimized && areKernelsOptimized }

    /// One line saying what is slow and how to build Sparks optimised; nil when it is.
    public static var advice: String? {
        switch (isSwiftOptimized, areKernelsOptimized) {
        case (true, true):
            return nil
        case (false, false):
            return "Sparks was compiled without optimisation (a debug build): it simulates and draws tens of times slower than "
                + "a release build. Build with -c release (swift run -c release), or keep your code in debug and pass -Xcc -O2 "
                + "to optimise Sparks's C kernels, which do most of the work."
        case (false, true):
            return "Sparks's Swift code was compiled without optimisation (a debug build): it builds each frame's lists and "
                + "births tens of times slower than a release build (its C kernels are optimised). Build with -c release for full speed."
        case (true, false):
            return "Sparks's C kernels were compiled without optimisation: it simulates and draws about 20 times slower than a "
                + "release build. Build with -c release, or pass -Xcc -O2."
        }
    }

    nonisolated(unsafe) private static var warned = false
    private static let lock = Lock()

    /// Writes ``advice`` to standard error, once per process, when Sparks is not optimised.
    public static func warnIfUnoptimized() {
        guard let advice else { return }
        lock.locked {
            guard !warned else { return }
            warned = true
            let line = "warning: \(advice)\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
        }
    }
}
