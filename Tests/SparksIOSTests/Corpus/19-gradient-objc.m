#import <UIKit/UIKit.h>

@interface GlowView : UIView
@end

@implementation GlowView

- (void)didMoveToSuperview {
    [super didMoveToSuperview];
    CAGradientLayer *glow = [CAGradientLayer layer];
    glow.frame = CGRectMake(87.5, 233.5, 200, 200);
    glow.type = kCAGradientLayerRadial;
    glow.colors = @[(__bridge id)[UIColor colorWithRed:1 green:0.9 blue:0.5 alpha:1].CGColor,
                    (__bridge id)[UIColor colorWithRed:1 green:0.5 blue:0 alpha:0].CGColor];
    glow.locations = @[@0.0, @1.0];
    glow.startPoint = CGPointMake(0.5, 0.5);
    glow.endPoint = CGPointMake(1, 1);
    [self.layer addSublayer:glow];
}

@end
