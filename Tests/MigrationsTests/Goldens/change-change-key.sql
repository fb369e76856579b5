-- change-key

ALTER TABLE "A" ALTER COLUMN "x" SET DEFAULT ('-')::text;

UPDATE "A" AS "t" SET "x" = ('-')::text WHERE ("t"."x" IS NULL);

ALTER TABLE "A" ALTER COLUMN "x" SET NOT NULL;

ALTER TABLE "A" DROP CONSTRAINT "A_pkey";

-- DESTRUCTIVE: changes the primary key of A to (code, x); duplicate or null keys make the migration fail
ALTER TABLE "A" ADD CONSTRAINT "A_pkey" PRIMARY KEY ("code", "x");
