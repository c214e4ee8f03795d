#import <UIKit/UIKit.h>
#define SPARK_COUNT 3

@interface SparkViewController : UIViewController
@property (nonatomic, strong) CAEmitterLayer *sparkLayer;
@end

@implementation SparkViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.sparkLayer = [CAEmitterLayer layer];
    [self.sparkLayer setEmitterPosition:CGPointMake(CGRectGetMidX(self.view.bounds), CGRectGetMidY(self.view.bounds))];
    [self.sparkLayer setEmitterShape:kCAEmitterLayerPoint];
    [self.sparkLayer setRenderMode:kCAEmitterLayerAdditive];
    CAEmitterCell *spark = [CAEmitterCell emitterCell];
    [spark setBirthRate:100 * SPARK_COUNT];
    [spark setLifetime:2.0f];
    [spark setVelocity:120];
    [spark setEmissionRange:M_PI * 2];
    [spark setScale:0.5];
    [spark setAlphaSpeed:-0.5];
    [spark setColor:[[UIColor colorWithRed:1.0 green:0.6 blue:0.2 alpha:1.0] CGColor]];
    [spark setContents:(id)[[UIImage imageNamed:@"spark"] CGImage]];
    self.sparkLayer.emitterCells = @[spark];
    [self.view.layer addSublayer:self.sparkLayer];
}

@end
