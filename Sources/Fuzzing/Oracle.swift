import Foundation

/// Checks an answer against the properties that do not depend on the server's state.
public enum Oracle {
    /// Statuses a GraphQL request may get.
    public static let allowedStatuses: Set<Int> = [200, 400, 401, 405, 413, 503]

    /// Text that must never reach a client unless the client sent it: SQL, PostgreSQL's messages, Swift's
    /// runtime and Foundation's error descriptions.
    public static let leakPatterns = [
        "SELECT ", "syntax error at or near", "LATERAL", "relation \"", "SQLSTATE", "column \"", "json_build_object", "jsonb_",
        "ERROR:  ", "DETAIL:", "HINT:", "violates ", "duplicate key value", "invalid input syntax", "out of range for type",
        "stack depth limit", "PostgresError", "libpq", "Fatal error", "fatal error", "Swift/", ".swift:", "Stack dump",
        "NSCocoaErrorDomain", "Error Domain=", "Optional(", "DecodingError", "Swift.", "Foundation.",
    ]

    /// The violations of `answer` to `request`.
    public static func check(_ request: FuzzRequest, _ answer: HTTPAnswer) -> [Violation] {
        var violations: [Violation] = []
        if !allowedStatuses.contains(answer.status) {
            violations.append(Violation(property: .status, detail: "HTTP \(answer.status)"))
        }
        let json: JSONValue
        do {
            json = try StrictJSON.parse(answer.body)
        } catch {
            let shown = FuzzRequest.printable(answer.body, limit: 160)
            violations.append(Violation(property: .json, detail: "HTTP \(answer.status), body is not JSON (\(error)): \(shown.isEmpty ? "<empty>" : shown)"))
            return violations
        }
        var responses: [JSONValue] = [json]
        if case .array(let items) = json {
            if let size = request.batchSize, answer.status == 200 {
                if items.count != size { violations.append(Violation(property: .shape, detail: "a batch of \(size) was answered with \(items.count) responses")) }
                responses = items
            } else {
                violations.append(Violation(property: .shape, detail: "HTTP \(answer.status) with a JSON array for a request that is not a valid batch"))
                return violations
            }
        } else if request.batchSize != nil && answer.status == 200 {
            violations.append(Violation(property: .shape, detail: "a batch was answered with HTTP 200 and a single object"))
        }
        let sent = requestText(request)
        for response in responses {
            violations += checkShape(response, status: answer.status)
            for entry in errorEntries(response) {
                if entry["errorType"]?.text == "InternalError" {
                    violations.append(Violation(property: .internalError, detail: "InternalError: \(entry["message"]?.text ?? "?")"))
                }
                for text in [entry["message"]?.text, entry["errorType"]?.text].compactMap({ $0 }) {
                    for pattern in leakPatterns where text.contains(pattern) && !sent.contains(pattern) {
                        violations.append(Violation(property: .leak, detail: "'\(pattern)' in \"\(text.prefix(300))\""))
                    }
                }
            }
        }
        if answer.status == 200, request.batchSize == nil {
            violations += checkEchoes(request.echoes, in: json)
        }
        return violations
    }

    /// `{"data": object-or-null, "errors": [entries]}`: at least one of them meaningful, errors on a non-200.
    /// `data` may be left out when there are errors (the 401 body, and GraphQL's rule for requests that fail
    /// before execution).
    static func checkShape(_ response: JSONValue, status: Int) -> [Violation] {
        guard case .object(let fields) = response else {
            return [Violation(property: .shape, detail: "HTTP \(status) body is not an object")]
        }
        var problems: [String] = []
        for (key, _) in fields where !["data", "errors", "extensions"].contains(key) { problems.append("unexpected top-level key '\(key)'") }
        let data = response["data"]
        switch data {
        case nil, .null?, .object?: break
        default: problems.append("'data' is neither an object nor null")
        }
        let errors = response["errors"]
        if let errors {
            if case .array(let entries) = errors, !entries.isEmpty {
                for entry in entries { problems += entryProblems(entry) }
            } else {
                problems.append("'errors' is not a non-empty array")
            }
        }
        let hasData: Bool
        if case .object? = data { hasData = true } else { hasData = false }
        if !hasData && errors == nil { problems.append("neither data nor errors") }
        if status != 200 && errors == nil { problems.append("HTTP \(status) without errors") }
        return problems.map { Violation(property: .shape, detail: $0) }
    }

    static func entryProblems(_ entry: JSONValue) -> [String] {
        guard case .object = entry else { return ["an error entry is not an object"] }
        var problems: [String] = []
        if entry["message"]?.text == nil { problems.append("an error entry has no string 'message'") }
        switch entry["errorType"] {
        case nil, .null?, .string?: break
        default: problems.append("'errorType' is not a string")
        }
        switch entry["path"] {
        case nil, .null?: break
        case .array(let steps)?:
            for step in steps {
                switch step {
                case .string, .number: continue
                default: problems.append("a 'path' step is neither a string nor a number")
                }
            }
        default: problems.append("'path' is not an array")
        }
        switch entry["locations"] {
        case nil, .null?: break
        case .array(let locations)?:
            for location in locations {
                guard case .number? = location["line"], case .number? = location["column"] else {
                    problems.append("a location lacks a numeric line and column")
                    continue
                }
            }
        default: problems.append("'locations' is not an array")
        }
        return problems
    }

    static func errorEntries(_ response: JSONValue) -> [JSONValue] {
        if case .array(let entries)? = response["errors"] { return entries }
        return []
    }

    /// A written string must come back exactly when its root field answered without an error.
    static func checkEchoes(_ echoes: [FuzzRequest.Echo], in response: JSONValue) -> [Violation] {
        var violations: [Violation] = []
        for echo in echoes {
            guard let root = echo.path.first else { continue }
            let failed = errorEntries(response).contains { entry in
                if case .array(let steps)? = entry["path"], let first = steps.first { return first.text == root }
                return entry["path"] == nil || entry["path"] == .null
            }
            if failed { continue }
            var node: JSONValue? = response["data"]
            for step in echo.path { node = node?[step] }
            guard case .string(let units)? = node else { continue }
            if units != echo.value {
                violations.append(Violation(property: .echo, detail: "sent \(describe(echo.value)), got back \(describe(units)) at \(echo.path.joined(separator: "."))"))
            }
        }
        return violations
    }

    /// A string as its first code units in `\u` form where not printable, and its length.
    static func describe(_ units: [UInt16]) -> String {
        var text = ""
        for unit in units.prefix(24) {
            if unit >= 0x20 && unit < 0x7F {
                text.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            } else {
                let hex = String(unit, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return "\"\(text)\(units.count > 24 ? "…" : "")\" (\(units.count) UTF-16 units)"
    }

    /// Everything the client sent that a message may quote back: target (also percent-decoded) and body, with
    /// backslashes removed so JSON escapes of quotes compare equal.
    static func requestText(_ request: FuzzRequest) -> String {
        let decoded = percentDecode(request.target)
        let text = request.target + "\n" + String(decoding: decoded, as: UTF8.self) + "\n" + String(decoding: request.body, as: UTF8.self)
        return text.replacingOccurrences(of: "\\", with: "")
    }

    static func percentDecode(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "%"), bytes.count >= 2, let value = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) {
                output.append(value)
                bytes = bytes.dropFirst(2)
            } else {
                output.append(byte == UInt8(ascii: "+") ? 0x20 : byte)
            }
        }
        return output
    }
}
