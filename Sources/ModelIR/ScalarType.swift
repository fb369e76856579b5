/// The scalar types a model field can have: GraphQL's own and AppSync's AWS scalars (docs/api-contract.md §7).
package enum ScalarType: String, CaseIterable, Sendable, Codable, Hashable {
    case id = "ID"
    case string = "String"
    case int = "Int"
    case float = "Float"
    case boolean = "Boolean"
    case awsDate = "AWSDate"
    case awsTime = "AWSTime"
    case awsDateTime = "AWSDateTime"
    case awsTimestamp = "AWSTimestamp"
    case awsEmail = "AWSEmail"
    case awsJSON = "AWSJSON"
    case awsURL = "AWSURL"
    case awsPhone = "AWSPhone"
    case awsIPAddress = "AWSIPAddress"

    /// The GraphQL name of the scalar.
    package var graphQLName: String { rawValue }

    /// True for the AWS scalars, which a generated API schema must declare.
    package var isAWSScalar: Bool { rawValue.hasPrefix("AWS") }

    /// True when values travel as JSON strings (everything but numbers and booleans).
    package var isStringLike: Bool {
        switch self {
        case .int, .float, .boolean, .awsTimestamp: false
        default: true
        }
    }
}
