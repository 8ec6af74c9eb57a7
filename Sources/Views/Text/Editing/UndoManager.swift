import Dispatch
import Foundation
import Layers

/// Records changes so they can be undone and redone, as Foundation's `UndoManager` on Apple
/// platforms (swift-corelibs-foundation has none).
///
/// Registrations are collected into groups; `undo()` undoes the newest group, running its
/// handlers newest first. A handler run by `undo()` registers its own inverse, which lands on
/// the redo stack (and a handler run by `redo()` lands back on the undo stack), exactly as with
/// Apple's class:
///
/// ```swift
/// func setTitle(_ new: String) {
///     let old = title
///     undoManager?.registerUndo(withTarget: self) { $0.setTitle(old) }
///     undoManager?.setActionName("Rename")
///     title = new
/// }
/// ```
///
/// With `groupsByEvent` (the default), a registration made outside any explicit group opens
/// one that is closed at the end of the event: Kinescope's text views close it after each key
/// or touch they handle, and otherwise it closes on the next turn of the main queue (the run
/// loop services it between frames). Misuse that Apple answers with an exception (an
/// unbalanced `endUndoGrouping`, registering with `groupsByEvent` off and no open group,
/// `undo()` inside a nested group) prints a diagnostic and changes nothing.
@MainActor
open class UndoManager {
    private struct Action {
        weak var target: AnyObject?
        let run: @MainActor () -> Void
    }

    private final class Group {
        var actions: [Action] = []
        var name = ""
        var isEmpty: Bool { actions.isEmpty }
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    private var openGroups: [Group] = []
    /// Whether the outermost open group was opened by a registration (`groupsByEvent`), not
    /// by `beginUndoGrouping()`.
    private var eventGroupIsOpen = false
    private var eventCloseScheduled = false
    private var disabledCount = 0

    /// An empty undo manager: unlimited levels, grouping by event.
    public init() {}

    /// Whether registrations outside an explicit group are grouped per event (see the class
    /// discussion). Default true.
    open var groupsByEvent = true

    /// How many top-level groups the undo stack keeps; the oldest are dropped past it. 0 (the
    /// default) keeps all. Negative values count as 0.
    open var levelsOfUndo = 0 {
        didSet { trim() }
    }

    /// True while `undo()` runs its handlers.
    public private(set) var isUndoing = false
    /// True while `redo()` runs its handlers.
    public private(set) var isRedoing = false

    /// How many groups are open (nested `beginUndoGrouping` calls, plus the event group).
    open var groupingLevel: Int { openGroups.count }

    /// Whether registrations are recorded: false between `disableUndoRegistration()` and the
    /// matching `enableUndoRegistration()` (the calls nest).
    open var isUndoRegistrationEnabled: Bool { disabledCount == 0 }

    /// Stops recording registrations until the matching `enableUndoRegistration()`.
    open func disableUndoRegistration() { disabledCount += 1 }

    /// Ends one `disableUndoRegistration()`; unbalanced calls print a diagnostic.
    open func enableUndoRegistration() {
        guard disabledCount > 0 else { return report("enableUndoRegistration() without a matching disable; ignored") }
        disabledCount -= 1
    }

    /// Whether `undo()` has something to undo (an open event group with actions counts).
    open var canUndo: Bool { !undoStack.isEmpty || (eventGroupIsOpen && openGroups.count == 1 && !openGroups[0].isEmpty) }

    /// Whether `redo()` has something to redo.
    open var canRedo: Bool { !redoStack.isEmpty }

    /// Records `handler`, to be called with `target` when the current group is undone. The
    /// target is held weakly (Apple's manager does not retain it either): a handler whose
    /// target is gone does nothing.
    open func registerUndo<TargetType: AnyObject>(withTarget target: TargetType,
                                                  handler: @escaping @MainActor (TargetType) -> Void) {
        guard isUndoRegistrationEnabled else { return }
        if !isUndoing, !isRedoing { redoStack.removeAll() }
        if openGroups.isEmpty {
            guard groupsByEvent else {
                return report("registerUndo with groupsByEvent false and no open group; ignored")
            }
            openGroups.append(Group())
            eventGroupIsOpen = true
            scheduleEventClose()
        }
        openGroups[openGroups.count - 1].actions.append(Action(target: target) { [weak target] in
            if let target { handler(target) }
        })
    }

