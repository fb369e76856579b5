import CLibPQ

extension QueryResult {
    /// Reads a libpq result (without freeing it): rows for a successful statement, a `PostgresError` for a
    /// failed one. `connection` tells a broken connection (`.connection`) from a rejected statement (`.server`).
    static func reading(_ result: OpaquePointer, connection: OpaquePointer?, sql: String) throws(PostgresError) -> QueryResult {
        switch PQresultStatus(result) {
        case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            let columnCount = Int(PQnfields(result))
            let rowCount = Int(PQntuples(result))
            let columns = (0..<columnCount).map { String(cString: PQfname(result, Int32($0))) }
            var rows: [[String?]] = []
            rows.reserveCapacity(rowCount)
            for row in 0..<rowCount {
                var cells: [String?] = []
                cells.reserveCapacity(columnCount)
                for column in 0..<columnCount {
                    if PQgetisnull(result, Int32(row), Int32(column)) == 1 {
                        cells.append(nil)
                    } else {
                        cells.append(String(cString: PQgetvalue(result, Int32(row), Int32(column))))
                    }
                }
                rows.append(cells)
            }
            let affected = Int(String(cString: PQcmdTuples(result))) ?? 0
            return QueryResult(columns: columns, rows: rows, affectedRows: affected)
        default:
            func field(_ code: Int32) -> String? {
                guard let value = PQresultErrorField(result, code) else { return nil }
                return String(cString: value)
            }
            let sqlState = field(Int32(UInt8(ascii: "C")))
            // 57P01-57P03 (the server is shutting down or killed this session) and class 08 (connection
            // exception) end the session, even when libpq has not yet seen the socket close.
            let endsSession = sqlState.map { $0.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains($0) } ?? false
            let fatal = endsSession || (connection.map { PQstatus($0) != CONNECTION_OK } ?? true)
            throw PostgresError(
                kind: fatal ? .connection : .server,
                sqlState: sqlState,
                message: field(Int32(UInt8(ascii: "M"))) ?? String(cString: PQresultErrorMessage(result)).trimmingTrailingNewlines,
                detail: field(Int32(UInt8(ascii: "D"))), hint: field(Int32(UInt8(ascii: "H"))),
                constraint: field(Int32(UInt8(ascii: "n"))), table: field(Int32(UInt8(ascii: "t"))), query: sql
            )
        }
    }
}
