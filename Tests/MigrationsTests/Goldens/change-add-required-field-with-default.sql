-- add-required-field-with-default

ALTER TABLE "A" ADD COLUMN "n" integer NOT NULL DEFAULT ('7')::integer;
