import UIKit

final class BehaviorConfettiView: UIView {
    private let emitterLayer = CAEmitterLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        emitterLayer.emitterPosition = CGPoint(x: 200, y: -20)
        emitterLayer.emitterSize = CGSize(width: 100, height: 100)
        emitterLayer.emitterShape = .sphere
        let cell = CAEmitterCell()
        cell.name = "paper"
        cell.contents = UIImage(named: "confetti")?.cgImage
        cell.birthRate = 60
        cell.lifetime = 4
        cell.emissionRange = CGFloat(Double.pi)
        cell.spin = 4
        cell.spinRange = 8
        cell.setValue("plane", forKey: "particleType")
        cell.setValue(Double.pi, forKey: "orientationRange")
        cell.setValue(Double.pi / 2, forKey: "orientationLongitude")
        cell.setValue(Double.pi / 2, forKey: "orientationLatitude")
        emitterLayer.emitterCells = [cell]
        emitterLayer.setValue([horizontalWaveBehavior(), attractorBehavior(for: emitterLayer), dragBehavior()], forKey: "emitterBehaviors")
        let animation = CAKeyframeAnimation()
        animation.duration = 3
        animation.keyTimes = [0, 0.8]
        animation.values = [80, 5]
        emitterLayer.add(animation, forKey: "emitterBehaviors.attractor.stiffness")
        layer.addSublayer(emitterLayer)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    private func createBehavior(type: String) -> NSObject {
        let behaviorClass = NSClassFromString("CAEmitterBehavior") as! NSObject.Type
        let behaviorWithType = behaviorClass.method(for: NSSelectorFromString("behaviorWithType:"))!
        let castedBehaviorWithType = unsafeBitCast(behaviorWithType, to:(@convention(c)(Any?, Selector, Any?) -> NSObject).self)
        return castedBehaviorWithType(behaviorClass, NSSelectorFromString("behaviorWithType:"), type)
    }

    private func horizontalWaveBehavior() -> Any {
        let behavior = createBehavior(type: "wave")
        behavior.setValue([50, 0, 0], forKeyPath: "force")
        behavior.setValue(0.5, forKeyPath: "frequency")
        return behavior
    }

    private func attractorBehavior(for emitterLayer: CAEmitterLayer) -> Any {
        let behavior = createBehavior(type: "attractor")
        behavior.setValue("attractor", forKeyPath: "name")
        behavior.setValue(-150, forKeyPath: "falloff")
        behavior.setValue(125, forKeyPath: "radius")
        behavior.setValue(10, forKeyPath: "stiffness")
        behavior.setValue(CGPoint(x: emitterLayer.emitterPosition.x, y: emitterLayer.emitterPosition.y + 20), forKeyPath: "position")
        behavior.setValue(-50, forKeyPath: "zPosition")
        return behavior
    }

    private func dragBehavior() -> Any {
        let behavior = createBehavior(type: "drag")
        behavior.setValue("drag", forKey: "name")
        behavior.setValue(3, forKey: "drag")
        return behavior
    }
}
