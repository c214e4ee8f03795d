import ArgumentParser
import SparksCore

@main
struct Sparks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sparks",
        abstract: "Core Animation particle effects (CAEmitterLayer) on Linux.",
        discussion: """
            A preset is a JSON file whose keys are Core Animation's property names; PRESET is a \
            name from the presets folder (fire, neon, …) or a path to a .json file.

            Examples:
              sparks run fire                       open the fire in a window
              sparks run neon --set neonEmitter.emitterCells.nenolight.birthRate=400
              sparks render fire --at 2 --out fire.png
              sparks render neon --frames 120 --out frames/
              sparks validate presets/
              sparks explain emitterCells.velocityRange
              sparks new campfire --from fire
              sparks bench fire --birth-rate-scale 100
              sparks import ConfettiView.swift --out confetti.json
              sparks export swift fire --out FireView.swift
              sparks studio campfire.json           edit it in the browser
            """,
        version: SparksVersion.text,
        subcommands: [
            Run.self, Render.self, Validate.self, List.self, Explain.self, Bench.self, Schema.self, New.self, Import.self, Export.self,
            Studio.self,
        ]
    )
}
