package import Studio

/// The studio as `serve` offers it (docs/studio.md): its files, and whether `POST /studio/plan` shows SQL.
package struct StudioSettings: Sendable {
    /// The page's files.
    package var assets: StudioAssets
    /// Whether the plan endpoint answers (`serve --studio-plans`): SQL and PostgreSQL's plans are internal, so
    /// this is on by default only with the embedded database.
    package var plans: Bool

    /// Settings for `assets`, with or without plans.
    package init(assets: StudioAssets, plans: Bool) {
        self.assets = assets
        self.plans = plans
    }
}
