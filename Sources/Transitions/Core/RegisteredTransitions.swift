/// The list behind `TransitionRegistry.all`. Add a new transition's type here; the contract
/// test then checks it with every other.
let registered: [any Transition.Type] = [
    FadeTransition.self,
    CIDissolveTransition.self,
    CISwipeTransition.self,
    CIBarsSwipeTransition.self,
    CICopyMachineTransition.self,
    CIModTransition.self,
    CIFlashTransition.self,
    CIRippleTransition.self,
    CIDisintegrateWithMaskTransition.self,
    CIAccordionFoldTransition.self,
]
