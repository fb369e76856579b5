import JSON
import Realtime
import Testing

/// Encoded authorization objects, computed outside Swift (Python's `base64`), so the decoder is checked against
/// another implementation rather than against itself.
private enum Encoded {
    /// `{"host":"example.com","x-api-key":"mg_abcd1234_secret","x-amz-user-agent":"xx?yy>"}`: its standard
    /// encoding has both `+` and `/` and one `=`, 108 characters.
    static let standard = "eyJob3N0IjoiZXhhbXBsZS5jb20iLCJ4LWFwaS1rZXkiOiJtZ19hYmNkMTIzNF9zZWNyZXQiLCJ4LWFtei11c2VyLWFnZW50IjoieHg/eXk+In0="
    /// The same object, URL-safe alphabet, padded.
    static let urlSafe = "eyJob3N0IjoiZXhhbXBsZS5jb20iLCJ4LWFwaS1rZXkiOiJtZ19hYmNkMTIzNF9zZWNyZXQiLCJ4LWFtei11c2VyLWFnZW50IjoieHg_eXk-In0="
    /// The key in `standard` and `urlSafe`.
    static let key = "mg_abcd1234_secret"
    /// `{"host":"example.com","x-api-key":"mg_sub_key"}`, URL-safe, no padding (as amplify-js 6.6 sends it).
    static let subprotocolObject = "eyJob3N0IjoiZXhhbXBsZS5jb20iLCJ4LWFwaS1rZXkiOiJtZ19zdWJfa2V5In0"
    /// `{"host":"example.com","x-api-key":"mg_query_key"}`, standard, padded `==`.
    static let queryObject = "eyJob3N0IjoiZXhhbXBsZS5jb20iLCJ4LWFwaS1rZXkiOiJtZ19xdWVyeV9rZXkifQ=="
    /// The same, without its padding.
    static let queryObjectUnpadded = "eyJob3N0IjoiZXhhbXBsZS5jb20iLCJ4LWFwaS1rZXkiOiJtZ19xdWVyeV9rZXkifQ"
    /// `{"host":"example.com","X-Api-Key":"mg_flutter_key","x-amz-date":"20240101T000000Z"}`, URL-safe, no padding.
    static let flutterObject = "eyJob3N0IjoiZXhhbXBsZS5jb20iLCJYLUFwaS1LZXkiOiJtZ19mbHV0dGVyX2tleSIsIngtYW16LWRhdGUiOiIyMDI0MDEwMVQwMDAwMDBaIn0"
    /// `{"host":"example.com"}`: an object without a key.
    static let noKey = "eyJob3N0IjoiZXhhbXBsZS5jb20ifQ=="
    /// `["x-api-key"]`: JSON, but not an object.
    static let notObject = "WyJ4LWFwaS1rZXkiXQ=="
    /// `{"x-api-key":5}`: the key is not a string.
    static let numberKey = "eyJ4LWFwaS1rZXkiOjV9"
    /// `{"host":"example.com","x-api-key":""}`: an empty key.
    static let emptyKey = "eyJob3N0IjoiZXhhbXBsZS5jb20iLCJ4LWFwaS1rZXkiOiIifQ=="
    /// Not base64 at all.
    static let garbage = "not*base64!"
}

@Suite("ConnectionAuthorization: where an AppSync real-time client put its API key")
struct ConnectionAuthorizationTests {
    private func find(
        query: [(name: String, value: String)] = [], subprotocols: [String] = [], headers: [(name: String, value: String)] = []
    ) -> ConnectionAuthorization {
        ConnectionAuthorization.find(queryParameters: query, offeredSubprotocols: subprotocols, headers: headers)
    }

    @Test("a header- subprotocol next to graphql-ws (amplify-js 6.6, amplify-flutter)")
    func subprotocol() {
        let found = find(subprotocols: ["graphql-ws", "header-\(Encoded.subprotocolObject)"])
        #expect(found == ConnectionAuthorization(apiKey: "mg_sub_key", source: .subprotocol))
    }

