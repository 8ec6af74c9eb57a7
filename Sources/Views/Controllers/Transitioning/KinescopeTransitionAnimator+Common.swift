import Foundation
import Geometry
import Layers
import Transitions

extension KinescopeTransitionAnimator {
    /// Core Animation's `cube` (`CATransition` type "cube"): the view turns as the face of a
    /// cube, the incoming one on the face coming from `subtype` (default `.fromRight`, so a
    /// push turns the cube to the left and, rewound, a pop turns it back). A subtype Core
    /// Animation does not know uses the transition's default, with a diagnostic.
    public static func cube(_ subtype: CATransitionSubtype = .fromRight,
                            duration: TimeInterval = defaultDuration) -> KinescopeTransitionAnimator {
        subtyped("cube", subtype, duration: duration)
    }

    /// Core Animation's `pageCurl`: the outgoing view curls away from the edge `subtype` names
    /// (default `.fromRight`), showing the incoming one beneath; rewound for a pop or a
    /// dismissal, the page curls back down.
    public static func pageCurl(_ subtype: CATransitionSubtype = .fromRight,
                                duration: TimeInterval = defaultDuration) -> KinescopeTransitionAnimator {
        subtyped("pageCurl", subtype, duration: duration)
    }

    /// Core Animation's `oglFlip`: the view turns over about an axis, the incoming one on its
    /// back, turning towards `subtype` (default `.fromRight`).
    public static func flip(_ subtype: CATransitionSubtype = .fromRight,
                            duration: TimeInterval = defaultDuration) -> KinescopeTransitionAnimator {
        subtyped("oglFlip", subtype, duration: duration)
    }

    /// Core Animation's `rippleEffect`: the outgoing view ripples like water and the incoming
    /// one appears through the waves.
    public static func rippleEffect(duration: TimeInterval = defaultDuration) -> KinescopeTransitionAnimator {
        KinescopeTransitionAnimator(TransitionRegistry.atDefaults("rippleEffect"), duration: duration)
    }

    /// Core Image's `CIBarsSwipeTransition` with Apple's keys: bars `width` pixels wide lying
    /// along `angle` (radians counter-clockwise from +x; Apple's default π gives horizontal bars
    /// moving right to left) slide away at offsets of `barOffset` pixels. Apple's defaults: π,
    /// 30, 10. Throws for a value outside the filter's range (`inputWidth` 2…100 000,
    /// `inputBarOffset` 1…100 000, a finite angle).
    public static func barsSwipe(angle: CGFloat = .pi, width: CGFloat = 30, barOffset: CGFloat = 10,
                                 duration: TimeInterval = defaultDuration) throws(TransitionError) -> KinescopeTransitionAnimator {
        try KinescopeTransitionAnimator(name: "CIBarsSwipeTransition",
                                        parameters: ["inputAngle": "\(angle)", "inputWidth": "\(width)", "inputBarOffset": "\(barOffset)"],
                                        duration: duration)
    }

    /// The registered transition `name` with `subtype` as its `subtype` parameter; a subtype
    /// other than Core Animation's four gives the transition's default one, with a diagnostic.
    private static func subtyped(_ name: String, _ subtype: CATransitionSubtype,
                                 duration: TimeInterval) -> KinescopeTransitionAnimator {
        let known: [CATransitionSubtype] = [.fromLeft, .fromRight, .fromTop, .fromBottom]
        if known.contains(subtype),
           let made = try? TransitionRegistry.make(named: name, parameters: ["subtype": subtype.rawValue]) {
            return KinescopeTransitionAnimator(made, duration: duration)
        }
        AnimationEngine.current.diagnosticHandler(
            "KinescopeTransitionAnimator.\(name): subtype '\(subtype.rawValue)' is not fromLeft, fromRight, fromTop or fromBottom; using the default")
        return KinescopeTransitionAnimator(TransitionRegistry.atDefaults(name), duration: duration)
    }
}

extension TransitionRegistry {
    /// The registered transition `name` (one of Core Animation's types, which the registry's
    /// contract test lists) at its defaults.
    fileprivate static func atDefaults(_ name: String) -> any Transition {
        func make<T: Transition>(_ type: T.Type) -> any Transition { T(parameters: T.defaultParameters) }
        let type = all.first { $0.name == name } ?? all[0]
        return make(type)
    }
}
