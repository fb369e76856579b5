import Foundation
import Testing

/// The studio by keyboard alone, at 200 % zoom and in the dark scheme, and where it keeps the key
/// (`Studio/studio_access.py`), in a real headless Chromium against a fresh server.
@Suite("Studio: in the browser, keyboard, zoom and schemes")
struct StudioBrowserAccessTests {
    @Test("keyboard alone runs an operation; the key is kept only when asked; 200 % zoom scrolls nothing sideways; the dark scheme is dark")
    func access() async throws {
        let server = try await StudioServer.start()
        defer { server.stop() }
        let output = try await StudioBrowser.run("studio_access.py", server: server)
        #expect(output.lines("keyboard").count == 1)
        #expect(output.lines("zoom").count == 1)
        #expect(output.lines("dark").count == 1)
    }
}