    @Test("subprotocol tokens are trimmed, and a comma-separated entry is split")
    func subprotocolWhitespace() {
        #expect(find(subprotocols: ["graphql-ws", "  header-\(Encoded.subprotocolObject)\t"]) == ConnectionAuthorization(apiKey: "mg_sub_key", source: .subprotocol))
        #expect(find(subprotocols: ["graphql-ws, header-\(Encoded.subprotocolObject)"]) == ConnectionAuthorization(apiKey: "mg_sub_key", source: .subprotocol))
    }

    @Test("only a token starting with header- counts")
    func subprotocolPrefix() {
        let found = find(subprotocols: [Encoded.subprotocolObject, "x-header-\(Encoded.subprotocolObject)", "Header-\(Encoded.subprotocolObject)"])
        #expect(found == ConnectionAuthorization(apiKey: nil, source: nil))
    }

    @Test("the header query parameter, standard alphabet with + and / and padding (older amplify clients)")
    func queryParameter() {
        let found = find(query: [("payload", "e30="), ("header", Encoded.standard)])
        #expect(found == ConnectionAuthorization(apiKey: Encoded.key, source: .queryParameter))
    }

    @Test("the header query parameter in the URL-safe alphabet")
    func queryParameterURLSafe() {
        #expect(find(query: [("header", Encoded.urlSafe)]) == ConnectionAuthorization(apiKey: Encoded.key, source: .queryParameter))
    }

    @Test("the header query parameter without its padding")
    func queryParameterUnpadded() {
        #expect(find(query: [("header", Encoded.queryObjectUnpadded)]) == ConnectionAuthorization(apiKey: "mg_query_key", source: .queryParameter))
        #expect(find(query: [("header", Encoded.queryObject)]) == ConnectionAuthorization(apiKey: "mg_query_key", source: .queryParameter))
    }

    @Test("Android's Base64.DEFAULT: a line break after 76 characters and a trailing newline")
    func queryParameterLineBreaks() {
        let characters = Array(Encoded.standard)
        let android = String(characters[..<76]) + "\n" + String(characters[76...]) + "\n"
        #expect(find(query: [("header", android)]) == ConnectionAuthorization(apiKey: Encoded.key, source: .queryParameter))
        let windows = String(characters[..<76]) + "\r\n" + String(characters[76...]) + "\r\n"
        #expect(find(query: [("header", windows)]) == ConnectionAuthorization(apiKey: Encoded.key, source: .queryParameter))
    }

    @Test("a form-decoded query string: + arrived as a space")
    func queryParameterSpaceAsPlus() {
        let formDecoded = String(Encoded.standard.map { $0 == "+" ? " " : $0 })
        #expect(formDecoded.contains(" "))
        #expect(find(query: [("header", formDecoded)]) == ConnectionAuthorization(apiKey: Encoded.key, source: .queryParameter))
    }

    @Test("an x-api-key header on the upgrade request, in any case, trimmed")
    func header() {
        #expect(find(headers: [("host", "example.com"), ("x-api-key", "mg_header_key")]) == ConnectionAuthorization(apiKey: "mg_header_key", source: .header))
        #expect(find(headers: [("X-Api-Key", " mg_header_key ")]) == ConnectionAuthorization(apiKey: "mg_header_key", source: .header))
        #expect(find(headers: [("X-API-KEY", "mg_header_key")]) == ConnectionAuthorization(apiKey: "mg_header_key", source: .header))
        #expect(find(headers: [("x-api-key", "  "), ("x-api-key", "mg_second")]) == ConnectionAuthorization(apiKey: "mg_second", source: .header))
        #expect(find(headers: [("x-api-keys", "mg_header_key"), ("api-key", "mg_header_key")]) == ConnectionAuthorization(apiKey: nil, source: nil))
    }

