import UIKit

class SnowView: UIView {
    let snow = CAEmitterLayer()

    override func didMoveToSuperview() {
        super.didMoveToSuperview()
        snow.emitterPosition = CGPoint(x: bounds.midX, y: -20)
        snow.emitterSize = CGSize(width: bounds.width, height: 0)
        snow.emitterShape = .line
        snow.beginTime = CACurrentMediaTime() - 5
        let flake = CAEmitterCell()
        flake.birthRate = 30
        flake.lifetime = 12
        flake.velocity = 40
        flake.emissionLongitude = .pi
        flake.scale = 0.3
        flake.contents = UIImage(named: "snowflake")?.cgImage
        snow.emitterCells = [flake]
        layer.addSublayer(snow)
        DispatchQueue.main.asyncAfter(deadline: .now() + 3) {
            self.snow.birthRate = 0
        }
    }

    func stop() {
        snow.birthRate = 0
    }
}
