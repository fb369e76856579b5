/// Reads the allowed values of a column from CHECK constraints PostgreSQL prints as
/// `CHECK ((status = ANY (ARRAY['draft'::text, 'published'::text])))` (the form `status IN ('draft', 'published')`
/// is stored as); any other constraint is not a list of values and is ignored.
enum CheckConstraints {
    /// The values of the first constraint in `definitions` that limits `column` to a list of string constants.
    static func allowedValues(of column: String, in definitions: [String]) -> [String]? {
        for definition in definitions {
            if let values = values(of: column, in: definition) { return values }
        }
        return nil
    }

    /// The list of `definition` when it limits `column` to string constants.
    static func values(of column: String, in definition: String) -> [String]? {
        guard definition.hasPrefix("CHECK "), let any = definition.firstRange(of: " = ANY ") else { return nil }
        var left = Substring(definition[definition.index(definition.startIndex, offsetBy: 6)..<any.lowerBound])
        left.removeAll { $0 == "(" || $0 == ")" }
        if let cast = left.firstRange(of: "::") { left = left[..<cast.lowerBound] }
        guard String(left) == printedIdentifier(column) else { return nil }
        let right = definition[any.upperBound...]
        guard let open = right.firstRange(of: "ARRAY[") else { return nil }
        return literals(right[open.upperBound...])
    }

    /// How PostgreSQL prints an identifier: bare when it is lower-case letters, digits and `_`, else quoted.
    static func printedIdentifier(_ name: String) -> String {
        let plain =
            name.unicodeScalars.first.map { ("a"..."z").contains($0) || $0 == "_" } ?? false
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        return plain ? name : "\"" + name.replacingQuotes() + "\""
    }

    /// The string constants of an array body up to its closing `]`: `'a'::text, 'b'::text]`. Nil when an
    /// element is anything else.
    static func literals(_ text: Substring) -> [String]? {
        var values: [String] = []
        var characters = text[...]
        while true {
            guard characters.first == "'" else { return nil }
            characters = characters.dropFirst()
            var value = ""
            while true {
                guard let character = characters.first else { return nil }
                characters = characters.dropFirst()
                if character == "'" {
                    if characters.first == "'" {
                        value.append("'")
                        characters = characters.dropFirst()
                        continue
                    }
                    break
                }
                value.append(character)
            }
            values.append(value)
            // Skip a cast such as `::text` or `::character varying`.
            while let character = characters.first, character != "," && character != "]" { characters = characters.dropFirst() }
            guard let separator = characters.first else { return nil }
            characters = characters.dropFirst()
            if separator == "]" { return values }
            while characters.first == " " { characters = characters.dropFirst() }
        }
    }
}

extension String {
    /// The string with each `"` doubled.
    fileprivate func replacingQuotes() -> String {
        var result = ""
        for character in self {
            if character == "\"" { result.append("\"") }
            result.append(character)
        }
        return result
    }
}