    @Test("X-Api-Key capitalised in the JSON, as amplify-flutter sends it")
    func capitalisedJSONKey() {
        #expect(find(subprotocols: ["graphql-ws", "header-\(Encoded.flutterObject)"]) == ConnectionAuthorization(apiKey: "mg_flutter_key", source: .subprotocol))
        #expect(find(query: [("header", Encoded.flutterObject)]) == ConnectionAuthorization(apiKey: "mg_flutter_key", source: .queryParameter))
    }

    @Test("precedence: subprotocol, then query parameter, then header")
    func precedence() {
        let subprotocols = ["graphql-ws", "header-\(Encoded.subprotocolObject)"]
        let query: [(name: String, value: String)] = [("header", Encoded.queryObject)]
        let headers: [(name: String, value: String)] = [("x-api-key", "mg_header_key")]
        #expect(find(query: query, subprotocols: subprotocols, headers: headers) == ConnectionAuthorization(apiKey: "mg_sub_key", source: .subprotocol))
        #expect(find(query: query, subprotocols: ["graphql-ws"], headers: headers) == ConnectionAuthorization(apiKey: "mg_query_key", source: .queryParameter))
        #expect(find(query: [], subprotocols: ["graphql-ws"], headers: headers) == ConnectionAuthorization(apiKey: "mg_header_key", source: .header))
    }

