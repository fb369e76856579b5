-- drop-field

-- DESTRUCTIVE: drops column A.y and every value in it
ALTER TABLE "A" DROP COLUMN "y";
