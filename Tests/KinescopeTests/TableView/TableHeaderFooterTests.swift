@testable import Views
import Kinescope
import KinescopeTestSupport
import XCTest

/// `tableHeaderView` and `tableFooterView`: placement, sizing, and UIKit's re-assign rule.
final class TableHeaderFooterTests: XCTestCase {
    func testHeaderSitsAboveTheFirstSectionAndFooterBelowTheLast() throws {
        try onMain {
            let source = TableLog(counts: [2, 3])
            source.headerTitles = [0: "First"]
            let scene = try makeTableScene(source)
            let table = scene.table
            let header = UIView(frame: CGRect(x: 7, y: 9, width: 20, height: 50))
            let footer = UIView(frame: CGRect(x: 0, y: 0, width: 500, height: 30))
            table.tableHeaderView = header
            table.tableFooterView = footer
            table.layoutIfNeeded()
            XCTAssertTrue(header.superview === table)
            XCTAssertEqual(header.frame, CGRect(x: 0, y: 0, width: 160, height: 50), "width is the table's, origin 0")
            XCTAssertEqual(table.headerView(forSection: 0)?.frame.minY, 50)
            XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY, 50 + 28)
            let lastRowBottom = table.rectForRow(at: IndexPath(row: 2, section: 1)).maxY
            XCTAssertEqual(lastRowBottom, 50 + 28 + 5 * 44)
            XCTAssertEqual(footer.frame, CGRect(x: 0, y: lastRowBottom, width: 160, height: 30))
            XCTAssertEqual(table.contentSize.height, lastRowBottom + 30)
            XCTAssertEqual(table.indexPathForRow(at: CGPoint(x: 5, y: 20)), nil, "the header is not a row")
        }
    }

    func testHeightChangesOnlyWhenTheViewIsAssignedAgain() throws {
        try onMain {
            let scene = try makeTableScene(TableLog(counts: [3]))
            let table = scene.table
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 40))
            table.tableHeaderView = header
            table.layoutIfNeeded()
            XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY, 40)
            header.frame.size.height = 100
            table.layoutIfNeeded()
            XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY, 40, "UIKit ignores a later frame change")
            XCTAssertEqual(header.frame.height, 100, "the view keeps its frame and overlaps the rows")
            header.frame.size.height = 100
            table.tableHeaderView = header
            table.layoutIfNeeded()
            XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY, 100)
            XCTAssertEqual(table.cellForRow(at: IndexPath(row: 0, section: 0))?.frame.minY, 100, "cells move down")
            XCTAssertEqual(table.contentSize.height, 100 + 3 * 44)
        }
    }

    func testReplacingAndRemovingKeepsSelectionAndTakesTheOldViewOut() throws {
        try onMain {
            let scene = try makeTableScene(TableLog(counts: [3]))
            let table = scene.table
            table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
            let first = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 20))
            let second = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 60))
            table.tableHeaderView = first
            table.tableHeaderView = second
            table.layoutIfNeeded()
            XCTAssertNil(first.superview)
            XCTAssertTrue(second.superview === table)
            XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 1, section: 0), "no reload")
            table.tableHeaderView = nil
            table.layoutIfNeeded()
            XCTAssertNil(second.superview)
            XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY, 0)
            XCTAssertEqual(table.contentSize.height, 3 * 44)
        }
    }

    func testFooterFollowsRowInsertionsAndEmptyTableStacksBoth() throws {
        try onMain {
            let source = TableLog(counts: [2])
            let scene = try makeTableScene(source)
            let table = scene.table
            let footer = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 25))
            table.tableFooterView = footer
            table.layoutIfNeeded()
            XCTAssertEqual(footer.frame.minY, 88)
            source.counts = [3]
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            scene.host.advance(by: 0.5)
            table.layoutIfNeeded()
            XCTAssertEqual(footer.frame.minY, 132)
            XCTAssertEqual(table.contentSize.height, 132 + 25)

            source.counts = []
            table.tableHeaderView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 15))
            table.reloadData()
            table.layoutIfNeeded()
            XCTAssertEqual(footer.frame.minY, 15, "no sections: the footer sits under the header")
            XCTAssertEqual(table.contentSize.height, 40)
        }
    }
}