    @Test(
        "an undecodable place is skipped for the next one",
        arguments: [Encoded.garbage, Encoded.notObject, Encoded.noKey, Encoded.numberKey, Encoded.emptyKey, "", "Zm9vYmFy"]
    )
    func fallsThrough(bad: String) {
        let headers: [(name: String, value: String)] = [("x-api-key", "mg_header_key")]
        // A bad subprotocol falls through to the query parameter.
        #expect(
            find(query: [("header", Encoded.queryObject)], subprotocols: ["graphql-ws", "header-\(bad)"], headers: headers)
                == ConnectionAuthorization(apiKey: "mg_query_key", source: .queryParameter))
        // A bad query parameter falls through to the header.
        #expect(find(query: [("header", bad)], subprotocols: ["graphql-ws"], headers: headers) == ConnectionAuthorization(apiKey: "mg_header_key", source: .header))
        // A bad subprotocol falls through to a later good one, and a bad query parameter to a later good one.
        #expect(
            find(subprotocols: ["header-\(bad)", "header-\(Encoded.subprotocolObject)"]) == ConnectionAuthorization(apiKey: "mg_sub_key", source: .subprotocol))
        #expect(find(query: [("header", bad), ("header", Encoded.queryObject)]) == ConnectionAuthorization(apiKey: "mg_query_key", source: .queryParameter))
        // Nothing else: none found.
        #expect(find(query: [("header", bad)], subprotocols: ["graphql-ws", "header-\(bad)"]) == ConnectionAuthorization(apiKey: nil, source: nil))
    }

    @Test("none found: apiKey and source are nil")
    func noneFound() {
        let found = find(query: [("payload", "e30=")], subprotocols: ["graphql-ws"], headers: [("host", "example.com")])
        #expect(found.apiKey == nil)
        #expect(found.source == nil)
        #expect(find() == ConnectionAuthorization(apiKey: nil, source: nil))
    }

    @Test("a start message's payload.extensions.authorization")
    func startMessageAuthorization() throws {
        let message = try JSONReader.parse(
            Array(
                #"{"id":"1","type":"start","payload":{"data":"{\"query\":\"subscription { onCreateTodo { id } }\"}","extensions":{"authorization":{"host":"example.com","x-api-key":"mg_start_key","x-amz-date":"20240101T000000Z"}}}}"#
                    .utf8))
        let authorization = try #require(message["payload"]?["extensions"]?["authorization"])
        #expect(ConnectionAuthorization.apiKey(in: authorization) == "mg_start_key")
    }

    @Test("apiKey(in:): any case, first match decides, not a string or not an object is nil")
    func apiKeyIn() {
        #expect(ConnectionAuthorization.apiKey(in: .object([("X-Api-Key", .string("mg_a"))])) == "mg_a")
        #expect(ConnectionAuthorization.apiKey(in: .object([("X-API-KEY", .string("mg_b")), ("x-api-key", .string("mg_c"))])) == "mg_b")
        #expect(ConnectionAuthorization.apiKey(in: .object([("host", .string("example.com"))])) == nil)
        #expect(ConnectionAuthorization.apiKey(in: .object([("x-api-key", .int(5))])) == nil)
        #expect(ConnectionAuthorization.apiKey(in: .object([("x-api-key", .null)])) == nil)
        #expect(ConnectionAuthorization.apiKey(in: .object([("x-api-key", .string(""))])) == nil)
        #expect(ConnectionAuthorization.apiKey(in: .string("mg_a")) == nil)
        #expect(ConnectionAuthorization.apiKey(in: .list([.object([("x-api-key", .string("mg_a"))])])) == nil)
    }

    @Test("decodeBase64: known vectors in both alphabets, with and without padding")
    func base64Vectors() {
        #expect(ConnectionAuthorization.decodeBase64("") == [])
        #expect(ConnectionAuthorization.decodeBase64("Zg") == [0x66])
        #expect(ConnectionAuthorization.decodeBase64("Zg==") == [0x66])
        #expect(ConnectionAuthorization.decodeBase64("Zm8") == [0x66, 0x6F])
        #expect(ConnectionAuthorization.decodeBase64("Zm8=") == [0x66, 0x6F])
        #expect(ConnectionAuthorization.decodeBase64("Zm9v") == Array("foo".utf8))
        #expect(ConnectionAuthorization.decodeBase64("Zm9vYmFy") == Array("foobar".utf8))
        #expect(ConnectionAuthorization.decodeBase64("+/8=") == [0xFB, 0xFF])
        #expect(ConnectionAuthorization.decodeBase64("+/8") == [0xFB, 0xFF])
        #expect(ConnectionAuthorization.decodeBase64("-_8=") == [0xFB, 0xFF])
        #expect(ConnectionAuthorization.decodeBase64("-_8") == [0xFB, 0xFF])
        #expect(ConnectionAuthorization.decodeBase64(" /8=") == [0xFB, 0xFF])
        #expect(ConnectionAuthorization.decodeBase64("Zm9v\nYmFy\n") == Array("foobar".utf8))
        #expect(ConnectionAuthorization.decodeBase64("Zg=\n=\r\n") == [0x66])
    }

    @Test("decodeBase64: not base64", arguments: ["Z", "Zm9vY", "Zg=", "Zg===", "Zm9v=", "==", "Zg==Zg", "Zm9v*", "Zm9v\tYmFy", "Zm9v%2B", "Zm9vé", "Zm.9v"])
    func base64Rejects(text: String) {
        #expect(ConnectionAuthorization.decodeBase64(text) == nil)
    }

    @Test("decodeBase64: a text over 16 KiB is refused, one of exactly 16 KiB is read")
    func base64Bound() {
        #expect(ConnectionAuthorization.maximumBase64Length == 16_384)
        let atLimit = String(repeating: "QUFB", count: 16_384 / 4)
        #expect(ConnectionAuthorization.decodeBase64(atLimit) == Array(repeating: UInt8(ascii: "A"), count: 12_288))
        #expect(ConnectionAuthorization.decodeBase64(atLimit + "QUFB") == nil)
        #expect(ConnectionAuthorization.decodeBase64(atLimit + "\n") == nil)
        #expect(
            find(query: [("header", String(repeating: "QUFB", count: 16_388 / 4))], headers: [("x-api-key", "mg_h")]) == ConnectionAuthorization(apiKey: "mg_h", source: .header))
    }
}
