-- make-required-with-default

ALTER TABLE "A" ALTER COLUMN "x" SET DEFAULT ('none')::text;

UPDATE "A" AS "t" SET "x" = ('none')::text WHERE ("t"."x" IS NULL);

ALTER TABLE "A" ALTER COLUMN "x" SET NOT NULL;
