//
//  NVActivityIndicatorAnimationBallScaleMultiple.swift
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

    class NVActivityIndicatorAnimationBallScaleMultiple: NVActivityIndicatorAnimationDelegate {

        func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor) {
            let duration: CFTimeInterval = 1
            let beginTime = CACurrentMediaTime()
            let beginTimes = [0, 0.2, 0.4]

            // Scale animation
            let scaleAnimation = CABasicAnimation(keyPath: "transform.scale")

            scaleAnimation.duration = duration
            scaleAnimation.fromValue = 0
            scaleAnimation.toValue = 1

            // Opacity animation
            let opacityAnimation = CAKeyframeAnimation(keyPath: "opacity")

            opacityAnimation.duration = duration
            opacityAnimation.keyTimes = [0, 0.05, 1]
            opacityAnimation.values = [0, 1, 0]

            // Animation
            let animation = CAAnimationGroup()

            animation.animations = [scaleAnimation, opacityAnimation]
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            animation.duration = duration
            animation.repeatCount = HUGE
            animation.isRemovedOnCompletion = false

            // Draw balls
            for i in 0..<3 {
                let circle = NVActivityIndicatorShape.circle.layerWith(size: size, color: color)
                let frame = CGRect(
                    x: (layer.bounds.size.width - size.width) / 2,
                    y: (layer.bounds.size.height - size.height) / 2,
                    width: size.width,
                    height: size.height)

                animation.beginTime = beginTime + beginTimes[i]
                circle.frame = frame
                circle.opacity = 0
                circle.add(animation, forKey: "animation")
                layer.addSublayer(circle)
            }
        }
    }
#endif
