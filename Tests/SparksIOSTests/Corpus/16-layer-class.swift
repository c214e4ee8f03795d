import UIKit

final class SparkleView: UIView {
    override class var layerClass: AnyClass { CAEmitterLayer.self }

    private var emitterLayer: CAEmitterLayer { layer as! CAEmitterLayer }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        emitterLayer.emitterPosition = center
        emitterLayer.emitterShape = .circle
        emitterLayer.emitterMode = .outline
        emitterLayer.emitterSize = CGSize(width: 100, height: 100)
        emitterLayer.renderMode = .additive
        let sparkle = CAEmitterCell()
        sparkle.birthRate = 80
        sparkle.lifetime = 1.5
        sparkle.velocity = 20
        sparkle.scale = 0.15
        sparkle.scaleRange = 0.1
        sparkle.alphaSpeed = -0.6
        sparkle.contents = UIImage(named: "star")?.cgImage
        emitterLayer.emitterCells = [sparkle]
    }
}
