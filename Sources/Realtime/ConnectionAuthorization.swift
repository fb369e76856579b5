package import JSON

/// Where a real-time connection's API key was found, and the key, and the signed-in user's token, if any.
/// AppSync clients put the credentials of a `graphql-ws` connection in one of three places: a second offered
/// WebSocket subprotocol `header-<base64url(JSON)>` (amplify-js 6.6 and later, amplify-flutter), the `header`
/// query parameter holding base64(JSON) (older amplify-js, amplify-swift, amplify-android, python gql), or plain
/// `x-api-key` / `Authorization` headers on the upgrade request. The JSON is an authorization object such as
/// `{"host":"…","x-api-key":"…","x-amz-date":"…"}` or `{"host":"…","Authorization":"<token>"}`; its `host` is
/// not checked. No Foundation: the base64 decoder is the one here.
package struct ConnectionAuthorization: Sendable, Equatable {
    /// The place a key was found in.
    package enum Source: String, Sendable {
        /// A `header-…` WebSocket subprotocol offered next to `graphql-ws`.
        case subprotocol
        /// The `header` query parameter of the upgrade request.
        case queryParameter
        /// An `x-api-key` header of the upgrade request.
        case header
    }

    /// The API key; nil when none was found.
    package var apiKey: String?
    /// Where `apiKey` was found; nil when none was found.
    package var source: Source?
    /// The `Authorization` value (a token, raw or `Bearer …`); nil when none was found. It is looked for in the
    /// same places, in the same order, independently of the key.
    package var token: String?

    /// A key found in `source` (or, both nil, none) and a token (or none).
    package init(apiKey: String? = nil, source: Source? = nil, token: String? = nil) {
        self.apiKey = apiKey
        self.source = source
        self.token = token
    }

    /// The longest base64 text `decodeBase64` reads (16 KiB of UTF-8, line breaks included); an authorization
    /// object is a few hundred bytes.
    package static let maximumBase64Length = 16 * 1024

    /// How deep the decoded JSON may nest; an authorization object is flat.
    private static let maximumJSONDepth = 8

    /// Looks in order: a `header-…` subprotocol, the `header` query parameter, the `x-api-key` header; and for
    /// the token the same places, with an `Authorization` header last. A place whose value cannot be decoded (bad
    /// base64, not a JSON object, no such entry) is skipped, and the next one is tried. Subprotocol tokens are
    /// trimmed of spaces and tabs (an entry holding a comma-separated list, as the `Sec-WebSocket-Protocol` header
    /// does, is split first); only a token starting with `header-` counts. Several `header` query parameters or
    /// `x-api-key` headers are tried in order. Header names match in any case; header values are trimmed of spaces
    /// and tabs. An empty key or token counts as none.
    package static func find(
        queryParameters: [(name: String, value: String)], offeredSubprotocols: [String], headers: [(name: String, value: String)]
    ) -> ConnectionAuthorization {
        var found = ConnectionAuthorization()
        if let (key, source) = first(apiKeyName, queryParameters: queryParameters, offeredSubprotocols: offeredSubprotocols, headers: headers) {
            found.apiKey = key
            found.source = source
        }
        found.token = first(authorizationName, queryParameters: queryParameters, offeredSubprotocols: offeredSubprotocols, headers: headers)?.value
        return found
    }

    /// The first value of entry `name` (lower case) in the places `find` looks, in its order, and its place.
    private static func first(
        _ name: String, queryParameters: [(name: String, value: String)], offeredSubprotocols: [String], headers: [(name: String, value: String)]
    ) -> (value: String, source: Source)? {
        let prefix = "header-"
        for offered in offeredSubprotocols {
            for token in offered.split(separator: ",", omittingEmptySubsequences: true) {
                let token = trimmed(token)
                guard token.hasPrefix(prefix) else { continue }
                if let value = entry(name, inEncoded: String(token.dropFirst(prefix.count))) { return (value, .subprotocol) }
            }
        }
        for parameter in queryParameters where parameter.name == "header" {
            if let value = entry(name, inEncoded: parameter.value) { return (value, .queryParameter) }
        }
        for header in headers where isName(header.name, name) {
            let value = String(trimmed(header.value[...]))
            if !value.isEmpty { return (value, .header) }
        }
        return nil
    }

    /// The x-api-key entry (any case) of an authorization object (JSON object); nil when absent or not a string
    /// (an empty string counts as absent, and so does anything that is not an object). When several entries
    /// match in different cases, the first one decides. This reads a subscription `start` message's
    /// `payload.extensions.authorization` and a `connection_init` payload as well as the decoded connection header.
    package static func apiKey(in authorization: JSONValue) -> String? {
        entry(apiKeyName, in: authorization)
    }

    /// The `Authorization` entry (any case) of an authorization object, read as `apiKey(in:)` reads the key: the
    /// signed-in user's token, raw or `Bearer …`.
    package static func token(in authorization: JSONValue) -> String? {
        entry(authorizationName, in: authorization)
    }

    private static let apiKeyName = "x-api-key"
    private static let authorizationName = "authorization"

    /// The non-empty string entry named `name` (lower case; matched in any case) of a JSON object.
    private static func entry(_ name: String, in authorization: JSONValue) -> String? {
        guard case .object(let fields) = authorization else { return nil }
        guard let entry = fields.first(where: { isName($0.0, name) }) else { return nil }
        guard case .string(let value) = entry.1, !value.isEmpty else { return nil }
        return value
    }

    /// Decodes base64 in either alphabet, with or without padding, ignoring CR/LF/space-as-plus quirks; nil when
    /// not base64. Precisely: `+`/`-` are 62 and `/`/`_` are 63 (the alphabets may even mix); CR and LF anywhere
    /// are skipped (Android's `Base64.DEFAULT` breaks lines every 76 characters and ends with a newline); a space
    /// is read as `+`, because a form-decoded query string turns `+` into a space. Padding is optional, but when
    /// present it must be one or two `=` at the end completing the last group of four. A lone final character
    /// (length 1 modulo 4) is not base64; unused low bits in the last character are ignored. Any other character
    /// (tabs, `%`, `.`, non-ASCII) makes it not base64, and so does a text longer than `maximumBase64Length` bytes.
    package static func decodeBase64(_ text: String) -> [UInt8]? {
        let utf8 = text.utf8
        guard utf8.count <= maximumBase64Length else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count / 4 * 3 + 2)
        var group: UInt32 = 0
        var digits = 0
        var padding = 0
        for byte in utf8 {
            if byte == 0x0A || byte == 0x0D { continue }
            if byte == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            guard padding == 0, let value = sextet(byte) else { return nil }
            group = group << 6 | UInt32(value)
            digits += 1
            if digits % 4 == 0 {
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                output.append(UInt8(truncatingIfNeeded: group >> 8))
                output.append(UInt8(truncatingIfNeeded: group))
                group = 0
            }
        }
        if padding > 0 {
            guard padding <= 2, (digits + padding) % 4 == 0 else { return nil }
        }
        switch digits % 4 {
        case 0: break
        case 2: output.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3:
            output.append(UInt8(truncatingIfNeeded: group >> 10))
            output.append(UInt8(truncatingIfNeeded: group >> 2))
        default: return nil
        }
        return output
    }

    /// Entry `name` of base64(JSON object) text; nil when it is not base64, not a JSON object, or lacks it.
    private static func entry(_ name: String, inEncoded text: String) -> String? {
        guard let bytes = decodeBase64(text) else { return nil }
        guard let value = try? JSONReader.parse(bytes, maximumDepth: maximumJSONDepth) else { return nil }
        return entry(name, in: value)
    }

    /// The value of one base64 character in either alphabet (a space read as `+`); nil for anything else.
    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: " "): 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// Whether `name` is `expected` (lower case) in any ASCII case.
    private static func isName(_ name: String, _ expected: String) -> Bool {
        let expected = expected.utf8
        guard name.utf8.count == expected.count else { return false }
        return zip(name.utf8, expected).allSatisfy { byte, lower in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte) == lower
        }
    }

    /// `text` without leading and trailing spaces and tabs.
    private static func trimmed(_ text: Substring) -> Substring {
        var text = text.drop { $0 == " " || $0 == "\t" }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
