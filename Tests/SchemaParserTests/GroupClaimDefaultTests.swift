import ModelIR
import Testing

/// `serve --group-claim`: the server's group claim becomes the claim of every group rule that names none.
@Suite("The server's default group claim")
struct GroupClaimDefaultTests {
    static let schema = Schema(models: [
        Model(
            name: "Post", fields: [],
            auth: AuthPolicy(rules: [
                AuthRule(.groups, groups: ["Admins"]), AuthRule(.groups, groupsField: "editors", groupClaim: "roles"), AuthRule(.owner), AuthRule(.public),
            ]))
    ])

    @Test("group rules without a groupClaim read the configured claim; a rule's own claim and other strategies are kept")
    func defaulted() {
        let rules = Self.schema.defaultingGroupClaim(to: "groups").models[0].auth.rules
        #expect(rules.map(\.groupClaim) == ["groups", "roles", nil, nil])
        #expect(rules.map(\.effectiveGroupClaim).prefix(2) == ["groups", "roles"])
    }

    @Test("Cognito's claim, the default, changes nothing")
    func unchanged() {
        #expect(Self.schema.defaultingGroupClaim(to: AuthRule.defaultGroupClaim) == Self.schema)
    }
}
