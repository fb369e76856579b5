package import JSON
package import ModelIR

/// Sends the calls of `@http` fields, wherever and however the operator's server does (limits, connection
/// reuse); the executor builds each call (`HTTPResolverCall`) and reads the answer.
package protocol HTTPResolving: Sendable {
    /// Sends `call` and waits for the answer.
    func send(_ call: HTTPResolverCall) async -> HTTPResolverOutcome
}

/// What an `@http` call gave.
package enum HTTPResolverOutcome: Equatable, Sendable {
    /// The endpoint answered: its status, `Content-Type` and body.
    case answered(status: Int, contentType: String?, body: [UInt8])
    /// The call failed (unreachable, too slow, too large); the message says which, for the client.
    case failed(String)
}

/// One call of an `@http` field, as Amplify's transformer builds it: the URL with the `params` argument's values
/// in the path (each percent-encoded, so a value cannot leave its path segment) and the `query` argument's as
/// the query string (all methods but `DELETE`); the client's headers, then `Content-Type: application/json` for a
/// method with a body, then the directive's headers; the `body` argument as JSON (`POST`, `PUT`, `PATCH`).
package struct HTTPResolverCall: Equatable, Sendable {
    /// `GET`, `POST`, `PUT`, `DELETE` or `PATCH`.
    package var method: String
    /// The URL, with `${env}`/`${aws_region}` still as written (the sender fills them in).
    package var url: String
    /// Headers, in order; a later one replaces an earlier one of the same name.
    package var headers: [(String, String)]
    /// The JSON body, for a method that sends one.
    package var body: String?

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body && lhs.headers.elementsEqual(rhs.headers) { $0 == $1 }
    }

    /// Request headers a call does not copy from the client: they describe the client's own connection and body.
    static let connectionHeaders: Set<String> = [
        "host", "content-length", "content-type", "connection", "keep-alive", "transfer-encoding", "upgrade", "te", "trailer", "expect", "accept-encoding",
        "proxy-connection", "proxy-authorization", "http2-settings",
    ]

    /// The call `handler` makes for a field whose arguments are `arguments` (`params`, `query`, `body`), with
    /// the client's `clientHeaders`; an error message when a required argument is in neither query nor body.
    package static func build(_ handler: HTTPHandler, arguments: JSONValue, clientHeaders: [(String, String)]) -> Result<Self, HTTPCallError> {
        let query = arguments["query"] ?? .null
        let body = arguments["body"] ?? .null
        if handler.sendsBody {
            if handler.requiredArguments.contains(where: { Self.isAbsent(body[$0]) && Self.isAbsent(query[$0]) }) {
                return .failure(HTTPCallError(message: "An argument you marked as Non-Null is not present in the query nor the body of your request."))
            }
        }
        let (origin, template) = handler.originAndPath
        var path = ""
        var rest = Substring(template)
        let parameters = arguments["params"] ?? .null
        while let colon = rest.firstIndex(of: ":") {
            path += rest[..<colon]
            let nameEnd = rest[rest.index(after: colon)...].firstIndex { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) } ?? rest.endIndex
            let name = String(rest[rest.index(after: colon)..<nameEnd])
            if name.isEmpty {
                path += ":"
            } else {
                guard case .string(let value)? = parameters[name] else {
                    return .failure(HTTPCallError(message: "The path parameter '\(name)' is missing from 'params'."))
                }
                path += percentEncoded(value)
            }
            rest = rest[nameEnd...]
        }
        path += rest
        var url = origin + path
        if handler.sendsQuery, case .object(let members) = query {
            let pairs = members.flatMap { name, value -> [String] in
                let values: [JSONValue] = if case .list(let items) = value { items } else { [value] }
                return values.compactMap { item in queryText(item).map { percentEncoded(name) + "=" + percentEncoded($0) } }
            }
            if !pairs.isEmpty { url += (url.contains("?") ? "&" : "?") + pairs.joined(separator: "&") }
        }
        var headers = clientHeaders.filter { !connectionHeaders.contains($0.0.lowercased()) }
        headers.append(("accept", "application/json"))
        if handler.sendsBody { headers.append(("content-type", "application/json")) }
        headers += handler.headers.map { ($0.key, $0.value) }
        return .success(HTTPResolverCall(method: handler.method, url: url, headers: headers, body: handler.sendsBody ? JSONText.encode(body) : nil))
    }

    private static func isAbsent(_ value: JSONValue?) -> Bool {
        guard let value else { return true }
        return value == .null
    }

    /// A query value as text: strings as they are, numbers and booleans as JSON writes them, objects as JSON;
    /// null is left out.
    private static func queryText(_ value: JSONValue) -> String? {
        switch value {
        case .null: nil
        case .string(let text): text
        default: JSONText.encode(value)
        }
    }

    /// `text` with every byte outside RFC 3986's unreserved characters percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }
}

/// Why a call could not be built.
package struct HTTPCallError: Error, Equatable {
    /// What the client is told.
    package var message: String
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
