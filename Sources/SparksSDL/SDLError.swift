import CSparksSDL2

/// A failure reported by SDL, SDL2_image or SDL2_ttf, with SDL's own explanation.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    /// What Sparks was doing.
    public var operation: String
    /// SDL's message (`SDL_GetError`).
    public var reason: String

    /// Captures SDL's current error message.
    public init(_ operation: String) {
        self.operation = operation
        reason = String(cString: SDL_GetError())
    }

    /// Creates an error with an explicit reason.
    public init(_ operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    /// `operation: reason`
    public var description: String {
        reason.isEmpty ? operation : "\(operation): \(reason)"
    }
}
