package import JSON
package import ModelIR

/// Who sent a request, as authorization sees it: the mode it proved itself with and, for a signed-in user, the
/// verified token's claims. Rules decide from these alone; the planner turns the caller's identity into
/// statement parameters, never into SQL text.
package struct Caller: Sendable, Equatable {
    /// The mode the request was authenticated with.
    package var mode: AuthProvider
    /// The verified token's payload (an empty object for an API-key caller).
    package var claims: JSONValue

    /// A caller in `mode` with `claims`.
    package init(mode: AuthProvider, claims: JSONValue = .object([])) {
        self.mode = mode
        self.claims = claims
    }

    /// An API-key caller.
    package static let apiKey = Caller(mode: .apiKey)

    /// The texts of claim `name`: a string or whole number gives one, a list its strings and whole numbers, a
    /// string that holds a JSON list its elements (some providers send groups that way).
    package func claimValues(_ name: String) -> [String] {
        guard case .object(let members) = claims, let value = members.last(where: { $0.0 == name })?.1 else { return [] }
        switch value {
        case .string(let text):
            if text.hasPrefix("["), case .list(let items)? = try? JSONReader.parse(Array(text.utf8), maximumDepth: 2) {
                return items.compactMap(Self.text)
            }
            return [text]
        case .list(let items): return items.compactMap(Self.text)
        default: return Self.text(value).map { [$0] } ?? []
        }
    }

    /// The one text of claim `name`, or nil when it has none or several.
    package func claim(_ name: String) -> String? {
        let values = claimValues(name)
        return values.count == 1 ? values[0] : nil
    }

    /// The values a stored owner may hold to name this caller under `identityClaim`: for the default
    /// `sub::username`, `<sub>::<username>`, `<sub>` and `<username>` (the user name read from `username`,
    /// else `cognito:username`), so ID and access tokens of one user match the same records; for a single
    /// claim, its value. Empty when a claim is missing: the rule then grants nothing.
    package func ownerForms(identityClaim: String) -> [String] {
        ownerForms(claimParts: Self.claimParts(identityClaim))
    }

    /// The claims an identity claim joins (`sub::username` joins `sub` and `username`).
    package static func claimParts(_ identityClaim: String) -> [String] {
        identityClaim.split(separator: "::", omittingEmptySubsequences: false).map(String.init)
    }

    /// `ownerForms(identityClaim:)` for a claim already split into `parts` (plans split it once).
    package func ownerForms(claimParts parts: [String]) -> [String] {
        var values: [String] = []
        for part in parts {
            let value = part == "username" ? (claim("username") ?? claim("cognito:username")) : claim(part)
            guard let value, !value.isEmpty else { return [] }
            values.append(value)
        }
        guard values.count > 1 else { return values }
        return [values.joined(separator: "::")] + values
    }

    /// The value create stores in an owner field for this caller: the joined claims (`<sub>::<username>`).
    package func ownerValue(identityClaim: String) -> String? {
        ownerForms(identityClaim: identityClaim).first
    }

    /// The groups claim `groupClaim` lists.
    package func groups(claim groupClaim: String) -> [String] {
        claimValues(groupClaim)
    }

    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        default: nil
        }
    }
}
