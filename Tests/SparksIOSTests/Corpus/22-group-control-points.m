#import <UIKit/UIKit.h>

@interface BreathView : UIView
@end

@implementation BreathView

- (void)layoutSubviews {
    [super layoutSubviews];
    CALayer *orb = [CALayer layer];
    orb.frame = CGRectMake(137.5, 283.5, 100, 100);
    orb.cornerRadius = 50;
    orb.backgroundColor = [UIColor colorWithHue:0.55 saturation:0.8 brightness:1 alpha:1].CGColor;

    CABasicAnimation *scale = [CABasicAnimation animationWithKeyPath:@"transform.scale"];
    scale.fromValue = @0.8;
    scale.toValue = @1.2;
    CABasicAnimation *glow = [CABasicAnimation animationWithKeyPath:@"opacity"];
    glow.fromValue = @0.5;
    glow.toValue = @1.0;
    CAAnimationGroup *breath = [CAAnimationGroup animation];
    breath.animations = @[scale, glow];
    breath.duration = 2.5;
    breath.autoreverses = YES;
    breath.repeatCount = HUGE_VALF;
    breath.timingFunction = [CAMediaTimingFunction functionWithControlPoints:0.45 :0 :0.55 :1];
    [orb addAnimation:breath forKey:@"breath"];
    [self.layer addSublayer:orb];
}

@end
