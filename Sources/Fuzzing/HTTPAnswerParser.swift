/// Reads one HTTP/1.1 answer from bytes as they arrive: status line, header fields, then a body framed by
/// `Content-Length`, by chunks, or by the connection closing.
struct HTTPAnswerParser {
    enum Step {
        case needMore(untilClose: Bool)
        case complete(HTTPAnswer)
        case malformed(String)
    }

    private var answer: HTTPAnswer?
    private var contentLength: Int?
    private var chunked = false
    /// Whether the status line has been read.
    var started: Bool { answer != nil }

    /// Consumes what `buffer` holds of the answer; leaves any bytes after a complete answer in `buffer`.
    mutating func consume(_ buffer: inout [UInt8], head: Bool) -> Step {
        if answer == nil {
            guard let end = Self.find([13, 10, 13, 10], in: buffer) else {
                return buffer.count > 65_536 ? .malformed("header section larger than 64 KiB") : .needMore(untilClose: false)
            }
            let text = String(decoding: buffer[0..<end], as: UTF8.self)
            buffer.removeFirst(end + 4)
            var lines = text.split(separator: "\r\n" as Character, omittingEmptySubsequences: false).map(String.init)
            let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
            guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
                return .malformed("status line '\(text.prefix(80))'")
            }
            var parsed = HTTPAnswer(status: status, headers: [], body: [])
            for line in lines {
                guard let colon = line.firstIndex(of: ":") else { return .malformed("header line '\(line.prefix(80))'") }
                let name = line[..<colon].lowercased()
                let value = String(line[line.index(after: colon)...]).trimmed(of: " \t")
                parsed.headers.append((name, value))
                if name == "content-length" {
                    guard let length = Int(value), length >= 0 else { return .malformed("content-length '\(value)'") }
                    contentLength = length
                }
                if name == "transfer-encoding" && value.lowercased().contains("chunked") { chunked = true }
            }
            answer = parsed
            if head || status == 204 || status == 304 || (100..<200).contains(status) {
                if (100..<200).contains(status) {
                    answer = nil
                    return consume(&buffer, head: head)
                }
                return .complete(parsed)
            }
        }
        if chunked { return consumeChunks(&buffer) }
        if let contentLength {
            guard buffer.count >= contentLength else { return .needMore(untilClose: false) }
            answer!.body = Array(buffer[0..<contentLength])
            buffer.removeFirst(contentLength)
            return .complete(answer!)
        }
        return .needMore(untilClose: true)
    }

    /// The answer whose body ran until the connection closed.
    mutating func finishAtClose(_ buffer: inout [UInt8]) -> HTTPAnswer? {
        guard var finished = answer, !chunked, contentLength == nil else { return nil }
        finished.body = buffer
        buffer = []
        return finished
    }

    private mutating func consumeChunks(_ buffer: inout [UInt8]) -> Step {
        while true {
            guard let lineEnd = Self.find([13, 10], in: buffer) else { return .needMore(untilClose: false) }
            let sizeText = String(decoding: buffer[0..<lineEnd], as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmed(of: " "), radix: 16), size >= 0 else {
                return .malformed("chunk size '\(sizeText.prefix(20))'")
            }
            if size == 0 {
                // The last chunk, then optional trailer fields and an empty line.
                guard let end = Self.find([13, 10, 13, 10], in: buffer, from: lineEnd) else {
                    return .needMore(untilClose: false)
                }
                buffer.removeFirst(end + 4)
                return .complete(answer!)
            }
            guard buffer.count >= lineEnd + 2 + size + 2 else { return .needMore(untilClose: false) }
            answer!.body += buffer[(lineEnd + 2)..<(lineEnd + 2 + size)]
            buffer.removeFirst(lineEnd + 2 + size + 2)
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0] && Array(haystack[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }
}

extension String {
    fileprivate func trimmed(of characters: String) -> String {
        let set = Set(characters)
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
