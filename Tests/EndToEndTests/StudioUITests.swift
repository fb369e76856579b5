import Foundation
import Testing

/// The studio's features in a real headless Chromium, each scenario a script in `Studio/` run against a fresh
/// server with the studio on (the benchmarks' blog schema): the editor (completion accepted from the keyboard, run,
/// result, a validation error marked at its line and column, variables checked, operation picker, prettify, share
/// link, remembered key, headers, colour scheme), the explorer (a three-level selection and a filter built by
/// ticking, the editor's text reflected in the ticks, keyboard use, docs search), the plan (SQL, parameters and
/// EXPLAIN; the notice when plans are off), the data browser (create, edit, page, sort, filter, delete, parent and
/// children, errors beside their field; every write checked in PostgreSQL) and live subscriptions. Every script
/// also fails on a console error, a CSP violation or a request leaving 127.0.0.1. With RECORD_SCREENSHOTS=1 the
/// scripts save their screenshots to docs/images.
@Suite("Studio: the page's features in the browser", .serialized)
struct StudioUITests {
    /// Runs `script` against a fresh studio server; its JSON lines.
    static func run(_ script: String, plans: Bool = true, schema: String = "bench-blog") async throws -> PythonClient.Output {
        let server = try await StudioServer.start(plans: plans, schema: schema)
        defer { server.stop() }
        let output = try await StudioBrowser.run(script, server: server)
        #expect(output.lines("elapsed").count == 1, "\(script) did not finish: \(output.lines)")
        return output
    }

    @Test("editor: a query typed with accepted completions runs; errors marked at their position; variables, picker, prettify, share link")
    func editor() async throws {
        _ = try await Self.run("studio_editor.py")
    }

    @Test("explorer: ticking builds a three-level selection with a filter and limit that runs; typing ticks; keyboard; docs search")
    func explorer() async throws {
        _ = try await Self.run("studio_explorer.py")
    }

    @Test("data browser: create, edit, page, sort, filter and delete records, checked in PostgreSQL; parent and children; errors beside fields")
    func dataBrowser() async throws {
        _ = try await Self.run("studio_data.py")
    }

    @Test("plan: the SQL of each root field with its parameters, and EXPLAIN (ANALYZE, BUFFERS) on request")
    func plan() async throws {
        let output = try await Self.run("studio_plan.py")
        #expect(output.lines("plan").first?["plans"] as? Bool == true)
    }

    @Test("plan: a server without plans gets the pane's notice instead")
    func planOff() async throws {
        let output = try await Self.run("studio_plan.py", plans: false)
        #expect(output.lines("plan").first?["plans"] as? Bool == false)
    }

    @Test("live: a subscription run from the editor streams events into the result until stopped")
    func live() async throws {
        _ = try await Self.run("studio_live.py")
    }

    @Test("custom operations: the explorer builds and runs a custom query, docs find a custom mutation and its input, the plan shows its statement")
    func customOperations() async throws {
        _ = try await Self.run("studio_custom.py", schema: "custom-operations")
    }
}
