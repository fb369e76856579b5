package import SQLSyntax

/// The operators of the generated filter, condition, subscription-filter and key-condition inputs: their
/// names, which input of which scalar family has which (in the transformer's order), their operand types,
/// and the SQL of the order comparisons. The SDL builder writes the inputs from this table and the planner's
/// compilers read operators back through it, so the two cannot drift: a new operator is one case here, and
/// the compilers' exhaustive switches show where its SQL goes.
package enum Operator: String, CaseIterable, Sendable {
    case ne, eq, le, lt, ge, gt
    case contains, notContains, between, beginsWith
    case attributeExists, attributeType, size
    case `in`, notIn
    /// Extensions of `ModelStringInput` beyond AppSync: case-insensitive comparisons and full-text search.
    case eqInsensitive, containsInsensitive, beginsWithInsensitive, search

    /// The kinds of generated input that hold operators.
    package enum Input: Sendable {
        /// `Model<Family>Input`: list filters and write conditions.
        case filter
        /// `ModelSizeInput`: the length of a string or list.
        case size
        /// `ModelSubscription<Family>Input`: subscription filters.
        case subscriptionFilter
        /// `Model<Family>KeyConditionInput`: a single sort key's condition.
        case keyCondition
        /// `Model…CompositeKeyConditionInput`: a composite sort key's condition (operands are key objects).
        case compositeKeyCondition
        /// `Model<Enum>Input`: a single enum field's filter.
        case enumeration
        /// `Model<Enum>ListInput`: a list-of-enum field's filter.
        case enumerationList
    }

    /// The scalar families inputs are generated for.
    package enum Family: String, CaseIterable, Sendable {
        case string = "String", id = "ID", int = "Int", float = "Float", boolean = "Boolean"

        /// True for the families whose values are text.
        var isText: Bool { self == .string || self == .id }
    }

    private static let comparisons: [Operator] = [.ne, .eq, .le, .lt, .ge, .gt]
    private static let functions: [Operator] = [.attributeExists, .attributeType]
    /// The operators the extended API adds to `ModelStringInput` (filters and write conditions), after AppSync's.
    package static let textExtensions: [Operator] = [.eqInsensitive, .containsInsensitive, .beginsWithInsensitive, .search]

    /// True for the operators that fold case (and so need PostgreSQL's ICU collation).
    package var foldsCase: Bool { self == .eqInsensitive || self == .containsInsensitive || self == .beginsWithInsensitive }

    /// The operators of `input` for values of `family` (ignored by the enum and composite inputs) on
    /// `surface`, in the order the transformer writes them; extension operators, if any, come after AppSync's.
    package static func operators(of input: Input, family: Family = .string, surface: APISurface) -> [Operator] {
        switch input {
        case .filter:
            if family.isText {
                let extensions = family == .string && surface == .extended ? textExtensions : []
                return comparisons + [.contains, .notContains, .between, .beginsWith] + functions + [.size] + extensions
            }
            if family == .boolean { return [.ne, .eq] + functions }
            return comparisons + [.between] + functions
        case .size:
            return comparisons + [.between]
        case .subscriptionFilter:
            if family.isText { return comparisons + [.contains, .notContains, .between, .beginsWith, .in, .notIn] }
            if family == .boolean { return [.ne, .eq] }
            return comparisons + [.between, .in, .notIn]
        case .keyCondition:
            return [.eq, .le, .lt, .ge, .gt, .between] + (family.isText ? [.beginsWith] : [])
        case .compositeKeyCondition:
            return [.eq, .le, .lt, .ge, .gt, .between, .beginsWith]
        case .enumeration:
            return [.eq, .ne]
        case .enumerationList:
            return [.eq, .ne, .contains, .notContains]
        }
    }

    /// The operand's GraphQL type in `input`, whose values are of the type named `valueType`.
    package func operandType(in input: Input, valueType: String) -> String {
        switch self {
        case .between, .in, .notIn: "[\(valueType)]"
        case .eq where input == .enumerationList, .ne where input == .enumerationList: "[\(valueType)]"
        case .attributeExists: "Boolean"
        case .attributeType: "ModelAttributeTypes"
        case .size: "ModelSizeInput"
        default: valueType
        }
    }

    /// The fields of an input of `input`'s kind on `surface` for values of the type named `valueType`.
    static func fields(of input: Input, family: Family = .string, surface: APISurface, valueType: String) -> [SDLField] {
        operators(of: input, family: family, surface: surface).map { SDLField($0.rawValue, $0.operandType(in: input, valueType: valueType)) }
    }

    /// The SQL comparison of `lt`, `le`, `gt` and `ge`; nil for the others, whose SQL depends on where they are.
    package var orderComparison: SQLOperator? {
        switch self {
        case .lt: .less
        case .le: .lessOrEqual
        case .gt: .greater
        case .ge: .greaterOrEqual
        default: nil
        }
    }
}
