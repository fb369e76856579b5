/// The JSON half of conflict detection's automerge, as a database function that every process (re)creates at
/// start with the other system objects (`SystemTables.ensure`): `modelgraph.automerge_json(stored, written)`
/// merges the value a stale write sends into the stored one, the way AppSync's automerge treats DynamoDB maps,
/// lists and scalars, at every depth:
///
/// - an unset stored value (SQL null or JSON `null`) takes the written one;
/// - two arrays concatenate, the written elements after the stored ones (duplicates kept);
/// - two objects merge key by key: a key only one side has is kept or added, a key both have is merged by
///   these same rules (so nested objects merge instead of one replacing the other);
/// - anything else (two scalars, or values of different kinds) keeps the stored value.
///
/// Each object is merged in one pass over both sides' keys (a hash join), not by setting one key at a time,
/// which would copy the whole object per key: the work stays linear in the values' size.
///
/// PL/pgSQL rather than SQL so the function may call itself (a SQL function's body is checked against the
/// functions that exist when it is created). Immutable: the result depends on the arguments only.
package enum AutomergeFunction {
    /// `CREATE OR REPLACE FUNCTION …`, idempotent.
    package static let statement = """
        CREATE OR REPLACE FUNCTION modelgraph.automerge_json(stored jsonb, written jsonb) RETURNS jsonb
        LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $function$
        DECLARE
          merged jsonb;
        BEGIN
          IF stored IS NULL OR jsonb_typeof(stored) = 'null' THEN
            RETURN written;
          END IF;
          IF written IS NULL THEN
            RETURN stored;
          END IF;
          IF jsonb_typeof(stored) = 'array' AND jsonb_typeof(written) = 'array' THEN
            RETURN stored || written;
          END IF;
          IF jsonb_typeof(stored) = 'object' AND jsonb_typeof(written) = 'object' THEN
            SELECT coalesce(jsonb_object_agg(coalesce(s.key, w.key),
                     CASE WHEN w.key IS NULL THEN s.value WHEN s.key IS NULL THEN w.value ELSE modelgraph.automerge_json(s.value, w.value) END),
                   '{}'::jsonb)
            INTO merged
            FROM jsonb_each(stored) AS s FULL JOIN jsonb_each(written) AS w ON s.key = w.key;
            RETURN merged;
          END IF;
          RETURN stored;
        END
        $function$;
        """
}
