// Every relationship guide with ModelGraphClient, each against a running `modelgraph serve` of its schema
// (examples/<guide>.graphql), every step's outcome checked:
//
//     MODELGRAPH_URL=http://127.0.0.1:4000/graphql MODELGRAPH_API_KEY=mg_… swift run relationships-example customer-cart
import Foundation
import ModelGraphClient

/// The guides by the name of their schema file; each file of this folder holds one (its models are a module of
/// their own, so two guides' `Post`s never meet).
let guides: [String: @Sendable (Guide) async throws -> Void] = [
    "team-members": teamMembers,
    "customer-cart": customerCart,
    "post-tags": postTags,
    "author-editor": authorEditor,
    "composite-references": compositeReferences,
    "blog-implicit": blogImplicit,
]

let environment = ProcessInfo.processInfo.environment
let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let walkthrough = guides[name], let url = environment["MODELGRAPH_URL"].flatMap(URL.init(string:)) else {
    let usage = """
        usage: MODELGRAPH_URL=http://host:port/graphql MODELGRAPH_API_KEY=… relationships-example <guide>
        guides (each needs a server of examples/<guide>.graphql): \(guides.keys.sorted().joined(separator: ", "))

        """
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
let guide = Guide(endpoint: url, authorization: environment["MODELGRAPH_API_KEY"].map { .apiKey($0) } ?? .none)
do {
    try await walkthrough(guide)
    print("done: \(name), \(guide.requests.count) requests")
} catch {
    FileHandle.standardError.write(Data("failed: \(error)\n".utf8))
    exit(1)
}
