import UIKit

class CheckmarkView: UIView {
    let check = CAShapeLayer()

    override func layoutSubviews() {
        super.layoutSubviews()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 50))
        path.addLine(to: CGPoint(x: 40, y: 80))
        path.addLine(to: CGPoint(x: 90, y: 20))
        check.path = path
        check.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        check.position = CGPoint(x: bounds.midX, y: bounds.midY)
        check.strokeColor = UIColor.systemGreen.cgColor
        check.fillColor = nil
        check.lineWidth = 8
        check.lineJoin = .round
        check.lineCap = .round
        check.lineDashPattern = [12, 6]
        if check.superlayer == nil {
            layer.addSublayer(check)
        }
        let draw = CABasicAnimation(keyPath: #keyPath(CAShapeLayer.strokeEnd))
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 0.6
        draw.fillMode = .both
        check.add(draw, forKey: "draw")
    }
}
