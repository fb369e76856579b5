import Foundation
import TestSupport
import Testing

/// `serve`'s studio options as users give them: on by default, `--no-studio` (or MODELGRAPH_NO_STUDIO=1, also from
/// a config file) turns it off; plans default on with the embedded database and off with `--database-url`,
/// `--studio-plans`/`--no-studio-plans` (or MODELGRAPH_STUDIO_PLANS) decide otherwise.
@Suite("Studio: serve's options")
struct StudioCommandLineTests {
    /// What a serve started with `arguments` and `environment` (on a test database unless `embedded`) answers at
    /// `/`, and `/studio/config.json`'s `plans` (nil when there is no config).
    static func studio(arguments: [String] = [], environment: [String: String] = [:], config: String? = nil, embedded: Bool = false) async throws -> (Int, Bool?) {
        let folder = try CommandLineTests.projectFolder()
        defer {
            ServeProcess.stopLeftoverPostgres(in: folder)
            try? FileManager.default.removeItem(at: folder)
        }
        var prefix: [String] = []
        if let config {
            try config.write(to: folder.appendingPathComponent("studio.env"), atomically: true, encoding: .utf8)
            prefix = ["--config", "studio.env"]
        }
        let database = embedded ? [] : ["--database-url", try await TestDatabase.makeDatabase()]
        let running = try ServeProcess.launch(in: folder, arguments: database + arguments, environment: environment, global: prefix)
        defer {
            running.process.terminate()
            running.process.waitUntilExit()
        }
        guard await running.waitForLog("serving http://") else { throw ServeFailure(description: "serve did not start:\n\(running.logText)") }
        let page = try await TestHTTP.send(URL(string: "http://127.0.0.1:\(running.port)/")!, method: "GET")
        let config = try await TestHTTP.send(URL(string: "http://127.0.0.1:\(running.port)/studio/config.json")!, method: "GET")
        let plans = (try? JSONSerialization.jsonObject(with: config.body) as? [String: Any])?["plans"] as? Bool
        if page.status == 200 { #expect(running.logText.contains("studio: http://127.0.0.1:\(running.port)/")) }
        return (page.status, plans)
    }

    @Test("the embedded database: the studio at / with plans on")
    func embedded() async throws {
        let (status, plans) = try await Self.studio(embedded: true)
        #expect(status == 200)
        #expect(plans == true)
    }

    @Test(
        "--database-url: the studio with plans off unless asked; --no-studio, MODELGRAPH_NO_STUDIO and the config file turn it off",
        arguments: [
            ([String](), [String: String](), String?.none, 200, Bool?.some(false)),
            (["--studio-plans"], [:], nil, 200, true),
            ([], ["MODELGRAPH_STUDIO_PLANS": "1"], nil, 200, true),
            (["--no-studio-plans"], ["MODELGRAPH_STUDIO_PLANS": "1"], nil, 200, false),
            (["--no-studio"], [:], nil, 404, nil),
            ([], ["MODELGRAPH_NO_STUDIO": "1"], nil, 404, nil),
            ([], [:], "MODELGRAPH_NO_STUDIO=1\n", 404, nil),
        ])
    func options(arguments: [String], environment: [String: String], config: String?, status: Int, plans: Bool?) async throws {
        let (answered, shown) = try await Self.studio(arguments: arguments, environment: environment, config: config)
        #expect(answered == status, "\(arguments) \(environment) \(config ?? "")")
        #expect(shown == plans, "\(arguments) \(environment) \(config ?? "")")
    }
}
