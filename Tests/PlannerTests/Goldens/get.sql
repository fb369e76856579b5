-- getTeam
SELECT json_build_object('id', "t0"."id", 'mantra', "t0"."mantra", 'founded', to_char(("t0"."founded" AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '__typename', 'Team') FROM "Team" AS "t0" WHERE ("t0"."id" = $1::text)
-- parameters: 't1'
