-- change-default

ALTER TABLE "A" ALTER COLUMN "n" SET DEFAULT ('2')::integer;
