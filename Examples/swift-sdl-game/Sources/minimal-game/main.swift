// Sources/game/main.swift: the smallest complete game loop (your own SDL binding is `CSDL2`)
import CSDL2
import Foundation
import SparksKit

SDL_Init(SDL_INIT_VIDEO)
let window = SDL_CreateWindow("game", 100, 100, 640, 480, SDL_WINDOW_SHOWN.rawValue)
let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue)!
let effect = try Effect(contentsOf: URL(fileURLWithPath: "effects/ship.json"))

var last = SDL_GetTicks64(), running = true
while running {
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {
        if event.type == SDL_QUIT.rawValue { running = false }
        if event.type == SDL_KEYDOWN.rawValue { try effect.burst("explosion.debris", count: 300) }
        if event.type == SDL_MOUSEMOTION.rawValue {
            try effect.moveEmitter("trail", x: Double(event.motion.x), y: Double(event.motion.y))
        }
    }
    let now = SDL_GetTicks64()
    let frameSeconds = Double(now - last) / 1000
    last = now
    effect.advance(by: frameSeconds)  // fixed 1/60 s steps inside, the rest carried

    SDL_SetRenderDrawColor(renderer, 8, 10, 24, 255)
    SDL_RenderClear(renderer)
    // … the game's own drawing …
    try effect.draw(into: renderer)  // over the game's SDL_Renderer, before presenting
    SDL_RenderPresent(renderer)
}
