// The team-members relationship guide with ModelGraphClient, against a running `modelgraph serve` of
// examples/team-members.graphql: create two teams and a member, read the team with its members in one request,
// load relationships lazily, move the member, clear its team, page through a list, and delete.
//
//     MODELGRAPH_URL=http://127.0.0.1:4000/graphql MODELGRAPH_API_KEY=da2-… swift run relationships-example
import Foundation
import ModelGraphClient
import TeamMembersModels

/// Prints a step of the walkthrough.
func step(_ text: String) {
    print("- \(text)")
}

/// Runs the guide's steps; every call throws `ModelGraphError`.
func walkthrough(_ client: APIClient) async throws(ModelGraphError) {
    let run = String(newModelID().prefix(8))
    let red = try await client.mutate(.create(Team(id: "red-\(run)", mantra: "Move fast")))
    let blue = try await client.mutate(.create(Team(id: "blue-\(run)", mantra: "Stay steady")))
    var ann = try await client.mutate(.create(Member(name: "Ann", team: red)))
    step("created teams \(red.id) and \(blue.id), and \(ann.name) in \(ann.teamId ?? "no team")")

    // Eager: the team and a page of its members in one request.
    if let team = try await client.query(.get(Team.self, byIdentifier: red.id, includes: { team in [team.members] })) {
        step("\(team.id) has \(team.members.map(\.name)) (loaded with the team)")
    }

    // Lazy: the member's team is its key until read; reading it sends one request.
    if let member = try await client.query(.get(Member.self, byIdentifier: ann.id)) {
        step("\(member.name)'s team says \"\(try await member.team?.mantra ?? "-")\" (loaded when read)")
    }

    // Move the member, then clear its team (the reference is optional).
    ann.setTeam(blue)
    ann = try await client.mutate(.update(ann))
    step("\(ann.name) moved to \(ann.teamId ?? "no team")")
    ann.setTeam(nil)
    ann = try await client.mutate(.update(ann))
    step("\(ann.name) now has \(ann.teamId ?? "no team")")

    // A hasMany not included loads with one list query.
    for name in ["Bo", "Cy", "Di"] { _ = try await client.mutate(.create(Member(name: name, team: blue))) }
    if let team = try await client.query(.get(Team.self, byIdentifier: blue.id)) {
        try await team.members.fetch()
        step("\(team.id) has \(team.members.map(\.name).sorted()) (fetched)")
    }

    // Pages of two.
    var page = try await client.query(.list(Member.self, where: Member.keys.teamId == blue.id, limit: 2))
    var pages = [page.map(\.name)]
    while page.hasNextPage() {
        page = try await page.getNextPage()
        pages.append(page.map(\.name))
    }
    step("pages of \(blue.id)'s members: \(pages)")

    // A condition that does not hold is a typed error.
    do {
        _ = try await client.mutate(.update(ann, where: Member.keys.name == "Nobody"))
    } catch {
        step("update where name == Nobody: \(error.errorType ?? "?")")
    }
    _ = try await client.mutate(.delete(ann))
    step("deleted \(ann.name); get returns \(try await client.query(.get(Member.self, byIdentifier: ann.id)).map(\.name) ?? "nil")")
}

let environment = ProcessInfo.processInfo.environment
guard let url = environment["MODELGRAPH_URL"].flatMap(URL.init(string:)) else {
    FileHandle.standardError.write(Data("Set MODELGRAPH_URL (http://host:port/graphql) and MODELGRAPH_API_KEY.\n".utf8))
    exit(2)
}
let client = APIClient(endpoint: url, authorization: environment["MODELGRAPH_API_KEY"].map { .apiKey($0) } ?? .none)
do {
    try await walkthrough(client)
    print("done")
} catch {
    FileHandle.standardError.write(Data("failed: \(error)\n".utf8))
    exit(1)
}
