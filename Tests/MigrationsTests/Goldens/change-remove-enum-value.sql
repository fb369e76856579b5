-- remove-enum-value

ALTER TABLE "T" DROP CONSTRAINT "T_e_check";

-- DESTRUCTIVE: removes enum value(s) B from T.e; rows holding them make the migration fail
ALTER TABLE "T" ADD CONSTRAINT "T_e_check" CHECK (("e" = ANY(ARRAY['A'])));
