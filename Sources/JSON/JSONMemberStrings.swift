extension JSONReader {
    /// The text members of the top-level object in `bytes` whose keys `wanted` holds, by key, read without
    /// building the rest of the document: other members are skipped (a text one by scanning to its closing
    /// quote). A wanted key whose value is not text is left out; of a key given twice, the last value wins, as
    /// in `parse`. Linear in the document; nested values may be `maximumDepth` deep.
    package static func memberStrings(of bytes: [UInt8], wanted: Set<String>, maximumDepth: Int = 256) throws(Failure) -> [String: String] {
        var found: [String: String] = [:]
        try forEachMember(of: bytes, maximumDepth: maximumDepth) { (key, reader) throws(Failure) in
            if reader.current == UInt8(ascii: "\"") {
                if wanted.contains(key) { found[key] = try reader.string() } else { try reader.skipString() }
            } else {
                _ = try reader.value(depth: 1)
                found[key] = nil
            }
        }
        return found
    }

    /// The members of the top-level object in `bytes` whose keys `wanted` holds, each as the exact bytes of its
    /// value in the document (a text value with its quotes and escapes as written), by key. Other members are
    /// skipped; of a key given twice, the last value wins. Linear in the document; nested values may be
    /// `maximumDepth` deep.
    package static func memberTexts(of bytes: [UInt8], wanted: Set<String>, maximumDepth: Int = 256) throws(Failure) -> [String: ArraySlice<UInt8>] {
        var found: [String: ArraySlice<UInt8>] = [:]
        try forEachMember(of: bytes, maximumDepth: maximumDepth) { (key, reader) throws(Failure) in
            let start = reader.index
            if reader.current == UInt8(ascii: "\"") { try reader.skipString() } else { _ = try reader.value(depth: 1) }
            if wanted.contains(key) { found[key] = bytes[start..<reader.index] }
        }
        return found
    }

    /// Walks the members of the top-level object in `bytes`: `visit` gets each key with the reader at the start
    /// of its value, and must move it past the value. Throws unless `bytes` is exactly one object.
    private static func forEachMember(
        of bytes: [UInt8], maximumDepth: Int, _ visit: (String, inout Reader) throws(Failure) -> Void
    ) throws(Failure) {
        var reader = Reader(bytes: bytes, maximumDepth: maximumDepth)
        reader.skipWhitespace()
        guard reader.current == UInt8(ascii: "{") else { throw reader.failure() }
        reader.index += 1
        reader.skipWhitespace()
        if reader.current == UInt8(ascii: "}") {
            reader.index += 1
        } else {
            while true {
                reader.skipWhitespace()
                guard reader.current == UInt8(ascii: "\"") else { throw reader.failure() }
                let key = try reader.string()
                reader.skipWhitespace()
                guard reader.current == UInt8(ascii: ":") else { throw reader.failure() }
                reader.index += 1
                reader.skipWhitespace()
                try visit(key, &reader)
                reader.skipWhitespace()
                if reader.current == UInt8(ascii: ",") { reader.index += 1; continue }
                if reader.current == UInt8(ascii: "}") { reader.index += 1; break }
                throw reader.failure()
            }
        }
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.failure() }
    }
}

extension JSONReader.Reader {
    /// Moves past the string starting at `index` without decoding it: to the first unescaped quote. Control
    /// characters are refused as `string()` refuses them; escapes are not decoded, so not checked further.
    mutating func skipString() throws(JSONReader.Failure) {
        index += 1
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return
            case UInt8(ascii: "\\"):
                guard current != nil else { throw failure() }
                index += 1
            case 0..<0x20: throw failure()
            default: continue
            }
        }
        throw failure()
    }
}
