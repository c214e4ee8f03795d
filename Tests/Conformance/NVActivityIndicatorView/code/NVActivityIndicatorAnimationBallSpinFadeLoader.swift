//
//  NVActivityIndicatorAnimationBallSpinFadeLoader.swift
//  NVActivityIndicatorView
//
// The MIT License (MIT)

// Copyright (c) 2016 Vinh Nguyen

// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:

// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.

// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.
//

#if canImport(UIKit)
    import UIKit

    class NVActivityIndicatorAnimationBallSpinFadeLoader: NVActivityIndicatorAnimationDelegate {

        func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor) {
            let circleSpacing: CGFloat = -2
            let circleSize = (size.width - 4 * circleSpacing) / 5
            let x = (layer.bounds.size.width - size.width) / 2
            let y = (layer.bounds.size.height - size.height) / 2
            let duration: CFTimeInterval = 1
            let beginTime = CACurrentMediaTime()
            let beginTimes: [CFTimeInterval] = [0, 0.12, 0.24, 0.36, 0.48, 0.6, 0.72, 0.84]

            // Scale animation
            let scaleAnimation = CAKeyframeAnimation(keyPath: "transform.scale")

            scaleAnimation.keyTimes = [0, 0.5, 1]
            scaleAnimation.values = [1, 0.4, 1]
            scaleAnimation.duration = duration

            // Opacity animation
            let opacityAnimaton = CAKeyframeAnimation(keyPath: "opacity")

            opacityAnimaton.keyTimes = [0, 0.5, 1]
            opacityAnimaton.values = [1, 0.3, 1]
            opacityAnimaton.duration = duration

            // Animation
            let animation = CAAnimationGroup()

            animation.animations = [scaleAnimation, opacityAnimaton]
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            animation.duration = duration
            animation.repeatCount = HUGE
            animation.isRemovedOnCompletion = false

            // Draw circles
            for i in 0..<8 {
                let circle = circleAt(
                    angle: CGFloat(Double.pi / 4) * CGFloat(i),
                    size: circleSize,
                    origin: CGPoint(x: x, y: y),
                    containerSize: size,
                    color: color)

                animation.beginTime = beginTime + beginTimes[i]
                circle.add(animation, forKey: "animation")
                layer.addSublayer(circle)
            }
        }

        func circleAt(angle: CGFloat, size: CGFloat, origin: CGPoint, containerSize: CGSize, color: UIColor) -> CALayer {
            let radius = containerSize.width / 2 - size / 2
            let circle = NVActivityIndicatorShape.circle.layerWith(size: CGSize(width: size, height: size), color: color)
            let frame = CGRect(
                x: origin.x + radius * (cos(angle) + 1),
                y: origin.y + radius * (sin(angle) + 1),
                width: size,
                height: size)

            circle.frame = frame

            return circle
        }
    }
#endif
