// Counts the memory allocations of a scene in its steady state: stepping, building the render
// list and drawing it (resolving the draw list and rasterizing it on the CPU) must allocate
// nothing once the storage covers the particles.
//
//   swift build -c release --product sparks-allocations
//   .build/release/sparks-allocations presets/bench-anchor.json assets [LIVE] [STEPS] [THREADS]
//
// Linking the interposer replaces malloc for the whole process; counting is switched on only
// around the measured loops. Use a release build: debug builds allocate for unspecialised generics.
//
// Prints "step allocations N over STEPS steps", "render-list allocations N over 100 builds"
// and "draw allocations N over 100 draws".
import Foundation
import MallocInterposerSwift
import SparksCore
import SparksRaster
import SparksSDL

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: sparks-allocations PRESET.json ASSETS_DIR [LIVE] [STEPS] [THREADS]\n".utf8))
    exit(2)
}
let live = arguments.count > 3 ? Double(arguments[3]) ?? 10_000 : 10_000
let steps = arguments.count > 4 ? Int(arguments[4]) ?? 1_000 : 1_000
let threads = arguments.count > 5 ? Int(arguments[5]) ?? 1 : 1

// Counting only works when the interposer's malloc is the one in use: check that a malloc is seen.
MallocInterposerSwift.initialize()
MallocInterposerSwift.hook()
let probe = malloc(64)
free(probe)
MallocInterposerSwift.unhook()
guard MallocInterposerSwift.getStatistics().mallocCount > 0 else {
    FileHandle.standardError.write(Data("the malloc interposer is not in use, so allocations cannot be counted\n".utf8))
    exit(2)
}

let url = URL(fileURLWithPath: arguments[1])
var description: SceneDescription
switch PresetDecoder.load(contentsOf: url, assetDirectories: [URL(fileURLWithPath: arguments[2])], limits: PresetLimits(maxParticles: .max))
{
case .success(let d): description = d
case .failure(let error):
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
description.scaleBirthRates(toLiveParticles: live)

let scene = Scene(description, particleLimit: Int(live * 2) + 1000)
scene.threadCount = threads
var list = RenderList()
// Warm up: the steady state, and the render list's storage.
scene.run(until: 2 * scene.longestChainLifetime + 1)
scene.buildRenderList(into: &list)

MallocInterposerSwift.initialize()
MallocInterposerSwift.hook()
for _ in 0..<steps { scene.step() }
MallocInterposerSwift.unhook()
let stepping = MallocInterposerSwift.getStatistics()

MallocInterposerSwift.initialize()
MallocInterposerSwift.hook()
for _ in 0..<100 {
    scene.step()
    scene.buildRenderList(into: &list)
}
MallocInterposerSwift.unhook()
let building = MallocInterposerSwift.getStatistics()

// Drawing: the first second of draws loads the textures and sizes the storage (shapes and
// shadows that grow with their animations reach most of their size); the rest must not allocate.
let width = Int(description.canvas.width), height = Int(description.canvas.height)
guard let renderer = try? OffscreenRenderer(width: width, height: height) else {
    FileHandle.standardError.write(Data("cannot draw at \(width)×\(height)\n".utf8))
    exit(1)
}
renderer.threadCount = threads
for frame in 0..<160 {
    if frame == 60 {
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
    }
    scene.step()
    scene.buildRenderList(into: &list)
    renderer.render(list)
}
MallocInterposerSwift.unhook()
let drawing = MallocInterposerSwift.getStatistics()

print("live particles \(scene.liveParticleCount), threads \(threads)")
print("step allocations \(stepping.mallocCount) over \(steps) steps (\(stepping.mallocBytesCount) bytes)")
print("render-list allocations \(building.mallocCount) over 100 builds (\(building.mallocBytesCount) bytes)")
print("draw allocations \(drawing.mallocCount) over 100 draws (\(drawing.mallocBytesCount) bytes)")
