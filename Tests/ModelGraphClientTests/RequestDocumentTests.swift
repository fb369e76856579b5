import ModelGraphClient
import TeamMembersModels
import TestSupport
import Testing

@Suite("Client request documents")
struct RequestDocumentTests {
    /// Checks a request's document against `Goldens/<name>.graphql` and its variables against `variables`.
    func check<R>(_ request: GraphQLRequest<R>, golden name: String, variables: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let difference = Golden.check(request.document + "\n", named: "\(name).graphql") {
            Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
        }
        #expect(GraphQLValue.object(request.variables).jsonText == variables, sourceLocation: sourceLocation)
    }

    @Test("get without includes: scalars, the belongsTo as its key and __typename, no hasMany")
    func getMember() {
        check(GraphQLRequest<Member?>.get(Member.self, byIdentifier: "m1"), golden: "get-member", variables: #"{"id":"m1"}"#)
    }

    @Test("get including a hasMany: a page of children, each with its belongsTo as a key")
    func getTeamWithMembers() {
        check(
            GraphQLRequest<Team?>.get(Team.self, byIdentifier: "t1", includes: { team in [team.members] }), golden: "get-team-members",
            variables: #"{"id":"t1"}"#)
    }

    @Test("nested includes to depth three build one document: member.team.members")
    func nestedIncludes() {
        check(
            GraphQLRequest<Member?>.get(Member.self, byIdentifier: "m1", includes: { member in [member.team.members] }), golden: "get-member-team-members",
            variables: #"{"id":"m1"}"#)
    }

    @Test("list with a filter, a limit and a token: the filter input as the API takes it")
    func listMembers() {
        let request = GraphQLRequest<List<Member>>.list(
            Member.self, where: Member.keys.teamId == "t1" && Member.keys.name.beginsWith("A"), limit: 2, nextToken: "abc")
        check(request, golden: "list-members", variables: #"{"filter":{"and":[{"teamId":{"eq":"t1"}},{"name":{"beginsWith":"A"}}]},"limit":2,"nextToken":"abc"}"#)
    }

    @Test("predicates: or, not, between, comparisons and null")
    func predicates() {
        let predicate = (Member.keys.name > "B" || !(Member.keys.teamId == nil)) && Member.keys.name.between("A", "M")
        #expect(
            predicate.filter.graphQLValue.jsonText
                == #"{"and":[{"or":[{"name":{"gt":"B"}},{"not":{"teamId":{"eq":null}}}]},{"name":{"between":["A","M"]}}]}"#)
        #expect(Member.keys.teamId.attributeExists(false).filter.graphQLValue.jsonText == #"{"teamId":{"attributeExists":false}}"#)
    }

    @Test("create sends the writable fields that have a value; the server fills id-less timestamps")
    func create() {
        var member = Member(id: "m1", name: "Ann")
        member.setTeam(Team(id: "t1", mantra: "Go"))
        check(GraphQLRequest<Member>.create(member), golden: "create-member", variables: #"{"input":{"id":"m1","name":"Ann","teamId":"t1"}}"#)
    }

    @Test("update sends every writable field, nil as null (detaching), with a condition")
    func update() {
        var member = Member(id: "m1", name: "Ann", teamId: "t1")
        member.setTeam(nil)
        check(
            GraphQLRequest<Member>.update(member, where: Member.keys.name == "Ann"), golden: "update-member",
            variables: #"{"condition":{"name":{"eq":"Ann"}},"input":{"id":"m1","name":"Ann","teamId":null}}"#)
    }

    @Test("delete by model and by identifier send the key only")
    func delete() {
        let member = Member(id: "m1", name: "Ann")
        check(GraphQLRequest<Member>.delete(member), golden: "delete-member", variables: #"{"input":{"id":"m1"}}"#)
        check(GraphQLRequest<Member>.delete(Member.self, withIdentifier: "m1"), golden: "delete-member", variables: #"{"input":{"id":"m1"}}"#)
    }
}
