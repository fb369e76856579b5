// examples/team-members.graphql: a Team has many Members, a Member belongs to at most one Team. Create, load
// eagerly and lazily, move a member to another team, clear its team, page, a failed condition, delete.
import ModelGraphClient
import TeamMembersModels

/// The team-members guide.
@Sendable func teamMembers(_ guide: Guide) async throws {
    let client = guide.client
    let red = try await client.mutate(.create(Team(id: "red-\(guide.run)", mantra: "Move fast")))
    let blue = try await client.mutate(.create(Team(id: "blue-\(guide.run)", mantra: "Stay steady")))
    var ann = try await client.mutate(.create(Member(name: "Ann", team: red)))
    guide.step("created teams \(red.id) and \(blue.id), and \(ann.name) in \(ann.teamId ?? "no team")")
    try guide.expect(ann.teamId, red.id, "the new member's teamId")

    // Eager: the team and a page of its members in one request.
    let (eager, eagerRequests) = try await guide.counting {
        try await client.query(.get(Team.self, byIdentifier: red.id, includes: { team in [team.members] }))
    }
    try guide.expect(eager?.members.map(\.name), ["Ann"], "\(red.id)'s members, included")
    try guide.expect(eagerRequests, 1, "requests for the team and its members")

    // Lazy: the member's team is its key until read; reading it sends one request, reading again none.
    let member = try await client.query(.get(Member.self, byIdentifier: ann.id))
    let (mantra, lazyRequests) = try await guide.counting { try await member?.team?.mantra }
    try guide.expect(mantra, "Move fast", "\(ann.name)'s team's mantra, loaded when read")
    try guide.expect(lazyRequests, 1, "requests for the lazy team")
    let (_, again) = try await guide.counting { try await member?.team }
    try guide.expect(again, 0, "requests to read the loaded team again")

    // Move the member, then clear its team (the reference is optional).
    ann.setTeam(blue)
    ann = try await client.mutate(.update(ann))
    try guide.expect(ann.teamId, blue.id, "\(ann.name)'s team after the move")
    try guide.expect(try await client.query(.get(Team.self, byIdentifier: red.id, includes: { team in [team.members] }))?.members.count, 0, "members left in \(red.id)")
    ann.setTeam(nil)
    ann = try await client.mutate(.update(ann))
    try guide.expect(ann.teamId, nil, "\(ann.name)'s team after clearing it")
    try guide.expect(try await client.query(.get(Member.self, byIdentifier: ann.id))?.team?.id, nil, "\(ann.name)'s team, read back")

    // A hasMany not included loads with one list query.
    for name in ["Bo", "Cy", "Di"] { _ = try await client.mutate(.create(Member(name: name, team: blue))) }
    let plain = try await client.query(.get(Team.self, byIdentifier: blue.id))
    try guide.expect(plain?.members.isLoaded, false, "\(blue.id)'s members before fetching")
    let (_, fetchRequests) = try await guide.counting { try await plain?.members.fetch() }
    try guide.expect(plain?.members.map(\.name).sorted(), ["Bo", "Cy", "Di"], "\(blue.id)'s members, fetched")
    try guide.expect(fetchRequests, 1, "requests to fetch them")

    // Pages of two.
    var page = try await client.query(.list(Member.self, where: Member.keys.teamId == blue.id, limit: 2))
    var pages = [page.map(\.name)]
    while page.hasNextPage() {
        page = try await page.getNextPage()
        if !page.isEmpty { pages.append(page.map(\.name)) }
    }
    try guide.expect(pages.map(\.count), [2, 1], "page sizes of \(blue.id)'s members")
    try guide.expect(pages.joined().sorted(), ["Bo", "Cy", "Di"], "the members over all pages")

    // A condition that does not hold is a typed error.
    do {
        _ = try await client.mutate(.update(ann, where: Member.keys.name == "Nobody"))
        throw GuideFailure(message: "an update whose condition does not hold succeeded")
    } catch let error as ModelGraphError {
        try guide.expect(error.errorType, "DynamoDB:ConditionalCheckFailedException", "the error of an update where name == Nobody")
    }
    _ = try await client.mutate(.delete(ann))
    try guide.expect(try await client.query(.get(Member.self, byIdentifier: ann.id))?.name, nil, "\(ann.name) after the delete")
}
