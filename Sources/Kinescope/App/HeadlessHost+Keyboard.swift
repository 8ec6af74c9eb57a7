import Foundation
import Hosts

/// Keys for a headless host, through the path a real keyboard's take: `HostEvent.keyDown` and
/// `.keyUp` with a `KeyEvent` whose text is what X11 would type for the keysym, then the run
/// loop's `UIKey` to the first responder (or the scroll view under the pointer for scrolling
/// keys).
///
/// ```swift
/// host.pressKey(keysym: 0xFF0D)            // Return
/// host.pressKey(keysym: 0x61, modifiers: .control)
/// host.type("héllo")
/// ```
extension HeadlessHost {
    /// Presses and releases the key with X11 keysym `keysym` (`InputScript.keysym(named:)`
    /// finds one by name), each in a run-loop turn of its own without time passing. The key's
    /// text is X11's for that keysym ("\r" for Return, "é" for 0xE9, "" for arrows), including
    /// Shift but not Control as `UIKey.characters` does: pass the shifted keysym (0x41 `A`)
    /// with `.shift` for a capital.
    @MainActor
    public func pressKey(keysym: UInt32, modifiers: KeyModifiers = []) {
        let key = KeyEvent(keysym: keysym, text: textForKeysym(keysym), modifiers: modifiers)
        inject(.keyDown(key))
        try? runLoop.runTurn(maximumWait: .zero)
        inject(.keyUp(key))
        try? runLoop.runTurn(maximumWait: .zero)
    }

    /// Types `text` one Unicode scalar at a time, each a `pressKey(keysym:)` of the keysym that
    /// types it (the Latin-1 code point, or `0x0100_0000` + code point; "\n" as Return, "\t" as
    /// Tab), all without time passing and without modifiers. Control characters other than
    /// "\n", "\r" and "\t" are skipped (no key types them).
    @MainActor
    public func type(_ text: String) {
        for scalar in text.unicodeScalars {
            guard let keysym = InputScript.keysym(typing: scalar) else { continue }
            pressKey(keysym: keysym)
        }
    }
}
