-- createItem (mutation)
WITH "written" AS (INSERT INTO "Item" ("sku", "kind", "version", "shelfId", "addedOn", "title", "tags") VALUES ($1::text, $2::text, $3::integer, $4::text, $5::date, $6::text, (ARRAY(SELECT json_array_elements_text($7::json)))::text[]) RETURNING *) SELECT to_json("__r$1") FROM "written" AS "t0", LATERAL (SELECT "t0"."sku" AS "sku", "t0"."tags" AS "tags") AS "__r$1"
-- parameters: 's', 'BOOK', '1', 'x', '2024-01-01', 't', '["a\"b",null,"c\\d{,}"]'

-- updateItem (mutation) (no row = conditional check failed)
WITH "written" AS (UPDATE "Item" AS "t0" SET "tags" = (ARRAY(SELECT json_array_elements_text($4::json)))::text[], "updatedAt" = now() WHERE ((("t0"."sku" = $1::text) AND ("t0"."kind" = $2::text)) AND ("t0"."version" = $3::integer)) RETURNING "t0".*) SELECT to_json("__r$2") FROM "written" AS "t1", LATERAL (SELECT "t1"."tags" AS "tags") AS "__r$2"
-- parameters: 's', 'BOOK', '1', '[]'
