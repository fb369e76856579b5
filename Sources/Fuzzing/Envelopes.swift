/// The HTTP side of a generated request: how a document and its variables travel, and the ways a body, a URL or
/// a key can be wrong.
enum Envelopes {
    static let graphQLPath = "/graphql"

    /// `{"query": …, "variables": {…}, "operationName": …}` as a JSON body.
    static func requestObject(_ operation: GeneratedOperation, _ random: inout SplitMix64) -> JSONFragment {
        var fields: [(String, JSONFragment)] = [("query", .text(operation.document))]
        if !operation.variables.isEmpty || random.percent(30) { fields.append(("variables", .object(operation.variables))) }
        switch random.below(10) {
        case 0: fields.append(("operationName", .text("Nope")))
        case 1: fields.append(("operationName", .null))
        case 2, 3, 4: if let name = operation.operationName { fields.append(("operationName", .text(name))) }
        default: break
        }
        if random.percent(3) { fields.append(("extensions", .object([("persistedQuery", .object([("version", .int(1))]))]))) }
        return .object(fields)
    }

    static func headers(_ apiKey: String, contentType: String?) -> [(String, String)] {
        var headers = [("x-api-key", apiKey)]
        if let contentType { headers.append(("Content-Type", contentType)) }
        return headers
    }

    static func postJSON(_ operation: GeneratedOperation, apiKey: String, _ random: inout SplitMix64) -> FuzzRequest {
        let contentType = random.percent(85) ? "application/json" : random.pick(["application/json; charset=utf-8", "text/plain", nil, "application/x-www-form-urlencoded"])
        return FuzzRequest(
            method: "POST", target: graphQLPath, headers: headers(apiKey, contentType: contentType), body: requestObject(operation, &random).bytes,
            recipe: "post-json/" + operation.recipe, echoes: operation.echoes
        )
    }

    static func postGraphQL(_ operation: GeneratedOperation, apiKey: String, _ random: inout SplitMix64) -> FuzzRequest {
        let contentType = random.pick(["application/graphql", "application/graphql; charset=utf-8"])
        return FuzzRequest(
            method: "POST", target: graphQLPath, headers: headers(apiKey, contentType: contentType), body: Array(operation.document.utf8),
            recipe: "post-graphql/" + operation.recipe, echoes: operation.variables.isEmpty ? operation.echoes : []
        )
    }

    static func batch(first: GeneratedOperation, others: [GeneratedOperation], apiKey: String, _ random: inout SplitMix64) -> FuzzRequest {
        var items = ([first] + others).map { requestObject($0, &random) }
        var recipe = "batch-\(items.count)"
        var valid = true
        switch random.below(10) {
        case 0:
            // Up to 51 copies whatever their size, more only of a small request (a body past the limit is
            // refused before it is read as JSON).
            let size = items[0].bytes.count
            items = Array(repeating: items[0], count: random.pick([50, 51, size < 1000 ? 2000 : 51]))
            recipe = "batch-\(items.count)"
            valid = items.count <= 50
        case 1:
            items.insert(random.pick([.null, .int(1), .array([]), .text("{ __typename }"), .object([])]), at: random.below(items.count + 1))
            recipe += "-with-non-request"
            valid = false
        case 2:
            items = []
            recipe = "batch-empty"
            valid = false
        default: break
        }
        return FuzzRequest(
            method: "POST", target: graphQLPath, headers: headers(apiKey, contentType: "application/json"), body: JSONFragment.array(items).bytes,
            recipe: recipe + "/" + ([first] + others).map(\.recipe).joined(separator: "+"), batchSize: valid ? items.count : nil
        )
    }

    /// `GET /graphql?query=…&variables=…`, form-encoded; documents too long for a URL go as POST instead.
    static func get(_ operation: GeneratedOperation, apiKey: String, _ random: inout SplitMix64) -> FuzzRequest {
        var query = "query=" + formEncode(Array(operation.document.utf8))
        if !operation.variables.isEmpty { query += "&variables=" + formEncode(JSONFragment.object(operation.variables).bytes) }
        if random.percent(20), let name = operation.operationName { query += "&operationName=" + formEncode(Array(name.utf8)) }
        guard query.utf8.count < 60_000 else { return postJSON(operation, apiKey: apiKey, &random) }
        return FuzzRequest(method: "GET", target: graphQLPath + "?" + query, headers: headers(apiKey, contentType: nil), body: [], recipe: "get/" + operation.recipe)
    }

    /// GETs whose query strings are odd: bad percent escapes, bytes that are not UTF-8, repeated or missing
    /// parameters, variables that are not an object.
    static func oddGet(_ operation: GeneratedOperation, apiKey: String, _ random: inout SplitMix64) -> FuzzRequest {
        let document = formEncode(Array(String(operation.document.prefix(2000)).utf8))
        let query = random.pick([
            "query=%zz", "query=%", "query=%00", "query=%FF%FE", "query=%7B__typename%7D&query=%7Bx%7D", "", "variables=%7B%7D",
            "query=" + document + "&variables=%7B", "query=" + document + "&variables=%5B%5D", "query=" + document + "&variables=%FF",
            "query=" + document + "&operationName=%00", "query=%7B+__typename+%7D", "query=" + document + "&variables=null",
            "query=%7B__typename%7D&variables=" + formEncode(Array(String(repeating: "[", count: 300).utf8)),
        ])
        return FuzzRequest(
            method: "GET", target: graphQLPath + (query.isEmpty ? "" : "?" + query), headers: headers(apiKey, contentType: nil), body: [], recipe: "odd-get/" + query.prefix(40))
    }

