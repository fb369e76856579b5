-- updateTeam (mutation) (no row = conditional check failed)
UPDATE "Team" AS "t0" SET "mantra" = $2::text, "size" = $3::integer, "updatedAt" = now() WHERE (("t0"."id" = $1::text) AND coalesce(("t0"."size" > $4::integer), FALSE)) RETURNING ("t0"."id")::text
-- parameters: 't1', 'New', NULL, '2'
-- read back (first 1 parameter(s) = the written key)
SELECT json_build_object('id', "t0"."id", 'mantra', "t0"."mantra", 'updatedAt', to_char(("t0"."updatedAt" AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) FROM "Team" AS "t0" WHERE ("t0"."id" = $1::text)
-- parameters: NULL
