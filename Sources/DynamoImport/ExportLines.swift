import CompressNIO
import Foundation
import NIOCore

/// The lines of an export's data file, gzipped (`.gz`) or not, read a chunk at a time: memory holds one chunk
/// and one line, whatever the file's size.
enum ExportLines {
    /// Why a file could not be read.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Calls `body` with each non-empty line of the file at `url`, in order.
    static func forEach(in url: URL, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw Failure(description: "cannot read \(url.path)") }
        defer { try? handle.close() }
        var pending: [UInt8] = []
        func take(_ bytes: some Sequence<UInt8>) throws {
            pending.append(contentsOf: bytes)
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[start..<newline]
                if !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { try body(line) }
                start = newline + 1
            }
            pending.removeSubrange(..<start)
        }
        let gzipped = url.pathExtension == "gz"
        let decompressor = gzipped ? try ZlibDecompressor(algorithm: .gzip, windowSize: 15) : nil
        var window = ByteBuffer()
        window.reserveCapacity(1 << 20)
        while true {
            let chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            if chunk.isEmpty { break }
            guard let decompressor else {
                try take(chunk)
                continue
            }
            var input = ByteBuffer(bytes: chunk)
            do {
                try input.decompressStream(with: decompressor, window: &window) { output in
                    try take(output.readableBytesView)
                }
            } catch let error as Failure {
                throw error
            } catch {
                throw Failure(description: "\(url.lastPathComponent) is not a valid gzip file (\(error))")
            }
            window.clear()
        }
        if !pending.isEmpty { try take([UInt8(ascii: "\n")]) }
    }
}
