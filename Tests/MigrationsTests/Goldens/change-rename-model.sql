-- rename-model

ALTER TABLE "A" RENAME TO "B";
