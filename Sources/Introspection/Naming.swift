import ModelIR

/// GraphQL names for database names, chosen as Amplify's schema generator chooses them: a table `user_profiles`
/// becomes the model `UserProfile` (cleaned, words joined in PascalCase, singular), a column `created_at` the
/// field `createdAt` (cleaned, camelCase). A name that changes keeps its database name in `@refersTo`.
enum Naming {
    /// The model name of a table.
    static func modelName(table: String) -> String {
        Inflection.singularize(Inflection.pascal(clean(table, fallback: "Model").split(separator: "_", omittingEmptySubsequences: false).map(String.init)))
    }

    /// The field name of a column.
    static func fieldName(column: String) -> String {
        Inflection.camel(clean(column, fallback: "field").split(separator: "_", omittingEmptySubsequences: false).map(String.init))
    }

    /// The GraphQL name of an enum type or an enum value's type (`order_status` → `OrderStatus`).
    static func typeName(_ name: String) -> String {
        Inflection.pascal(clean(name, fallback: "Enum").split(separator: "_", omittingEmptySubsequences: false).map(String.init))
    }

    /// True when `name` is a GraphQL name.
    static func isGraphQLName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// A name without an ASCII letter becomes `fallback` and its digits; otherwise leading characters up to the
    /// first letter go, and every run of characters other than letters, digits and `_` becomes one `_`.
    static func clean(_ name: String, fallback: String) -> String {
        let scalars = Array(name.unicodeScalars)
        let isLetter = { (scalar: Unicode.Scalar) in scalar.isASCII && scalar.properties.isAlphabetic }
        guard let firstLetter = scalars.firstIndex(where: isLetter) else {
            return fallback + String(String.UnicodeScalarView(scalars.filter { ("0"..."9").contains($0) }))
        }
        var result = String.UnicodeScalarView()
        var inRun = false
        for scalar in scalars[firstLetter...] {
            if scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) {
                result.append(scalar)
                inRun = false
            } else if !inRun {
                result.append("_")
                inRun = true
            }
        }
        return String(result).trimmingWhitespace()
    }

    /// `base`, or `base2`, `base3`… : the first that `taken` does not hold.
    static func unique(_ base: String, in taken: Set<String>) -> String {
        guard taken.contains(base) else { return base }
        var number = 2
        while taken.contains("\(base)\(number)") { number += 1 }
        return "\(base)\(number)"
    }
}

extension String {
    /// The string without leading and trailing spaces.
    fileprivate func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars = scalars.dropFirst() }
        while scalars.last == " " { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
