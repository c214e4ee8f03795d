import UIKit

class CarouselView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        let container = CALayer()
        container.frame = bounds
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        container.sublayerTransform = perspective
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 137.5, y: 283.5, width: 100, height: 100)
        replicator.instanceCount = 6
        replicator.instanceTransform = CATransform3DRotate(CATransform3DIdentity, .pi / 3, 0, 1, 0)
        replicator.preservesDepth = true
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        card.transform = CATransform3DMakeTranslation(0, 0, 120)
        card.backgroundColor = UIColor(white: 1, alpha: 0.8).cgColor
        card.cornerRadius = 8
        replicator.addSublayer(card)
        container.addSublayer(replicator)
        layer.addSublayer(container)
        let spin = CABasicAnimation(keyPath: "transform.rotation.y")
        spin.toValue = 2 * Double.pi
        spin.duration = 8
        spin.repeatCount = .infinity
        replicator.add(spin, forKey: "spin")
    }

    required init?(coder: NSCoder) { fatalError() }
}