    /// Opens a group: everything registered until the matching `endUndoGrouping()` is undone
    /// by one `undo()`. Groups nest; a nested group becomes one step of its parent.
    open func beginUndoGrouping() {
        openGroups.append(Group())
    }

    /// Closes the group opened last. A top-level group with no actions is dropped.
    open func endUndoGrouping() {
        guard let group = openGroups.popLast() else {
            return report("endUndoGrouping() without a matching beginUndoGrouping(); ignored")
        }
        if openGroups.isEmpty { eventGroupIsOpen = false }
        guard !group.isEmpty else { return }
        if let parent = openGroups.last {
            parent.actions.append(contentsOf: group.actions)
            if parent.name.isEmpty { parent.name = group.name }
            return
        }
        if isUndoing {
            redoStack.append(group)
        } else {
            if !isRedoing { redoStack.removeAll() }
            undoStack.append(group)
            trim()
        }
    }

    /// Closes the group a registration opened for the current event, if one is open. The text
    /// views call this after each key or touch they handle; the main queue calls it otherwise.
    open func endEventGroup() {
        guard eventGroupIsOpen, openGroups.count == 1 else { return }
        endUndoGrouping()
    }

    /// Undoes the newest group (closing the event group first, as Apple's does when
    /// `groupingLevel` is 1), putting what its handlers register on the redo stack.
    open func undo() {
        if groupsByEvent, openGroups.count == 1 { endUndoGrouping() }
        guard openGroups.isEmpty else { return report("undo() inside an open undo group; ignored") }
        guard let group = undoStack.popLast() else { return }
        isUndoing = true
        replay(group)
        isUndoing = false
    }

    /// Redoes the newest undone group, putting what its handlers register back on the undo stack.
    open func redo() {
        guard openGroups.isEmpty else { return report("redo() inside an open undo group; ignored") }
        guard let group = redoStack.popLast() else { return }
        isRedoing = true
        replay(group)
        isRedoing = false
    }

    /// Sets the name of the action being registered (the open group, or the newest undo
    /// group), shown as "Undo <name>" in menus; while undoing it names the redo group.
    open func setActionName(_ actionName: String) {
        if let open = openGroups.last {
            open.name = actionName
        } else if let last = isUndoing ? redoStack.last : undoStack.last {
            last.name = actionName
        }
    }

    /// The name of the group `undo()` would undo; empty when it has none.
    open var undoActionName: String {
        if eventGroupIsOpen, let open = openGroups.first, !open.isEmpty { return open.name }
        return undoStack.last?.name ?? ""
    }

    /// The name of the group `redo()` would redo; empty when it has none.
    open var redoActionName: String { redoStack.last?.name ?? "" }

    /// "Undo" followed by `undoActionName`, as Apple's English menu title.
    open var undoMenuItemTitle: String { undoActionName.isEmpty ? "Undo" : "Undo \(undoActionName)" }

    /// "Redo" followed by `redoActionName`.
    open var redoMenuItemTitle: String { redoActionName.isEmpty ? "Redo" : "Redo \(redoActionName)" }

    /// Forgets everything on both stacks (open groups too).
    open func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        openGroups.removeAll()
        eventGroupIsOpen = false
    }

    /// Forgets every action registered with `target`; groups left empty are dropped.
    open func removeAllActions(withTarget target: Any) {
        let object = target as AnyObject
        for group in undoStack + redoStack + openGroups {
            group.actions.removeAll { $0.target == nil || $0.target === object }
        }
        undoStack.removeAll { $0.isEmpty }
        redoStack.removeAll { $0.isEmpty }
    }

    private func replay(_ group: Group) {
        beginUndoGrouping()
        for action in group.actions.reversed() { action.run() }
        let inverse = openGroups.last
        inverse?.name = group.name
        endUndoGrouping()
    }

    private func trim() {
        let levels = max(0, levelsOfUndo)
        if levels > 0, undoStack.count > levels { undoStack.removeFirst(undoStack.count - levels) }
    }

    private func scheduleEventClose() {
        guard !eventCloseScheduled else { return }
        eventCloseScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.eventCloseScheduled = false
                self.endEventGroup()
            }
        }
    }

    private func report(_ message: String) {
        AnimationEngine.current.diagnosticHandler("UndoManager: \(message)")
    }
}
