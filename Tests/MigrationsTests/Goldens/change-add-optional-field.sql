-- add-optional-field

ALTER TABLE "A" ADD COLUMN "y" integer[];
