#if os(Linux)
    /// A value only the `SocketReactor` thread reads or writes. It needs no lock because of that rule, which the
    /// type cannot check: every access must come from a job or a socket callback running on the reactor thread.
    final class ReactorConfined<Value>: @unchecked Sendable {
        /// The value; reactor thread only.
        var value: Value

        /// Wraps `value`.
        init(_ value: Value) {
            self.value = value
        }
    }
#endif
