-- countTeams
SELECT (count(*))::integer FROM "Team" AS "t0" WHERE ("t0"."size" > $1::integer)
-- parameters: '2'
