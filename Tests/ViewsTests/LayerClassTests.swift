import Foundation
import Geometry
import Layers
import Views
import XCTest

/// `UIView.layerClass` is `AnyClass`, as in UIKit: overrides written for Apple's platforms
/// compile, a `CALayer` subclass backs the view, anything else falls back to `CALayer` with a
/// diagnostic.
final class LayerClassTests: XCTestCase {
    func testLayerClassOverrideSpelledAsAnyClassBacksTheViewWithThatLayer() throws {
        onMain {
            let view = MarkerBackedView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
            XCTAssertTrue(type(of: view.layer) == MarkerLayer.self, "\(type(of: view.layer))")
            XCTAssertTrue(view.layer.delegate === view)
            XCTAssertEqual(view.layer.bounds.size, CGSize(width: 20, height: 10))
        }
    }

    func testSubclassOfALayerBackedViewInheritsItsLayerClass() throws {
        onMain {
            XCTAssertTrue(type(of: MarkerBackedSubview().layer) == MarkerLayer.self)
            XCTAssertTrue(type(of: UIView().layer) == CALayer.self, "UIView's own layer class is CALayer")
        }
    }

    func testNonLayerClassFallsBackToCALayerWithADiagnosticNamingBothClasses() throws {
        onMain {
            var diagnostics: [String] = []
            let engine = AnimationEngine(clock: VirtualClock())
            engine.diagnosticHandler = { diagnostics.append($0) }
            let (objectBacked, swiftBacked) = engine.withCurrent {
                (NSObjectBackedView(frame: .zero), SwiftClassBackedView(frame: .zero))
            }
            XCTAssertTrue(type(of: objectBacked.layer) == CALayer.self)
            XCTAssertTrue(type(of: swiftBacked.layer) == CALayer.self)
            XCTAssertTrue(objectBacked.layer.delegate === objectBacked, "the fallback layer is wired as any other")
            XCTAssertEqual(diagnostics.count, 2, "\(diagnostics)")
            XCTAssertTrue(diagnostics[0].contains("NSObjectBackedView") && diagnostics[0].contains("NSObject"), diagnostics[0])
            XCTAssertEqual(diagnostics[1], "ViewsTests.LayerClassTests.SwiftClassBackedView.layerClass is "
                               + "ViewsTests.LayerClassTests.NotALayer, not a CALayer subclass; using CALayer")
            XCTAssertFalse(diagnostics[0].contains("\n"), "one line")
        }
    }

    final class MarkerLayer: CALayer {}
    final class NotALayer {}

    @MainActor
    class MarkerBackedView: UIView {
        override class var layerClass: AnyClass { MarkerLayer.self }
    }

    @MainActor
    final class MarkerBackedSubview: MarkerBackedView {}

    @MainActor
    final class NSObjectBackedView: UIView {
        override class var layerClass: AnyClass { NSObject.self }
    }

    @MainActor
    final class SwiftClassBackedView: UIView {
        override class var layerClass: AnyClass { NotALayer.self }
    }
}
