import Foundation
import KinescopeTestSupport
import Layers
@testable import Views
import XCTest

final class UndoManagerTests: XCTestCase {
    @MainActor
    final class Document {
        var title = "a"
        let undo: UndoManager
        init(_ undo: UndoManager) { self.undo = undo }

        func setTitle(_ new: String) {
            let old = title
            undo.registerUndo(withTarget: self) { $0.setTitle(old) }
            undo.setActionName("Rename")
            title = new
        }
    }

    func testUndoAndRedoReplayTheInverseRegistrations() throws {
        onMain {
            let manager = UndoManager()
            let doc = Document(manager)
            doc.setTitle("b")
            manager.endEventGroup()
            doc.setTitle("c")
            manager.endEventGroup()
            XCTAssertTrue(manager.canUndo)
            XCTAssertEqual(manager.undoActionName, "Rename")
            XCTAssertEqual(manager.undoMenuItemTitle, "Undo Rename")
            manager.undo()
            XCTAssertEqual(doc.title, "b")
            XCTAssertTrue(manager.canRedo)
            XCTAssertEqual(manager.redoActionName, "Rename")
            manager.undo()
            XCTAssertEqual(doc.title, "a")
            XCTAssertFalse(manager.canUndo)
            manager.redo()
            manager.redo()
            XCTAssertEqual(doc.title, "c")
            XCTAssertFalse(manager.canRedo)
            manager.undo()
            doc.setTitle("d")
            XCTAssertFalse(manager.canRedo, "a new registration forgets what could be redone")
        }
    }

    func testOneEventGroupsItsRegistrationsAndNestedGroupsJoinTheirParent() throws {
        onMain {
            let manager = UndoManager()
            let doc = Document(manager)
            doc.setTitle("b")
            doc.setTitle("c")
            XCTAssertEqual(manager.groupingLevel, 1, "the event group")
            manager.undo()
            XCTAssertEqual(doc.title, "a", "both changes of one event undo together")
            manager.groupsByEvent = false
            manager.beginUndoGrouping()
            doc.setTitle("x")
            manager.beginUndoGrouping()
            doc.setTitle("y")
            manager.endUndoGrouping()
            manager.endUndoGrouping()
            manager.undo()
            XCTAssertEqual(doc.title, "a")
        }
    }

    func testMisuseIsReportedAndChangesNothing() throws {
        ControlFixture.run { f in
            let manager = UndoManager()
            manager.groupsByEvent = false
            let doc = Document(manager)
            doc.setTitle("b")
            manager.endUndoGrouping()
            manager.enableUndoRegistration()
            XCTAssertFalse(manager.canUndo)
            XCTAssertEqual(f.diagnostics.count, 3)
            XCTAssertTrue(f.diagnostics[0].hasPrefix("UndoManager: registerUndo with groupsByEvent false"))
        }
    }

    func testLevelsDisablingAndRemovingByTarget() throws {
        onMain {
            let manager = UndoManager()
            manager.levelsOfUndo = 2
            let doc = Document(manager), other = Document(manager)
            for title in ["b", "c", "d"] {
                doc.setTitle(title)
                manager.endEventGroup()
            }
            manager.undo()
            manager.undo()
            XCTAssertFalse(manager.canUndo, "only two levels kept")
            XCTAssertEqual(doc.title, "b")
            manager.removeAllActions()
            manager.disableUndoRegistration()
            XCTAssertFalse(manager.isUndoRegistrationEnabled)
            doc.setTitle("z")
            manager.enableUndoRegistration()
            XCTAssertFalse(manager.canUndo)
            doc.setTitle("q")
            manager.endEventGroup()
            other.setTitle("o")
            manager.endEventGroup()
            manager.removeAllActions(withTarget: other)
            manager.undo()
            XCTAssertEqual(doc.title, "z")
            XCTAssertEqual(other.title, "o")
        }
    }

    func testIsUndoingIsTrueInsideTheHandler() throws {
        onMain {
            let manager = UndoManager()
            let doc = Document(manager)
            var seen: [Bool] = []
            manager.registerUndo(withTarget: doc) { _ in seen.append(manager.isUndoing) }
            manager.undo()
            XCTAssertEqual(seen, [true])
            XCTAssertFalse(manager.isUndoing)
        }
    }

    func testResponderChainReachesTheWindowsUndoManager() throws {
        ControlFixture.run { f in
            let view = UIView(frame: .zero)
            XCTAssertNil(view.undoManager)
            f.window.addSubview(view)
            XCTAssertTrue(view.undoManager === f.window.undoManager)
            XCTAssertNotNil(f.window.undoManager)
        }
    }
}
