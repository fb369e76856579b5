-- add-index

CREATE INDEX "A_byX" ON "A" ("x", "id");
