import Foundation
import TestSupport
import Testing

/// The test harness's `ServeProcess.start` survives the race it cannot avoid: a port it chose free is taken by
/// another test before serve binds it.
@Suite("Test harness: serve on a port taken meanwhile")
struct ServeProcessTests {
    @Test("a port in use when serve binds it: serve starts again on another, and the first attempt's API key works")
    func retriesAnotherPort() async throws {
        let database = try await TestDatabase.makeDatabase()
        let folder = try CommandLineTests.projectFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let taken = try PortHolder()
        defer { taken.close() }
        let serve = try await ServeProcess.start(in: folder, port: taken.port, arguments: ["--database-url", database])
        defer { serve.process.terminate() }
        #expect(serve.port != taken.port)
        #expect(try String(contentsOf: folder.appendingPathComponent("serve.log"), encoding: .utf8).contains("is in use"))
        let (status, text) = try await serve.graphQL("{ listTeams { items { id } } }", key: try serve.apiKey())
        #expect(status == 200 && text.contains("\"items\""), "\(text)")
    }
}
