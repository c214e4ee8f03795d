#import <UIKit/UIKit.h>

@interface MagicTrailView : UIView
@end

@implementation MagicTrailView {
    CAEmitterLayer *_emitter;
}

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        _emitter = [CAEmitterLayer layer];
        _emitter.emitterPosition = CGPointMake(160, 240);
        _emitter.renderMode = kCAEmitterLayerAdditive;

        CAEmitterCell *spark = [CAEmitterCell emitterCell];
        spark.name = @"spark";
        spark.contents = (id)[UIImage imageNamed:@"spark"].CGImage;
        spark.birthRate = 120;
        spark.lifetime = 2;
        spark.velocity = 80;
        spark.emissionRange = M_PI * 2;
        _emitter.emitterCells = @[spark];

        CAEmitterBehavior *ramp = [CAEmitterBehavior behaviorWithType:kCAEmitterBehaviorColorOverLife];
        [ramp setValue:@"ramp" forKey:@"name"];
        [ramp setValue:@[(id)[UIColor whiteColor].CGColor, (id)[UIColor orangeColor].CGColor, (id)[UIColor clearColor].CGColor] forKey:@"colors"];
        CAEmitterBehavior *slow = [[CAEmitterBehavior alloc] initWithType:kCAEmitterBehaviorDrag];
        [slow setValue:@2 forKey:@"drag"];
        CAEmitterBehavior *face = [CAEmitterBehavior behaviorWithType:@"alignToMotion"];
        [_emitter setValue:@[ramp, slow, face] forKey:@"emitterBehaviors"];
        [_emitter setValue:@0.5 forKeyPath:@"emitterBehaviors.ramp.enabled"];

        [self.layer addSublayer:_emitter];
    }
    return self;
}

@end
