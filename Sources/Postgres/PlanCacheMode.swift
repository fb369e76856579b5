/// PostgreSQL's `plan_cache_mode` (PostgreSQL 12 and later): whether a prepared statement runs a plan made
/// once for any parameter values (generic) or is planned again for each execution's values (custom).
///
/// Every statement ModelGraph sends is prepared with every value as a parameter, and most are key lookups or
/// pages read in key order, whose best plan does not depend on the values. PostgreSQL's own choice (`auto`)
/// compares the generic plan's estimate with the custom plans' and, for a page whose `LIMIT` is a parameter,
/// assumes a generic plan reads a tenth of the table: it then plans every execution again. For the benchmark's
/// filtered list that re-planning cost more than executing the statement (0.88 ms against 0.56 ms a
/// statement with one client), so ModelGraph asks for generic plans unless told otherwise.
package enum PlanCacheMode: String, Sendable, CaseIterable {
    /// PostgreSQL decides per statement (its default).
    case auto
    /// Plan once per prepared statement and reuse the plan (ModelGraph's default).
    case forceGenericPlan = "force_generic_plan"
    /// Plan every execution for its parameter values.
    case forceCustomPlan = "force_custom_plan"
}
