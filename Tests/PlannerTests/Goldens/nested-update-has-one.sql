-- updateCustomer (mutation) (no row = conditional check failed)
WITH "w0" AS (UPDATE "Customer" AS "t0" SET "updatedAt" = now() WHERE ("t0"."id" = $1::text) RETURNING "t0".*), "w1" AS (UPDATE "Cart" AS "t3" SET "customerId" = (SELECT "t1"."id" FROM "w0" AS "t1"), "updatedAt" = now() WHERE (("t3"."id" = $2::text) AND ("t3"."customerId" IS DISTINCT FROM (SELECT "t1"."id" FROM "w0" AS "t1"))) RETURNING "t3".*), "w2" AS (UPDATE "Cart" AS "t6" SET "customerId" = NULL, "updatedAt" = now() WHERE (("t6"."customerId" = (SELECT "t1"."id" FROM "w0" AS "t1")) AND (NOT ("t6"."id" = $2::text))) RETURNING "t6".*) SELECT ("t9"."id")::text, (SELECT count(*) FROM "Cart" AS "t2" WHERE ("t2"."id" = $2::text)), ((SELECT count(*) FROM "w1" AS "t5") + (SELECT count(*) FROM "Cart" AS "t4" WHERE (("t4"."id" = $2::text) AND ("t4"."customerId" = (SELECT "t1"."id" FROM "w0" AS "t1"))))), (((SELECT count(*) FROM "w2" AS "t8") = (SELECT count(*) FROM "Cart" AS "t7" WHERE (("t7"."customerId" = (SELECT "t1"."id" FROM "w0" AS "t1")) AND (NOT ("t7"."id" = $2::text))))))::integer FROM "w0" AS "t9"
-- parameters: 'c1', 'k2'
-- read back (first 1 parameter(s) = the written key)
SELECT to_json("__r$3") FROM "Customer" AS "t0", LATERAL (SELECT "t0"."id" AS "id", (SELECT "__r$2" FROM "Cart" AS "t1", LATERAL (SELECT "t1"."id" AS "id") AS "__r$2" WHERE ("t1"."customerId" = "t0"."id") LIMIT 1) AS "activeCart") AS "__r$3" WHERE ("t0"."id" = $1::text)
-- parameters: NULL
-- expected count: column 1 = 1, else referenceNotFound("A Cart to connect through Customer.activeCart does not exist (or is named twice).")
-- expected count: column 2 = 1, else conditionalCheckFailed
-- expected count: column 3 = 1, else conditionalCheckFailed
