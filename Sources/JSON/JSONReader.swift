/// Reads JSON text (RFC 8259) into `JSONValue`s, without Foundation: the one JSON reader of the project, for
/// request bodies, variables, AWSJSON values and page tokens. Numbers without a fraction or exponent that fit in
/// `Int` become `.int`; other numbers `.float`. Duplicate keys keep the last value, as JavaScript's `JSON.parse`
/// does.
package enum JSONReader {
    /// Why a document could not be read.
    package struct Failure: Error, Sendable {
        /// What kind of problem it is.
        package enum Reason: Sendable, Equatable {
            /// Not JSON.
            case syntax
            /// Arrays and objects nest deeper than the reader's limit.
            case tooDeep
            /// A string is not Unicode text: invalid UTF-8, or an escaped UTF-16 surrogate without its pair.
            case notUnicode
        }

        /// Byte offset of the problem.
        package var offset: Int
        /// What kind of problem it is.
        package var reason: Reason = .syntax
        /// The object keys and array indexes leading to the value with the problem, outermost first.
        package var path: [String] = []
    }

    /// Parses one JSON value (with surrounding whitespace). Arrays and objects may nest `maximumDepth` deep;
    /// strings must be Unicode text, so nothing is replaced on the way in.
    package static func parse(_ bytes: [UInt8], maximumDepth: Int = 256) throws(Failure) -> JSONValue {
        var reader = Reader(bytes: bytes, maximumDepth: maximumDepth)
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw Failure(offset: reader.index) }
        return value
    }

    struct Reader {
        let bytes: [UInt8]
        let maximumDepth: Int
        var index = 0

        init(bytes: [UInt8], maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        func failure() -> Failure { Failure(offset: index) }

        mutating func expect(_ word: StaticString) throws(Failure) {
            let text = word.utf8Start
            for offset in 0..<word.utf8CodeUnitCount {
                guard current == text[offset] else { throw failure() }
                index += 1
            }
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard depth < maximumDepth else { throw Failure(offset: index, reason: .tooDeep) }
            skipWhitespace()
            guard let byte = current else { throw failure() }
            switch byte {
            case UInt8(ascii: "{"):
                index += 1
                var fields: [(String, JSONValue)] = []
                skipWhitespace()
                if current == UInt8(ascii: "}") { index += 1; return .object(fields) }
                while true {
                    skipWhitespace()
                    guard current == UInt8(ascii: "\"") else { throw failure() }
                    let key = try string()
                    skipWhitespace()
                    guard current == UInt8(ascii: ":") else { throw failure() }
                    index += 1
                    do {
                        fields.append((key, try value(depth: depth + 1)))
                    } catch {
                        throw error.inside(key)
                    }
                    skipWhitespace()
                    if current == UInt8(ascii: ",") { index += 1; continue }
                    if current == UInt8(ascii: "}") { index += 1; return .object(Self.lastOfEachKey(fields)) }
                    throw failure()
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONValue] = []
                skipWhitespace()
                if current == UInt8(ascii: "]") { index += 1; return .list(items) }
                while true {
                    do {
                        items.append(try value(depth: depth + 1))
                    } catch {
                        throw error.inside(String(items.count))
                    }
                    skipWhitespace()
                    if current == UInt8(ascii: ",") { index += 1; continue }
                    if current == UInt8(ascii: "]") { index += 1; return .list(items) }
                    throw failure()
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try expect("true"); return .boolean(true)
            case UInt8(ascii: "f"): try expect("false"); return .boolean(false)
            case UInt8(ascii: "n"): try expect("null"); return .null
            default: return try number()
            }
        }

        mutating func string() throws(Failure) -> String {
            index += 1
            let start = index
            // Fast path: no escapes. The scan runs over the raw buffer (a query's text is most of a request body).
            index = bytes.withUnsafeBufferPointer { buffer in
                var position = start
                while position < buffer.count {
                    let byte = buffer[position]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                    position += 1
                }
                return position
            }
            guard let stop = current, stop >= 0x20 else { throw failure() }
            if stop == UInt8(ascii: "\"") {
                index += 1
                return try text(bytes[start..<(index - 1)], at: start)
            }
            var output = Array(bytes[start..<index])
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return try text(output[...], at: start)
                case UInt8(ascii: "\\"):
                    guard let escaped = current else { throw failure() }
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
                    case UInt8(ascii: "b"): output.append(0x08)
                    case UInt8(ascii: "f"): output.append(0x0C)
                    case UInt8(ascii: "n"): output.append(0x0A)
                    case UInt8(ascii: "r"): output.append(0x0D)
                    case UInt8(ascii: "t"): output.append(0x09)
                    case UInt8(ascii: "u"):
                        let escapeStart = index - 2
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar) {
                            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                                throw Failure(offset: escapeStart, reason: .notUnicode)
                            }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw Failure(offset: escapeStart, reason: .notUnicode) }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { throw Failure(offset: escapeStart, reason: .notUnicode) }
                        output.append(contentsOf: Array(String(unicode).utf8))
                    default: throw failure()
                    }
                case 0..<0x20: throw failure()
                default: output.append(byte)
                }
            }
            throw failure()
        }

        /// `fields` with one entry per key, the last one given (as JavaScript's `JSON.parse` keeps it), in the
        /// order keys first appear; found in linear time.
        static func lastOfEachKey(_ fields: [(String, JSONValue)]) -> [(String, JSONValue)] {
            guard fields.count > 1 else { return fields }
            // A request body's objects have a few keys: comparing them pairwise costs less than hashing them.
            if fields.count <= 8, !hasRepeatedKey(fields) { return fields }
            var positions: [String: Int] = [:]
            var result: [(String, JSONValue)] = []
            result.reserveCapacity(fields.count)
            for (key, value) in fields {
                if let position = positions[key] {
                    result[position].1 = value
                } else {
                    positions[key] = result.count
                    result.append((key, value))
                }
            }
            return result
        }

        /// True when two of `fields` have the same key (by pairwise comparison: for a few fields only).
        private static func hasRepeatedKey(_ fields: [(String, JSONValue)]) -> Bool {
            for later in 1..<fields.count where fields[..<later].contains(where: { $0.0 == fields[later].0 }) { return true }
            return false
        }

        /// The bytes of a string as text; refused when they are not UTF-8 (nothing is replaced).
        func text(_ utf8: ArraySlice<UInt8>, at offset: Int) throws(Failure) -> String {
            guard let text = String(validating: utf8, as: UTF8.self) else { throw Failure(offset: offset, reason: .notUnicode) }
            return text
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = current else { throw failure() }
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw failure()
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        mutating func number() throws(Failure) -> JSONValue {
            let start = index
            var integral = true
            if current == UInt8(ascii: "-") { index += 1 }
            guard let first = current, first >= 0x30, first <= 0x39 else { throw failure() }
            if first == 0x30 { index += 1 } else { digits() }
            if current == UInt8(ascii: ".") {
                integral = false
                index += 1
                guard let next = current, next >= 0x30, next <= 0x39 else { throw failure() }
                digits()
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                integral = false
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard let next = current, next >= 0x30, next <= 0x39 else { throw failure() }
                digits()
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if integral, let value = Int(text) { return .int(value) }
            guard let value = Double(text) else { throw failure() }
            return .float(value)
        }

        mutating func digits() {
            while let byte = current, byte >= 0x30, byte <= 0x39 { index += 1 }
        }
    }
}

extension JSONReader.Failure {
    /// The same failure, one level further in: inside `key` of an object or at index `key` of an array.
    fileprivate func inside(_ key: String) -> JSONReader.Failure {
        var outer = self
        outer.path.insert(key, at: 0)
        return outer
    }
}
