-- make-optional

ALTER TABLE "A" ALTER COLUMN "x" DROP NOT NULL;
