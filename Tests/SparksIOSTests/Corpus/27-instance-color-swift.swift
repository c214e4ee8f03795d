import UIKit

class DotsView: UIView {
    override func awakeFromNib() {
        super.awakeFromNib()
        let dots = CAReplicatorLayer()
        dots.frame = CGRect(x: 87.5, y: 313.5, width: 200, height: 40)
        dots.instanceCount = 3
        dots.instanceTransform = CATransform3DMakeTranslation(70, 0, 0)
        dots.instanceDelay = 0.25
        dots.instanceColor = UIColor.systemPink.cgColor
        dots.instanceGreenOffset = 0.2
        dots.instanceAlphaOffset = -0.2
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        dot.cornerRadius = 20
        dot.backgroundColor = UIColor.white.cgColor
        dot.transform = CATransform3DMakeScale(0.5, 0.5, 1)
        dots.addSublayer(dot)
        let hop = CAKeyframeAnimation(keyPath: "transform")
        hop.values = [CATransform3DMakeScale(0.5, 0.5, 1), CATransform3DMakeScale(1, 1, 1), CATransform3DMakeScale(0.5, 0.5, 1)].map { NSValue(caTransform3D: $0) }
        hop.duration = 0.75
        hop.repeatCount = .infinity
        dot.add(hop, forKey: "hop")
        layer.addSublayer(dots)
    }
}
