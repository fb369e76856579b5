/// One generated HTTP request and what the generator knows about how it must be answered.
public struct FuzzRequest: Sendable {
    /// `POST` or `GET`.
    public var method: String
    /// Path and query, e.g. `/graphql` or `/graphql?query=%7B...`.
    public var target: String
    /// Header fields besides `Host`, `Content-Length` and `Connection`, which the client adds.
    public var headers: [(String, String)]
    /// The body bytes (empty for a GET).
    public var body: [UInt8]
    /// How the request was made, e.g. `post-json/query:getPost/mutation:insert-hostile/vars:lone-surrogate`.
    public var recipe: String
    /// The number of requests in a JSON-array batch the server must answer one by one, or nil.
    public var batchSize: Int?
    /// Values a successful answer must give back exactly.
    public var echoes: [Echo]

    /// Creates a request.
    public init(method: String, target: String, headers: [(String, String)], body: [UInt8], recipe: String, batchSize: Int? = nil, echoes: [Echo] = []) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.recipe = recipe
        self.batchSize = batchSize
        self.echoes = echoes
    }

    /// A string written through a create or update: when the root field answers without an error, the value at
    /// `path` under `data` must be exactly `value` (a server may refuse a value it cannot store, never alter it).
    public struct Echo: Sendable, Equatable {
        /// Keys from `data` down to the field, e.g. `["createComment", "content"]`.
        public var path: [String]
        /// The UTF-16 code units sent.
        public var value: [UInt16]

        /// Creates an expectation.
        public init(path: [String], value: [UInt16]) {
            self.path = path
            self.value = value
        }
    }

    /// The request as text for a report: request line, headers and at most `limit` bytes of body, with bytes
    /// that are not printable ASCII shown as `\xNN`.
    public func summary(limit: Int = 400) -> String {
        var lines = ["\(method) \(Self.printable(Array(target.utf8), limit: limit))"]
        for (name, value) in headers { lines.append("\(name): \(Self.printable(Array(value.utf8), limit: 120))") }
        if !body.isEmpty { lines.append("body (\(body.count) bytes): " + Self.printable(body, limit: limit)) }
        return lines.joined(separator: "\n")
    }

    /// `bytes` as printable text, cut after `limit` bytes with a note of how many were left out.
    public static func printable(_ bytes: [UInt8], limit: Int) -> String {
        var text = ""
        for byte in bytes.prefix(limit) {
            if byte >= 0x20 && byte < 0x7F {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        if bytes.count > limit { text += "… (\(bytes.count - limit) more bytes)" }
        return text
    }
}
