-- listTeams
SELECT (SELECT json_build_object('items', coalesce(array_to_json(array_agg("p"."o0")), ('[]')::json)) FROM (SELECT "__r$1" AS "o0" FROM "Team" AS "t0", LATERAL (SELECT "t0"."id" AS "id") AS "__r$1" WHERE (TRUE AND ((to_tsvector('simple', "t0"."mantra") @@ websearch_to_tsquery('simple', $1::text)) OR (lower(((to_char(("t0"."founded" AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text COLLATE "und-x-icu")) LIKE lower(($2::text COLLATE "und-x-icu")) ESCAPE '\'))) ORDER BY "t0"."id" LIMIT $3::integer) AS "p")
-- parameters: 'fast -slow', '%2024%', '5'
