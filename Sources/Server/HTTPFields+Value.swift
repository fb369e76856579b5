import HTTPTypes

extension HTTPFields {
    /// The value of the fields named `name`, as `self[name]` gives it (repeated fields joined), found without
    /// building an array and joining it in the usual case of one field or none: every request asks for a few
    /// headers, and the subscript's joining was a visible share of a request's work.
    func value(of name: HTTPField.Name) -> String? {
        var found: String?
        for field in self where field.name == name {
            guard found == nil else { return self[name] }
            found = field.value
        }
        return found
    }
}

extension HTTPField.Name {
    /// `x-api-key`, the header an API key arrives in.
    static let apiKey = HTTPField.Name("x-api-key")!
}
