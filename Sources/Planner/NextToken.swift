import Foundation
import SQLSyntax

/// Keyset `nextToken`s: base64 of `{"v":1,"h":<hash of the arguments>,"k":[last key as text…]}`. Built in
/// SQL (so nested connections get one too) and read here; a token from other arguments is rejected.
enum NextToken {
    /// The hash of the arguments' canonical text.
    static func hash(_ fingerprint: String) -> String {
        StableHash.hex(fingerprint)
    }

    /// The SQL expression producing a token from key columns.
    static func expression(keys: [SQLExpression], hash: SQLExpression) -> SQLExpression {
        let document = SQLExpression.function(.jsonBuildObject, [
            .constant("v"), .integer(1), .constant("h"), hash, .constant("k"), .function(.jsonBuildArray, keys.map { .cast($0, .text) }),
        ])
        let encoded = SQLExpression.function(.encode, [.function(.convertTo, [.cast(document, .text), .constant("UTF8")]), .constant("base64")])
        return .function(.translate, [encoded, .constant("\n"), .constant("")])
    }

    /// The error for a token that cannot be used.
    static let invalid = PlanError(.invalidNextToken, "Invalid nextToken: it is malformed or was issued for other arguments.")

    /// The key values of a token, checked against the arguments' hash.
    static func decode(_ token: String, expectedHash: String, keyCount: Int) throws(PlanError) -> [String] {
        guard let data = Data(base64Encoded: token),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["v"] as? Int == 1, object["h"] as? String == expectedHash,
            let keys = object["k"] as? [String], keys.count == keyCount
        else { throw invalid }
        return keys
    }
}
