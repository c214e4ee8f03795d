import UIKit

final class RingView: UIView {
    private let ring = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        ring.path = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true).cgPath
        ring.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        ring.position = center
        ring.fillColor = UIColor.clear.cgColor
        ring.strokeColor = UIColor.systemOrange.cgColor
        ring.lineWidth = 6
        ring.lineCap = .round
        layer.addSublayer(ring)

        let end = CABasicAnimation(keyPath: "strokeEnd")
        end.fromValue = 0
        end.toValue = 1
        end.duration = 1
        let start = CABasicAnimation(keyPath: "strokeStart")
        start.fromValue = 0
        start.toValue = 1
        start.beginTime = 0.5
        start.duration = 1
        let group = CAAnimationGroup()
        group.animations = [end, start]
        group.duration = 1.5
        group.repeatCount = .infinity
        ring.add(group, forKey: "draw")
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
