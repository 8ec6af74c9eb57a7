import Foundation
import Hosts

extension InputScript {
    /// The JSON form described at `init(parsing:source:)`: errors name the event by its
    /// 1-based index in the array (the message starts `event N:`; JSON gives no line numbers).
    init(json text: String, source: String?) throws(InputScriptError) {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw InputScriptError(source: source, message: "is not valid JSON (\(error.localizedDescription))")
        }
        guard let list = root as? [Any] else {
            throw InputScriptError(source: source, message: "a JSON script is an array of events")
        }
        var script = InputScript()
        for (index, element) in list.enumerated() {
            do throws(InputScriptError) {
                guard let object = element as? [String: Any] else {
                    throw InputScriptError(message: "an event is an object such as {\"time\": 0.5, \"click\": [120, 80]}")
                }
                guard let time = Self.jsonNumber(object["time"]) else {
                    throw InputScriptError(message: "needs a \"time\" in seconds")
                }
                let verbs = object.keys.filter { $0 != "time" }
                guard verbs.count == 1, let verb = verbs.first, let value = object[verb] else {
                    throw InputScriptError(message: "needs exactly one action besides \"time\" (click, drag, down, move, up, wheel, key or type), got \(verbs.sorted())")
                }
                try script.append(Event(time: time, action: try Self.jsonAction(verb, value)))
            } catch {
                throw InputScriptError(source: source, message: "event \(index + 1): \(error.message)")
            }
        }
        self = script
    }

    private static func jsonAction(_ verb: String, _ value: Any) throws(InputScriptError) -> Action {
        switch verb {
        case "click", "down", "move", "up":
            return pointAction(verb, at: try jsonPoint(value, verb))
        case "drag":
            guard let object = value as? [String: Any], let from = object["from"], let to = object["to"] else {
                throw InputScriptError(message: "drag is {\"from\": [x, y], \"to\": [x, y], \"over\": seconds}")
            }
            var duration = 0.25
            if let over = object["over"] {
                guard let seconds = jsonNumber(over) else { throw InputScriptError(message: "drag \"over\" is a number of seconds") }
                duration = seconds
            }
            return .drag(from: try jsonPoint(from, "drag from"), to: try jsonPoint(to, "drag to"), duration: duration)
        case "wheel":
            guard let object = value as? [String: Any], let at = object["at"] else {
                throw InputScriptError(message: "wheel is {\"dx\": notches, \"dy\": notches, \"at\": [x, y], \"with\": \"control\"}")
            }
            var modifiers: KeyModifiers = []
            if let with = object["with"] {
                guard let names = with as? String else { throw InputScriptError(message: "wheel \"with\" is a string such as \"control+shift\"") }
                modifiers = try self.modifiers(parsing: names)
            }
            return .wheel(dx: try jsonNotches(object["dx"], "dx"), dy: try jsonNotches(object["dy"], "dy"),
                          at: try jsonPoint(at, "wheel at"), modifiers: modifiers)
        case "key":
            guard let name = value as? String else { throw InputScriptError(message: "key is a string such as \"Return\" or \"control+a\"") }
            let (keysym, modifiers) = try key(parsing: name).get()
            return .key(keysym: keysym, modifiers: modifiers)
        case "type":
            guard let text = value as? String else { throw InputScriptError(message: "type is a string") }
            return .type(text)
        default:
            throw InputScriptError(message: "unknown action \"\(verb)\"; expected click, drag, down, move, up, wheel, key or type")
        }
    }

    /// A JSON number (Foundation reads `true` and `false` as the numbers 1 and 0 too).
    private static func jsonNumber(_ value: Any?) -> Double? {
        (value as? NSNumber)?.doubleValue
    }

    private static func jsonPoint(_ value: Any, _ what: String) throws(InputScriptError) -> CGPoint {
        guard let pair = value as? [Any], pair.count == 2, let x = jsonNumber(pair[0]), let y = jsonNumber(pair[1]) else {
            throw InputScriptError(message: "\(what) is a point [x, y]")
        }
        return CGPoint(x: x, y: y)
    }

    private static func jsonNotches(_ value: Any?, _ axis: String) throws(InputScriptError) -> Int {
        guard let value else { return 0 }
        guard let number = jsonNumber(value), number.rounded() == number, abs(number) <= 1e9 else {
            throw InputScriptError(message: "wheel \"\(axis)\" is a whole number of notches")
        }
        return Int(number)
    }
}
