import Foundation
import JSON
import ModelIR
import SQLSyntax

/// Keyset `nextToken`s: base64 of `{"v":1,"h":<hash of the arguments>,"k":[last key as text…]}`. Built in
/// SQL (so nested connections get one too) and read here; a token from other arguments is rejected. A page
/// ordered by a `sort` argument gets version 2, whose `k` holds the last row's sort values and then its key,
/// where a sort value may be null; a token of one version is never read as the other.
enum NextToken {
    /// The hash of the arguments' canonical text.
    static func hash(_ fingerprint: String) -> String {
        StableHash.hex(fingerprint)
    }

    /// The version of a sync's tokens: version 1's key and the sync's `startedAt` (`"s"`), which every page
    /// of one sync repeats.
    static let syncVersion = 3

    /// The SQL expression producing a token of `version` from key columns (a NULL column becomes a JSON null);
    /// a sync's token also holds its `startedAt`.
    static func expression(keys: [SQLExpression], hash: SQLExpression, version: Int = 1, startedAt: SQLExpression? = nil) -> SQLExpression {
        var members: [SQLExpression] = [
            .constant("v"), .integer(version), .constant("h"), hash, .constant("k"), .function(.jsonBuildArray, keys.map { .cast($0, .text) }),
        ]
        if let startedAt { members += [.constant("s"), startedAt] }
        let document = SQLExpression.function(.jsonBuildObject, members)
        let encoded = SQLExpression.function(.encode, [.function(.convertTo, [.cast(document, .text), .constant("UTF8")]), .constant("base64")])
        return .function(.translate, [encoded, .constant("\n"), .constant("")])
    }

    /// The error for a token that cannot be used.
    static let invalid = PlanError(.invalidNextToken, "Invalid nextToken: it is malformed or was issued for other arguments.")

    /// The key values of a version 1 (or, for a sync, 3) token, checked against the arguments' hash. A token
    /// is small and flat: anything longer than 64 KB or nested deeper than the token's own shape is refused
    /// before it is parsed.
    static func decode(_ token: String, expectedHash: String, keyCount: Int, sync: Bool = false) throws(PlanError) -> [String] {
        var keys: [String] = []
        for key in try decode(token, expectedHash: expectedHash, keyCount: keyCount, version: sync ? syncVersion : 1) {
            guard let key else { throw invalid }
            keys.append(key)
        }
        return keys
    }

    /// The values of a token of `version`, checked against the arguments' hash; nil for a null value, which
    /// only version 2 may hold.
    static func decode(_ token: String, expectedHash: String, keyCount: Int, version: Int) throws(PlanError) -> [String?] {
        guard token.utf8.count <= 65_536, let data = Data(base64Encoded: token),
            let object = try? JSONReader.parse(Array(data), maximumDepth: 3),
            object["v"] == .int(version), object["h"] == .string(expectedHash),
            case .list(let items)? = object["k"], items.count == keyCount
        else { throw invalid }
        var keys: [String?] = []
        for item in items {
            switch item {
            case .string(let key): keys.append(key)
            case .null where version >= 2: keys.append(nil)
            default: throw invalid
            }
        }
        return keys
    }

    /// The `startedAt` a sync's token carries (epoch milliseconds), checked against the arguments' hash.
    static func startedAt(_ token: String, expectedHash: String, keyCount: Int) throws(PlanError) -> String {
        _ = try decode(token, expectedHash: expectedHash, keyCount: keyCount, sync: true)
        guard let data = Data(base64Encoded: token), let object = try? JSONReader.parse(Array(data), maximumDepth: 3),
            case .int(let startedAt)? = object["s"]
        else { throw invalid }
        return String(startedAt)
    }

    /// `value`, a key read from a token, when a column of `type` can take it; a forged token's value that the
    /// database would refuse is an invalid token, not a database error.
    static func checked(_ value: String, as type: SQLType) throws(PlanError) -> String {
        guard !value.utf8.contains(0) else { throw invalid }
        switch type {
        case .integer: guard Int32(value) != nil else { throw invalid }
        case .smallint: guard Int16(value) != nil else { throw invalid }
        case .bigint: guard Int64(value) != nil else { throw invalid }
        case .doublePrecision, .real, .numeric: guard Double(value) != nil else { throw invalid }
        case .boolean: guard value == "true" || value == "false" || value == "t" || value == "f" else { throw invalid }
        case .date, .timestamptz, .time:
            // PostgreSQL's own text of a date or time: digits and the separators of its ISO output.
            guard !value.isEmpty, value.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || Array("-:+. T".utf8).contains($0) }) else { throw invalid }
        default: break
        }
        return value
    }
}
