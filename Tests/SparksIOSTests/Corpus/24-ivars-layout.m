#import <UIKit/UIKit.h>

@implementation SmokeView {
    CAEmitterLayer *_smoke;
}

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        _smoke = [[CAEmitterLayer alloc] init];
        _smoke.emitterShape = kCAEmitterLayerRectangle;
        _smoke.emitterMode = kCAEmitterLayerSurface;
        CAEmitterCell *puff = [[CAEmitterCell alloc] init];
        puff.birthRate = 10;
        puff.lifetime = 6;
        puff.velocity = 20;
        puff.emissionLongitude = -M_PI / 2;
        puff.scale = 0.6;
        puff.scaleSpeed = 0.2;
        puff.alphaSpeed = -0.15;
        puff.spinRange = 0.5;
        puff.contents = (id)[UIImage imageNamed:@"smoke"].CGImage;
        _smoke.emitterCells = @[puff];
        [self.layer addSublayer:_smoke];
    }
    return self;
}

- (void)layoutSubviews {
    [super layoutSubviews];
    _smoke.frame = self.bounds;
    _smoke.emitterPosition = CGPointMake(CGRectGetMidX(self.bounds), CGRectGetMaxY(self.bounds) - 30);
    _smoke.emitterSize = CGSizeMake(60, 10);
}

@end
