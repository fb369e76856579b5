/// Which API a schema is served with: exactly the one the Amplify transformer generates for AppSync, or that
/// API plus ModelGraph's additive extensions (new types, new optional arguments and fields appended last, new
/// root fields), which never change or remove anything AppSync has.
package enum APISurface: Sendable, Equatable {
    /// Exactly AppSync's API (`--appsync`).
    case appSync
    /// AppSync's API plus the extensions (the default).
    case extended
}
