-- aggregateTeams
SELECT json_build_object('count', (count(*))::integer, 'sum', json_build_object('size', (sum("t0"."size"))::double precision, 'budget', (sum("t0"."budget"))::double precision), 'avg', json_build_object('size', (avg("t0"."size"))::double precision), 'min', json_build_object('founded', to_char((min("t0"."founded") AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'mantra', min("t0"."mantra")), 'max', json_build_object('size', max("t0"."size"))) FROM "Team" AS "t0" WHERE ("t0"."active" = $1::boolean)
-- parameters: 'true'
