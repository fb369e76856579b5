-- a
SELECT json_build_object('id', "t0"."id", 'teamMantra', "t0"."mantra") FROM "Team" AS "t0" WHERE ("t0"."id" = $1::text)
-- parameters: '1'

-- b
SELECT json_build_object('mantra', "t0"."mantra") FROM "Team" AS "t0" WHERE ("t0"."id" = $1::text)
-- parameters: '2'
