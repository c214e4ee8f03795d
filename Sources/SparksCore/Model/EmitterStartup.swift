/// How an emitter looks when the scene starts (core-animation.md §5.7).
///
/// On iOS 7 and later an emitter layer whose timeline starts with its superlayer's
/// (`beginTime` 0) is first shown as if it had been emitting all along: particles of every age
/// are already on screen. Code that wants a clean start sets `beginTime = CACurrentMediaTime()`;
/// `beginTime = CACurrentMediaTime() − x` shows it x seconds into its life. In a preset, scene
/// time 0 is the moment the effect is shown, so:
///
/// | iOS | preset |
/// |---|---|
/// | `beginTime` left at 0 | nothing to write (`automatic` starts it running) |
/// | `beginTime = CACurrentMediaTime()` | `"startup": "empty"` |
/// | `beginTime = CACurrentMediaTime() − x` | `"beginTime": −x` (x seconds of emission, from empty) |
/// | `beginTime = CACurrentMediaTime() + x` | `"beginTime": x` (starts empty x seconds later) |
public enum EmitterStartup: String, Sendable, CaseIterable {
    /// What iOS does: `running` when the emitter's timeline starts with the scene (its local
    /// time is 0 when the scene starts), otherwise `empty`.
    case automatic
    /// No particles at the start; emission begins at the layer's start (or its cells' `beginTime`).
    case empty
    /// Already populated at the start, as if the emitter had been running for as long as its
    /// longest chain of particles lives (the steady state).
    case running

    /// Whether an emitter starts populated: the layer's choice, else the preset's, else iOS's
    /// rule for a layer whose local time is `localTime` when the scene starts.
    public static func startsRunning(layer: EmitterStartup, preset: EmitterStartup, localTimeAtStart localTime: Double) -> Bool {
        switch layer == .automatic ? preset : layer {
        case .empty: false
        case .running: true
        case .automatic: localTime == 0
        }
    }
}
