// A ship flies across the screen leaving an engine trail (an emitter that follows it); Space
// (or --explode-at SECONDS) blows it up (a burst of 300 particles from a cell whose birthRate
// is 0) and puts its engine out (the effect stops emitting); when the explosion has played out
// (the effect's onFinished), the effect is reset and a new ship sets off. Arrow keys steer. The
// effect comes from effects/ship.json, drawn over the game's frame by SparksKit into the game's
// own SDL_Renderer. A torch, the fire Sparks ships, follows the mouse (or stands at --torch-at
// X,Y): its emitter is moved to the mouse in the window's pixels, the canvas's points here.
//
//   swift run swift-sdl-game [--seconds S] [--explode-at S] [--torch-at X,Y] [--screenshot FILE.png]
import CSDL2
import Foundation
import SparksKit

struct Options {
    var seconds: Double?
    var explodeAt: Double?
    var torchAt: (x: Double, y: Double)?
    var screenshot: String?

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            let value = rest.popFirst()
            switch flag {
            case "--seconds": seconds = value.flatMap(Double.init)
            case "--explode-at": explodeAt = value.flatMap(Double.init)
            case "--screenshot": screenshot = value
            case "--torch-at":
                let parts = (value ?? "").split(separator: ",").compactMap { Double($0) }
                if parts.count == 2 { torchAt = (parts[0], parts[1]) }
            default:
                print("usage: swift-sdl-game [--seconds S] [--explode-at S] [--torch-at X,Y] [--screenshot FILE.png]")
                exit(2)
            }
        }
    }
}

func fail(_ what: String) -> Never {
    print("swift-sdl-game: \(what): \(String(cString: SDL_GetError()))")
    exit(1)
}

let options = Options(CommandLine.arguments)
// effects/ lies beside this package, in the Examples folder.
let effects = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../effects").standardizedFileURL

guard SDL_Init(SDL_INIT_VIDEO) == 0 else { fail("starting SDL") }
defer { SDL_Quit() }
guard let window = SDL_CreateWindow("Sparks - swift-sdl-game", 100, 100, 640, 480, SDL_WINDOW_SHOWN.rawValue) else {
    fail("opening a window")
}
guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue) ?? SDL_CreateRenderer(window, -1, 0) else {
    fail("creating a renderer")
}

let effect: Effect
do {
    effect = try Effect(contentsOf: effects.appendingPathComponent("ship.json"))
} catch {
    print("swift-sdl-game: \(error)")
    exit(1)
}

// A fixed frame time when scripted, so a run is the same every time; the wall clock otherwise.
let scripted = options.seconds != nil
let frameTime = 1.0 / 60
var ship = (x: 100.0, y: 240.0, alive: true)
var time = 0.0
var launchedAt = 0.0
var explodeAt = options.explodeAt
var last = SDL_GetPerformanceCounter()
var running = true

// Top-level code in main.swift runs on the main actor, and so must functions that use its
// variables (Swift 6).
@MainActor func explode() {
    guard ship.alive else { return }
    ship.alive = false
    // The debris bursts where the ship is, whatever the explosion emitter's position.
    try? effect.burst("explosion.debris", count: 300, x: ship.x, y: ship.y)
    effect.isEmitting = false
}

// The torch: lit the first time the mouse moves (or at --torch-at), then moved with it.
var torch: Effect?

@MainActor func moveTorch(x: Double, y: Double) {
    if torch == nil {
        torch = try? Effect(shippedPreset: "fire")
    }
    try? torch?.moveEmitter("fireEmitter", x: x, y: y)
}
if let at = options.torchAt { moveTorch(x: at.x, y: at.y) }

// The explosion has played out: the effect starts again and so does a new ship.
effect.onFinished = {
    print("swift-sdl-game: the explosion played out at \(String(format: "%.2f", time)) s; a new ship sets off")
    effect.reset()
    effect.isEmitting = true
    ship.alive = true
    launchedAt = time
}

while running {
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {
        if event.type == SDL_QUIT.rawValue { running = false }
        // A scripted run ignores the pointer (an X server reports where it rests).
        if event.type == SDL_MOUSEMOTION.rawValue, !scripted { moveTorch(x: Double(event.motion.x), y: Double(event.motion.y)) }
        if event.type == SDL_KEYDOWN.rawValue {
            switch Int(event.key.keysym.sym) {
            case Int(SDLK_SPACE.rawValue): explode()
            case Int(SDLK_ESCAPE.rawValue): running = false
            case Int(SDLK_UP.rawValue): ship.y -= 10
            case Int(SDLK_DOWN.rawValue): ship.y += 10
            default: break
            }
        }
    }
    let now = SDL_GetPerformanceCounter()
    let dt = scripted ? frameTime : Double(now - last) / Double(SDL_GetPerformanceFrequency())
    last = now
    time += dt

    if ship.alive {
        ship.x = 100 + 150 * (time - launchedAt)
        if ship.x > 700 { ship.x -= 700 }
        try? effect.moveEmitter("trail", x: ship.x, y: ship.y)
    }
    if let at = explodeAt, time >= at {
        explode()
        explodeAt = nil
    }
    effect.advance(by: dt)
    torch?.advance(by: dt)

    // The game's frame: a dark sky, the ship, then the effect over it.
    SDL_SetRenderDrawColor(renderer, 8, 10, 24, 255)
    SDL_RenderClear(renderer)
    if ship.alive {
        let c = SDL_Color(r: 230, g: 230, b: 240, a: 255)
        let vertices = [
            SDL_Vertex(position: SDL_FPoint(x: Float(ship.x + 14), y: Float(ship.y)), color: c, tex_coord: SDL_FPoint()),
            SDL_Vertex(position: SDL_FPoint(x: Float(ship.x - 8), y: Float(ship.y - 8)), color: c, tex_coord: SDL_FPoint()),
            SDL_Vertex(position: SDL_FPoint(x: Float(ship.x - 8), y: Float(ship.y + 8)), color: c, tex_coord: SDL_FPoint()),
        ]
        SDL_RenderGeometry(renderer, nil, vertices, 3, nil, 0)
    }
    do {
        try effect.draw(into: renderer)
        try torch?.draw(into: renderer)
    } catch {
        print("swift-sdl-game: \(error)")
        exit(1)
    }

    if let seconds = options.seconds, time >= seconds {
        if let path = options.screenshot {
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetRendererOutputSize(renderer, &w, &h)
            guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue)) else {
                fail("making a screenshot")
            }
            SDL_RenderReadPixels(renderer, nil, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), surface.pointee.pixels, surface.pointee.pitch)
            guard IMG_SavePNG(surface, path) == 0 else { fail("writing \(path)") }
            SDL_FreeSurface(surface)
        }
        running = false
    }
    SDL_RenderPresent(renderer)
    if !scripted { SDL_Delay(1) }
}
print("swift-sdl-game: \(effect.liveParticleCount) particles at \(String(format: "%.2f", time)) s; finished: \(effect.isFinished)")
