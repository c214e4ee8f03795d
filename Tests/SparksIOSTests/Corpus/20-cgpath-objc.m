#import <UIKit/UIKit.h>

@interface BadgeView : UIView
@end

@implementation BadgeView

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        CAShapeLayer *badge = [CAShapeLayer layer];
        CGMutablePathRef path = CGPathCreateMutable();
        CGPathMoveToPoint(path, NULL, 50, 0);
        CGPathAddLineToPoint(path, NULL, 100, 100);
        CGPathAddLineToPoint(path, NULL, 0, 100);
        CGPathCloseSubpath(path);
        CGPathAddEllipseInRect(path, NULL, CGRectMake(35, 50, 30, 30));
        badge.path = path;
        CGPathRelease(path);
        badge.fillRule = kCAFillRuleEvenOdd;
        badge.fillColor = [UIColor yellowColor].CGColor;
        badge.strokeColor = [UIColor blackColor].CGColor;
        badge.lineWidth = 2;
        badge.bounds = CGRectMake(0, 0, 100, 100);
        badge.position = CGPointMake(CGRectGetMidX(frame), 200);
        [self.layer addSublayer:badge];
    }
    return self;
}

@end