    /// Bodies that are not a GraphQL request: broken, truncated, of the wrong type, not UTF-8, too deep or too big.
    static func brokenBody(_ operation: GeneratedOperation, apiKey: String, scale: GeneratorScale, _ random: inout SplitMix64) -> FuzzRequest {
        let valid = requestObject(operation, &random).bytes
        let body: [UInt8]
        let recipe: String
        switch random.below(14) {
        case 0: (body, recipe) = ([], "empty")
        case 1: (body, recipe) = (Array(valid.prefix(random.below(max(1, valid.count)))), "truncated")
        case 2: (body, recipe) = (Array(random.pick(["null", "1", "\"x\"", "[]", "{}", "true", " "]).utf8), "scalar")
        case 3:
            (body, recipe) = (
                Array(
                    random.pick([
                        #"{"query": 5}"#, #"{"query": null}"#, #"{"query": ["{ __typename }"]}"#, #"{"query": "{ __typename }", "variables": []}"#,
                        #"{"query": "{ __typename }", "variables": "x"}"#, #"{"query": "{ __typename }", "extra": 1}"#, #"{"query": "{ __typename }", "operationName": 7}"#,
                    ]).utf8), "wrong-types"
            )
        case 4: (body, recipe) = (Array(#"{"query": "{ __typename }", "query": "#.utf8) + JSONFragment.text(operation.document).bytes + [UInt8(ascii: "}")], "duplicate-key")
        case 5: (body, recipe) = (random.pick([[0xFF], [0xEF, 0xBB, 0xBF], [0x00], [0xFE, 0xFF]]) + valid, "prefix-bytes")
        case 6: (body, recipe) = (valid.flatMap { [$0, 0] }, "utf16le")
        case 7:
            let depth = random.pick([255, 257, 10_000, 500_000])
            (body, recipe) = (
                Array((#"{"query": "{ __typename }", "variables": {"a": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}").utf8),
                "deep-json-\(depth)"
            )
        case 8: (body, recipe) = (Array(String(repeating: "[", count: random.pick([1000, 100_000])).utf8), "open-brackets")
        case 9:
            let size = random.pick(scale.bodiesAtTheLimit ? [2 << 20, (2 << 20) + 1, 3 << 20] : [(2 << 20) + 1, 3 << 20])
            let head = Array(#"{"query": "{ __typename }"#.utf8)
            (body, recipe) = (head + Array(repeating: UInt8(ascii: " "), count: size - head.count - 2) + Array(#""}"#.utf8), "body-\(size)")
        case 10:
            (body, recipe) = (
                Array(#"{"query": "{ __typename }", "variables": {"a": "#.utf8) + Array(random.pick(HostileStrings.invalidNumbers).utf8) + Array("}}".utf8), "invalid-number"
            )
        case 11:
            (body, recipe) = (
                Array(#"{"query": "{ __typename }", "variables": {"a": "#.utf8) + [0x22] + random.pick([[0x5C, 0x75, 0x44, 0x38], [0x5C, 0x78], [0x0A], [0x5C]])
                    + Array("\"}}".utf8), "bad-escape"
            )
        case 12: (body, recipe) = (Array(#"{"query": "#.utf8) + [0x22] + random.pick(HostileStrings.invalidUTF8) + Array(#"{ __typename }"}"#.utf8), "invalid-utf8-in-query")
        default: (body, recipe) = (valid + Array(random.pick([",", "}", "]", " x", "\u{0}"]).utf8), "trailing-garbage")
        }
        return FuzzRequest(method: "POST", target: graphQLPath, headers: headers(apiKey, contentType: "application/json"), body: body, recipe: "broken-body-" + recipe)
    }

    /// The request with no key, a wrong one, or a mangled copy of the real one.
    static func badKey(_ operation: GeneratedOperation, apiKey: String, _ random: inout SplitMix64) -> FuzzRequest {
        var request = postJSON(operation, apiKey: apiKey, &random)
        request.echoes = []
        let key = random.pick([
            nil, "", "mg_00000000_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", apiKey + "x", String(apiKey.dropLast()), apiKey.uppercased(), "mg_", String(repeating: "k", count: 4000),
        ])
        request.headers.removeAll { $0.0 == "x-api-key" }
        if let key { request.headers.append(("x-api-key", key)) }
        request.recipe = "bad-key/" + request.recipe
        return request
    }

    /// `application/x-www-form-urlencoded` encoding: unreserved bytes as is, everything else `%XX`.
    static func formEncode(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF")
        var output = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return output
    }
}
