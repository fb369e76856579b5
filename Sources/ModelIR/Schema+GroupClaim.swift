extension Schema {
    /// This schema with `claim` as the group claim of every group rule that names none (`serve --group-claim`,
    /// for providers whose tokens list groups under another claim than Cognito's `cognito:groups`). A rule's own
    /// `groupClaim` is kept.
    package func defaultingGroupClaim(to claim: String) -> Schema {
        guard claim != AuthRule.defaultGroupClaim else { return self }
        var schema = self
        for index in schema.models.indices {
            for rule in schema.models[index].auth.rules.indices where schema.models[index].auth.rules[rule].strategy == .groups {
                if schema.models[index].auth.rules[rule].groupClaim == nil { schema.models[index].auth.rules[rule].groupClaim = claim }
            }
        }
        return schema
    }
}
