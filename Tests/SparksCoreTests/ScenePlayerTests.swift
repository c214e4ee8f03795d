import SparksCore
import Testing

/// The playing the window and the studio share: pause, speed within the offered range, a
/// timeline that loops or plays once, and restarts that forget carried time.
struct ScenePlayerTests {
    private func scene(stepRate: Double = 60) -> Scene {
        Scene(SceneDescription(name: "empty", canvas: CanvasDescription(), stepRate: stepRate))
    }

    @Test func playsWallTimeTimesSpeedInWholeSteps() {
        let scene = scene()
        var player = ScenePlayer(stepRate: 60)
        #expect(player.advance(scene, byWallSeconds: 0.1) == .stepped(steps: 6, droppedSeconds: 0))
        player.speed = 0.5
        // 0.1 s at half speed is 3 steps; 0.025 s is 0.75 of a step, carried.
        #expect(player.advance(scene, byWallSeconds: 0.1) == .stepped(steps: 3, droppedSeconds: 0))
        #expect(player.advance(scene, byWallSeconds: 0.025) == .stepped(steps: 0, droppedSeconds: 0))
        #expect(player.advance(scene, byWallSeconds: 0.025) == .stepped(steps: 1, droppedSeconds: 0))
        #expect(scene.time == 10.0 / 60)
        player.isPaused = true
        #expect(player.advance(scene, byWallSeconds: 1) == .stepped(steps: 0, droppedSeconds: 0))
        #expect(scene.time == 10.0 / 60)
    }

    @Test func aLateFrameIsNotCaughtUp() {
        let scene = scene()
        var player = ScenePlayer(stepRate: 60)
        // Two seconds late: a quarter of a second of steps runs, the rest is dropped and said.
        #expect(player.advance(scene, byWallSeconds: 2) == .stepped(steps: 15, droppedSeconds: 105.0 / 60))
    }

    @Test func speedsStayInTheOfferedRange() {
        var player = ScenePlayer(stepRate: 60, speed: 100)
        #expect(player.speed == ScenePlayer.speeds.upperBound)
        #expect(player.faster() == 8)
        var slowest = 8.0
        for _ in 0..<10 { slowest = player.slower() }
        #expect(slowest == 1.0 / 16)
        player.speed = .nan
        #expect(player.speed == 1)
        player.speed = -3
        #expect(player.speed == 1.0 / 16)
    }

    @Test func aLoopingTimelineShowsItsEndOnceThenAsksForARestart() {
        let scene = scene()
        var player = ScenePlayer(stepRate: 60)
        player.setLength(0.5, loops: true)
        var times: [Double] = []
        var restarts = 0
        // 0.2 s frames: 0.2, 0.4, then the end (0.5) shown, then a restart asked.
        for _ in 0..<4 {
            if player.advance(scene, byWallSeconds: 0.2) == .restart { restarts += 1 } else { times.append(scene.time) }
        }
        #expect(times.map { ($0 * 60).rounded() } == [12, 24, 30])
        #expect(restarts == 1)
        #expect(!player.isPaused)
    }

    @Test func aTimelinePlayedOnceHoldsItsEndPaused() {
        let scene = scene(stepRate: 120)
        var player = ScenePlayer(stepRate: 120)
        player.setLength(0.3, loops: false)
        for _ in 0..<5 { #expect(player.advance(scene, byWallSeconds: 0.2) != .restart) }
        #expect((scene.time * 120).rounded() == 36)
        #expect(player.isPaused)
        // Play again at the end: the end stays, paused.
        player.isPaused = false
        #expect(player.advance(scene, byWallSeconds: 0.2) == .stepped(steps: 0, droppedSeconds: 0))
        #expect(player.isPaused)
        #expect((scene.time * 120).rounded() == 36)
    }

    @Test func lengthsAreBounded() {
        var player = ScenePlayer(stepRate: 60)
        player.setLength(0, loops: true)
        #expect(player.length == 0.01)
        player.setLength(.infinity, loops: false)
        #expect(player.length == ScenePlayer.maxTime)
        player.setLength(nil, loops: true)
        #expect(player.length == nil)
    }

    @Test func aRestartForgetsCarriedTimeAndKeepsSpeedAndPause() {
        var player = ScenePlayer(stepRate: 60, speed: 2, paused: false)
        _ = player.advance(scene(), byWallSeconds: 0.004)  // 0.008 s of scene time carried
        player.restarted(stepRate: 30)
        let fresh = scene(stepRate: 30)
        // 1/60 s at 2× is exactly one 30 Hz step, with nothing carried from before.
        #expect(player.advance(fresh, byWallSeconds: 1.0 / 60) == .stepped(steps: 1, droppedSeconds: 0))
        #expect(player.speed == 2 && !player.isPaused)
    }
}
