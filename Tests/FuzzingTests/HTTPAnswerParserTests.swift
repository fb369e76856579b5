import Testing

@testable import Fuzzing

@Suite("Fuzzing: reading HTTP answers")
struct HTTPAnswerParserTests {
    static func parse(_ chunks: [String]) -> (HTTPAnswer?, String?, [UInt8]) {
        var parser = HTTPAnswerParser()
        var buffer: [UInt8] = []
        for chunk in chunks {
            buffer += Array(chunk.utf8)
            switch parser.consume(&buffer, head: false) {
            case .complete(let answer): return (answer, nil, buffer)
            case .malformed(let reason): return (nil, reason, buffer)
            case .needMore: continue
            }
        }
        return (parser.finishAtClose(&buffer), nil, buffer)
    }

    @Test("Content-Length framing, across reads, leaving the next answer's bytes")
    func contentLength() {
        let (answer, _, rest) = Self.parse(["HTTP/1.1 413 Payload Too Large\r\nContent-Type: application/json\r\nContent-Len", "gth: 4\r\n\r\n{\"a", "\":1}HTTP/1.1"])
        #expect(answer?.status == 413)
        #expect(answer?.body == Array("{\"a\"".utf8))
        #expect(answer?.header("content-type") == "application/json")
        #expect(rest == Array(":1}HTTP/1.1".utf8))
    }

    @Test("chunked bodies are joined; a body without length runs to the close; a 100 Continue is skipped")
    func otherFraming() {
        let (chunked, _, _) = Self.parse(["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n"])
        #expect(chunked?.body == Array("abcde".utf8))
        let (closed, _, _) = Self.parse(["HTTP/1.1 200 OK\r\n\r\nuntil close"])
        #expect(closed?.body == Array("until close".utf8))
        let (continued, _, _) = Self.parse(["HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"])
        #expect(continued?.status == 200 && continued?.body == Array("ok".utf8))
    }

    @Test("what is not HTTP is reported as such")
    func malformed() {
        #expect(Self.parse(["SSH-2.0-OpenSSH\r\n\r\n"]).1 != nil)
        #expect(Self.parse(["HTTP/1.1 200 OK\r\nContent-Length: -3\r\n\r\n"]).1 != nil)
        #expect(Self.parse(["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"]).1 != nil)
    }
}
