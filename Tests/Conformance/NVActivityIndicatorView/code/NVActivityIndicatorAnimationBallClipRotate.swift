//
//  NVActivityIndicatorBallClipRotate.swift
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

    class NVActivityIndicatorAnimationBallClipRotate: NVActivityIndicatorAnimationDelegate {

        func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor) {
            let duration: CFTimeInterval = 0.75

            //    Scale animation
            let scaleAnimation = CAKeyframeAnimation(keyPath: "transform.scale")

            scaleAnimation.keyTimes = [0, 0.5, 1]
            scaleAnimation.values = [1, 0.6, 1]

            // Rotate animation
            let rotateAnimation = CAKeyframeAnimation(keyPath: "transform.rotation.z")

            rotateAnimation.keyTimes = scaleAnimation.keyTimes
            rotateAnimation.values = [0, Double.pi, 2 * Double.pi]

            // Animation
            let animation = CAAnimationGroup()

            animation.animations = [scaleAnimation, rotateAnimation]
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            animation.duration = duration
            animation.repeatCount = HUGE
            animation.isRemovedOnCompletion = false

            // Draw circle
            let circle = NVActivityIndicatorShape.ringThirdFour.layerWith(
                size: CGSize(width: size.width, height: size.height), color: color)
            let frame = CGRect(
                x: (layer.bounds.size.width - size.width) / 2,
                y: (layer.bounds.size.height - size.height) / 2,
                width: size.width,
                height: size.height)

            circle.frame = frame
            circle.add(animation, forKey: "animation")
            layer.addSublayer(circle)
        }
    }
#endif
