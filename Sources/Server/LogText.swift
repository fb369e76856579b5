import JSON
import Planner

/// Text a client chose, made safe to put on a log line.
package enum LogText {
    /// `text` as it may appear on a log line: at most 100 Unicode scalars, with control characters escaped as
    /// in JSON, so a client-chosen name (an operation name, say) cannot forge or split log lines.
    package static func safe(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F }
        if plain && text.unicodeScalars.count <= 100 { return text }
        let quoted = JSONText.quote(String(String.UnicodeScalarView(text.unicodeScalars.prefix(100))))
        return String(quoted.dropFirst().dropLast())
    }
}
