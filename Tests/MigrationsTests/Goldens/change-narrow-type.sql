-- narrow-type

-- DESTRUCTIVE: changes A.n from double precision to integer; values that do not convert make the migration fail, and precision can be lost
ALTER TABLE "A" ALTER COLUMN "n" TYPE integer USING ("n")::integer;
