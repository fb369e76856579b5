-- updateTeam (mutation) (no row = conditional check failed)
WITH "written" AS (UPDATE "Team" AS "t0" SET "mantra" = $2::text, "size" = $3::integer, "updatedAt" = now() WHERE (("t0"."id" = $1::text) AND coalesce(("t0"."size" > $4::integer), FALSE)) RETURNING "t0".*) SELECT to_json("__r$2") FROM "written" AS "t1", LATERAL (SELECT "t1"."id" AS "id", "t1"."mantra" AS "mantra", to_char(("t1"."updatedAt" AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt") AS "__r$2"
-- parameters: 't1', 'New', NULL, '2'
