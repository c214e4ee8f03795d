import UIKit

/// Confetti from the top edge, one cell per colour.
final class ConfettiView: UIView {
    private let emitter = CAEmitterLayer()
    private let colors: [UIColor] = [.systemRed, .systemBlue, UIColor(red: 1, green: 0.8, blue: 0, alpha: 1)]
    var intensity: Float = 0.5

    override init(frame: CGRect) {
        super.init(frame: frame)
        emitter.emitterShape = .line
        emitter.emitterCells = colors.map { makeCell(color: $0) }
        layer.addSublayer(emitter)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        emitter.emitterPosition = CGPoint(x: bounds.midX, y: -10)
        emitter.emitterSize = CGSize(width: bounds.width, height: 1)
    }

    private func makeCell(color: UIColor) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.birthRate = 20 * intensity
        cell.lifetime = 6
        cell.velocity = CGFloat(150 * intensity)
        cell.velocityRange = 50
        cell.emissionLongitude = .pi
        cell.emissionRange = .pi / 4
        cell.spin = 3.5
        cell.spinRange = 1
        cell.scale = 0.2
        cell.color = color.cgColor
        cell.contents = UIImage(named: "confetti")?.cgImage
        return cell
    }
}
