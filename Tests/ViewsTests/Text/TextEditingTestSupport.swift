import Foundation
import Geometry
@testable import Views

/// Key presses as the X11 host sends them: a keysym, its text and the modifiers.
enum Keys {
    static func char(_ c: Character, _ flags: UIKeyModifierFlags = []) -> UIKey {
        let scalar = c.unicodeScalars.first!.value
        let keysym = scalar < 0x100 ? scalar : 0x0100_0000 | scalar
        return UIKey(keysym: keysym, characters: flags.contains(.control) ? "" : String(c), modifierFlags: flags)
    }

    static func special(_ keysym: UInt32, _ flags: UIKeyModifierFlags = []) -> UIKey {
        UIKey(keysym: keysym, characters: keysym == TextKeysym.returnKey ? "\r" : "", modifierFlags: flags)
    }

    static let left = TextKeysym.left, right = TextKeysym.right, up = TextKeysym.up, down = TextKeysym.down
    static let home = TextKeysym.home, end = TextKeysym.end, backSpace = TextKeysym.backSpace
    static let delete = TextKeysym.delete, returnKey = TextKeysym.returnKey, tab = TextKeysym.tab
}

extension ControlFixture {
    /// Presses and releases `key` in the window (to the first responder).
    func press(_ key: UIKey) {
        window.sendKey(key, isDown: true)
        window.sendKey(key, isDown: false)
    }

    func press(_ keysym: UInt32, _ flags: UIKeyModifierFlags = [], times: Int = 1) {
        for _ in 0..<times { press(Keys.special(keysym, flags)) }
    }

    /// Types `text`, one key per character.
    func type(_ text: String) {
        for c in text { press(Keys.char(c)) }
    }

    /// Ctrl + `letter`.
    func control(_ letter: Character, shift: Bool = false) {
        press(Keys.char(letter, shift ? [.control, .shift] : [.control]))
    }

    /// A field of 200×34 points at `origin` in the window.
    func field(at origin: CGPoint = CGPoint(x: 10, y: 10), width: CGFloat = 200) -> UITextField {
        let field = UITextField(frame: CGRect(x: origin.x, y: origin.y, width: width, height: 34))
        field.borderStyle = .roundedRect
        window.addSubview(field)
        field.layoutIfNeeded()
        return field
    }

    /// Taps `count` times quickly at `point` (window coordinates).
    func tap(_ point: CGPoint, count: Int) {
        for _ in 0..<count {
            tap(point)
            advance(0.1)
        }
    }
}

/// Records the delegate calls of a text field and applies the vetoes a test sets.
@MainActor
final class FieldDelegate: UITextFieldDelegate {
    var calls: [String] = []
    var allowsBegin = true
    var allowsEnd = true
    var refusesDigits = false
    var returns = true

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { calls.append("shouldBegin"); return allowsBegin }
    func textFieldDidBeginEditing(_ textField: UITextField) { calls.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { calls.append("shouldEnd"); return allowsEnd }
    func textFieldDidEndEditing(_ textField: UITextField) { calls.append("didEnd") }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        calls.append("change \(range.location),\(range.length) '\(string)'")
        return !(refusesDigits && string.contains { $0.isNumber })
    }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool { calls.append("shouldReturn"); return returns }
    func textFieldShouldClear(_ textField: UITextField) -> Bool { calls.append("shouldClear"); return true }
}

/// A count a notification observer (a `@Sendable` block) can bump; observers run on the
/// posting thread, the main thread here.
final class Counter: @unchecked Sendable {
    var value = 0
}
