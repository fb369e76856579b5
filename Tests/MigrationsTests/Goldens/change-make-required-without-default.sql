-- make-required-without-default

-- DESTRUCTIVE: makes A.x required without a @default; rows holding null make the migration fail
ALTER TABLE "A" ALTER COLUMN "x" SET NOT NULL;
