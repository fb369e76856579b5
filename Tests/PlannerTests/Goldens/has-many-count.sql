-- getTeam
SELECT to_json("__r$2") FROM "Team" AS "t0", LATERAL (SELECT "t0"."id" AS "id", (SELECT (count(*))::integer FROM "Member" AS "t1" WHERE ("t1"."teamId" = "t0"."id")) AS "membersCount") AS "__r$2" WHERE ("t0"."id" = $1::text)
-- parameters: 't1'
