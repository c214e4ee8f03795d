import UIKit

/// A script as a playground would run it: the effect goes on the view it is given.
let emitter = CAEmitterLayer()
emitter.emitterPosition = CGPoint(x: 187.5, y: 500)
emitter.emitterSize = CGSize(width: 200, height: 20)
emitter.emitterShape = .rectangle
emitter.birthRate = 2
emitter.lifetime = 0.5
emitter.velocity = 1.5
let ember = CAEmitterCell()
ember.birthRate = 40
ember.lifetime = 4
ember.velocity = 60
ember.emissionLongitude = -.pi / 2
ember.emissionRange = 0.4
ember.scale = 0.3
ember.color = #colorLiteral(red: 1, green: 0.4, blue: 0.1, alpha: 1)
ember.contents = #imageLiteral(resourceName: "spark").cgImage
emitter.emitterCells = [ember]
view.layer.addSublayer(emitter)
