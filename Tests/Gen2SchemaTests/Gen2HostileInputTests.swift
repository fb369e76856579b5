import Foundation
import Gen2Schema
import ModelIR
import Testing

/// Hostile schema files get a clear, located error, never a crash, and cost stays linear in their size.
@Suite("Gen 2 hostile input")
struct Gen2HostileInputTests {
    @Test("deep bracket nesting is refused before it can exhaust the stack")
    func deepNesting() throws {
        for opener in ["[", "(", "{ a: "] {
            let source = "const x = " + String(repeating: opener, count: 100_000) + "1"
            let error = try #require(Gen2Fixtures.error(source))
            #expect(error.message.contains("nest more than"), "\(error)")
            #expect(error.location.line == 1)
        }
    }

    @Test("nesting just under the bound is read and evaluated (the bound, not the stack, is the limit)")
    func nestingUnderTheBound() throws {
        let arrays = "const x = " + String(repeating: "[", count: 90) + "1" + String(repeating: "]", count: 90) + ";\n"
        let objects = "const y = " + String(repeating: "{ a: ", count: 90) + "1" + String(repeating: " }", count: 90) + ";\n"
        let chain = "const z = a.string()" + String(repeating: ".required()", count: 40) + ";\n"
        let schema = "export default a.schema({ T: a.model({ n: a.integer() }).authorization((allow) => allow.publicApiKey()) });\n"
        let conversion = try Gen2Conversion.convert(source: arrays + objects + chain + schema, file: "deep.ts")
        #expect(conversion.sdl.contains("type T @model"))
    }

    @Test("a very long method chain and deeply nested arrow functions are refused the same way")
    func longChains() throws {
        let chain = "const x = a.string()" + String(repeating: ".required()", count: 200_000)
        #expect(try #require(Gen2Fixtures.error(chain)).message.contains("nest more than"))
        let arrows = "const f = " + String(repeating: "x => ", count: 100_000) + "1"
        #expect(try #require(Gen2Fixtures.error(arrows)).message.contains("nest more than"))
        let negations = "const n = " + String(repeating: "- ", count: 100_000) + "1"
        #expect(try #require(Gen2Fixtures.error(negations)).message.contains("nest more than"))
    }

    @Test("a function that calls itself is stopped")
    func recursion() throws {
        let error = try #require(Gen2Fixtures.error("const f = (x) => f(x);\nconst y = f(1);"))
        #expect(error.message.contains("call each other more than"), "\(error)")
    }

    @Test(
        "unterminated strings and comments are located where they start",
        arguments: [
            ("const x = 'abc\n", 1, 11, "never closed"),
            ("const x = \"abc", 1, 11, "never closed"),
            ("const x = `abc\n\n", 1, 11, "never closed"),
            ("const x = 1;\n  /* no end", 2, 3, "block comment is never closed"),
            ("const x = `a ${b}`", 1, 14, "Template substitutions"),
            ("const x = 1 + 2", 1, 13, "operator '+'"),
            ("const x = new Date()", 1, 11, "'new'"),
            ("function f() {}", 1, 1, "'function' statements"),
            ("const x = a.model({ a: a.string() ", 1, 35, "expected ',' or '}'"),
            ("const x = \u{7}", 1, 11, "Unexpected character"),
        ])
    func unterminated(source: String, line: Int, column: Int, message: String) throws {
        let error = try #require(Gen2Fixtures.error(source))
        #expect(error.message.contains(message), "\(error)")
        #expect(error.location == SourceLocation(file: "resource.ts", line: line, column: column), "\(error)")
    }

    @Test("a huge schema converts in time proportional to its size")
    func hugeFile() throws {
        func schema(models: Int) -> String {
            var text = "import { a, defineData } from '@aws-amplify/backend';\nconst schema = a.schema({\n"
            for index in 0..<models {
                text += "  // model \(index)\n  M\(index): a.model({ name: a.string().required(), n: a.integer(), tags: a.string().array() }),\n"
            }
            return text + "}).authorization((allow) => [allow.publicApiKey()]);\nexport const data = defineData({ schema });\n"
        }
        let clock = ContinuousClock()
        let small = schema(models: 300)
        let large = schema(models: 3_000)
        let smallTime = clock.measure { _ = try? Gen2Conversion.convert(source: small, file: "small.ts") }
        var converted: Gen2Conversion?
        let largeTime = clock.measure { converted = try? Gen2Conversion.convert(source: large, file: "large.ts") }
        #expect(converted?.sdl.contains("type M2999 @model") == true)
        // Ten times the input may cost at most about forty times the time (linear, with generous slack for a
        // loaded machine), never a hundred (quadratic).
        #expect(largeTime < smallTime * 40 + .milliseconds(500), "300 models: \(smallTime), 3000 models: \(largeTime)")
    }

    @Test("random bytes and truncations never crash the reader")
    func fuzz() throws {
        let base = try Gen2Fixtures.source("real-comments-and-formatting")
        let bytes = Array(base.utf8)
        var generator = SystemRandomNumberGenerator()
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            _ = try? Gen2Conversion.convert(source: String(decoding: bytes[0..<cut], as: UTF8.self), file: "cut.ts")
        }
        for _ in 0..<300 {
            var mutated = bytes
            for _ in 0..<4 { mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...127, using: &generator) }
            _ = try? Gen2Conversion.convert(source: String(decoding: mutated, as: UTF8.self), file: "mutated.ts")
        }
    }
}
