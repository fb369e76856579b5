/// An `@http` resolver: the field is answered by calling `url` with `method`. As Amplify's transformer does, the
/// field's declared arguments are replaced by up to three input arguments: `params` (one `String!` per `:name`
/// path parameter), `query` (the other arguments, sent as the query string) and, for `POST`, `PUT` and `PATCH`,
/// `body` (the same arguments, sent as the JSON body).
package struct HTTPHandler: Equatable, Sendable, Codable {
    /// `GET`, `POST`, `PUT`, `DELETE` or `PATCH`.
    package var method: String
    /// The URL, with `:param` path parameters (and `${env}`/`${aws_region}` as written).
    package var url: String
    /// Headers sent with every call, after the client's.
    package var headers: [HTTPHeaderPair]
    /// The arguments the schema declared required that went to `query` and `body`: for a method with a body,
    /// each must be given in one of them (the input types leave them optional).
    package var requiredArguments: [String] = []

    /// Creates a handler.
    package init(method: String, url: String, headers: [HTTPHeaderPair] = [], requiredArguments: [String] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.requiredArguments = requiredArguments
    }

    /// True for the methods that send a body: `POST`, `PUT`, `PATCH`.
    package var sendsBody: Bool { ["POST", "PUT", "PATCH"].contains(method) }

    /// True for the methods that send the query string: all but `DELETE`.
    package var sendsQuery: Bool { method != "DELETE" }

    /// The URL's scheme and authority (`https://api.example.com:8443`), and its path with the query written in
    /// the URL, if any (`/users/:id`; `/` when there is none).
    package var originAndPath: (origin: String, path: String) {
        let scheme = url.hasPrefix("https://") ? "https://" : url.hasPrefix("http://") ? "http://" : ""
        let rest = url.dropFirst(scheme.count)
        guard let slash = rest.firstIndex(of: "/") else { return (url, "/") }
        return (String(url[..<slash]), String(url[slash...]))
    }

    /// The path's `:name` parameters, in order, each once (a name is letters, digits and `_`).
    package var pathParameters: [String] {
        var names: [String] = []
        var current: String?
        for character in originAndPath.path + "/" {
            if let name = current {
                if character.isLetter || character.isNumber || character == "_", character.isASCII {
                    current = name + String(character)
                    continue
                }
                if !name.isEmpty, !names.contains(name) { names.append(name) }
                current = nil
            }
            if character == ":" { current = "" }
        }
        return names
    }
}

/// One `{key, value}` of `@http(headers:)`.
package struct HTTPHeaderPair: Equatable, Sendable, Codable {
    /// The header's name.
    package var key: String
    /// Its value.
    package var value: String

    /// Creates a header.
    package init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
