/// Strings and numbers that have broken servers before: NUL, lone and reversed surrogates, noncharacters,
/// bidirectional overrides, SQL and format-string text, and sizes far beyond what a field expects.
public enum HostileStrings {
    /// String values as UTF-16 code units (so lone surrogates can be expressed).
    public static let strings: [[UInt16]] = [
        u("left") + [0] + u("right"),
        u("x") + [0xD800] + u("y"),
        [0xDC00],
        u("a") + [0xD83D],
        [0xDE00, 0xD83D],
        u("😀 emoji"),
        u("\u{FFFF}\u{FFFE}"),
        u("\u{FEFF}bom"),
        u("\u{202E}evil"),
        u("e\u{301}\u{301}\u{301}"),
        u(""),
        u(" "),
        u("\r\n\t"),
        u("\u{7F}\u{80}\u{9F}"),
        u("'; DROP TABLE \"Post\"; --"),
        u("' OR '1'='1"),
        u("\\"),
        u("%s%n%x%"),
        u("$1"),
        u("null"),
        u("0000-01-01"),
        u("\u{10FFFF}"),
    ]

    /// A string of `count` copies of `unit`.
    public static func long(_ count: Int, _ text: String = "a") -> [UInt16] {
        let units = Array(text.utf16)
        if units.count == 1 { return [UInt16](repeating: units[0], count: count) }
        var output: [UInt16] = []
        output.reserveCapacity(count * units.count)
        for _ in 0..<count { output += units }
        return output
    }

    /// Byte sequences that are not UTF-8, written raw inside a JSON string.
    public static let invalidUTF8: [[UInt8]] = [
        [0xFF, 0xFE], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0x61, 0xE2, 0x82], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ]

    /// Number texts: type limits, overflow, negative zero, exponents, and texts JSON does not allow.
    public static let numbers: [String] = [
        "0", "-0", "-1", "2147483647", "2147483648", "-2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
        "-9223372036854775809", "18446744073709551616", "99999999999", "1e400", "-1e400", "1e-400", "1E+2", "0.5", "1.0", "1e308",
        "5e-324", "123456789012345678901234567890",
    ]

    /// Number texts that are not JSON (a body holding them must be refused with 400, not crash anything).
    public static let invalidNumbers: [String] = ["NaN", "Infinity", "-Infinity", "01", "1.", ".5", "+1", "0x10", "1e", "--1"]

    /// AWSDate texts at and beyond the edges of the calendar.
    public static let dates: [String] = [
        "0000-01-01", "0001-01-01", "9999-12-31", "10000-01-01", "-0001-01-01", "2024-02-30", "2024-13-01", "2024-00-10", "2024-1-1",
        "2024-01-01Z", "2024-01-01+14:00", "2024-01-01-25:00", "", "now", "infinity", "epoch", "today", "294277-01-01",
        "5874898-01-01", "2024-01-01T00:00:00Z", "1970-01-01\u{0}",
    ]

    /// AWSDateTime texts at and beyond the edges.
    public static let dateTimes: [String] = [
        "0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "2024-01-01T24:00:00Z", "2024-01-01T00:00:60Z",
        "2024-01-01T00:00:00+25:00", "2024-01-01T00:00:00.1234567891234Z", "2024-01-01 00:00:00", "294277-01-01T00:00:00Z",
        "-infinity", "allballs", "2024-01-01", "",
    ]

    /// AWSJSON texts that are broken, deep, or hold what PostgreSQL's jsonb refuses.
    public static let jsonTexts: [String] = [
        "{", "[1,", "\"", "{\"a\":\"\\u0000\"}", "{\"a\":\"\\ud800\"}", "1e400", "{\"a\":1,\"a\":2}", "NaN", "", "null", "[]",
        String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000), String(repeating: "{\"a\":", count: 3000) + "1" + String(repeating: "}", count: 3000),
    ]

    /// Tokens that look like page tokens, or almost.
    public static let nextTokens: [String] = [
        "", "garbage", "====", "e30=", "eyJ2IjoxLCJoIjoieCIsImsiOlsiYSJdfQ==", "eyJ2IjoxfQ", "AAAA", "%%%%", "null",
        base64(Array(repeating: UInt8(ascii: "["), count: 20_000)), base64([0xFF, 0xFE, 0x00]),
        base64(Array("{\"v\":1,\"h\":\"\",\"k\":[\"\\u0000\"]}".utf8)), String(repeating: "QUFB", count: 20_000),
    ]

    /// Standard base64 of `bytes`.
    public static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var output = ""
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                output.append(position <= chunk.count ? alphabet[Int((value >> (18 - 6 * UInt32(position))) & 0x3F)] : "=")
            }
            index += 3
        }
        return output
    }

    static func u(_ text: String) -> [UInt16] { Array(text.utf16) }
}
