-- add-enum-value

ALTER TABLE "T" DROP CONSTRAINT "T_e_check";

ALTER TABLE "T" ADD CONSTRAINT "T_e_check" CHECK (("e" = ANY(ARRAY['A', 'B', 'C'])));
