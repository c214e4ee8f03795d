#import <UIKit/UIKit.h>

@interface BurstViewController : UIViewController
@property (nonatomic, strong) CAEmitterLayer *burst;
@end

@implementation BurstViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.burst = [CAEmitterLayer layer];
    self.burst.emitterPosition = CGPointMake(187.5, 333.5);
    self.burst.renderMode = kCAEmitterLayerAdditive;
    CAEmitterCell *spark = [CAEmitterCell emitterCell];
    spark.name = @"spark";
    spark.birthRate = 800;
    spark.lifetime = 1.2;
    spark.velocity = 200;
    spark.velocityRange = 60;
    spark.emissionRange = M_PI * 2;
    spark.alphaSpeed = -0.8;
    spark.contents = (id)[UIImage imageNamed:@"spark"].CGImage;
    self.burst.emitterCells = @[spark];
    [self.view.layer addSublayer:self.burst];
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(0.2 * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
        [self.burst setValue:@0 forKeyPath:@"emitterCells.spark.birthRate"];
    });
}

@end
