-- updateTeam (mutation) (no row = conditional check failed)
WITH "written" AS (UPDATE "Team" AS "t0" SET "mantra" = $2::text, "size" = $3::integer, "updatedAt" = now() WHERE (("t0"."id" = $1::text) AND coalesce(("t0"."size" > $4::integer), FALSE)) RETURNING "t0".*) SELECT json_build_object('id', "t1"."id", 'mantra', "t1"."mantra", 'updatedAt', to_char(("t1"."updatedAt" AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) FROM "written" AS "t1"
-- parameters: 't1', 'New', NULL, '2'
