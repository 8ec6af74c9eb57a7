// Foundation already defines `CGFloat`, `CGPoint`, `CGSize` and `CGRect` on Linux with Apple's
// API; Geometry re-exports them and adds what Foundation lacks here (`CGAffineTransform`,
// `CATransform3D` and the math the compositor needs).
@_exported import Foundation
