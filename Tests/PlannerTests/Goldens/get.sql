-- getTeam
SELECT to_json("__r$1") FROM "Team" AS "t0", LATERAL (SELECT "t0"."id" AS "id", "t0"."mantra" AS "mantra", to_char(("t0"."founded" AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "founded", ('Team')::text AS "__typename") AS "__r$1" WHERE ("t0"."id" = $1::text)
-- parameters: 't1'
