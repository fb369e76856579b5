-- widen-type

ALTER TABLE "A" ALTER COLUMN "n" TYPE double precision USING ("n")::double precision;
