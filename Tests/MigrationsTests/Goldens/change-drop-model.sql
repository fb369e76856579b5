-- drop-model

-- DESTRUCTIVE: drops table B and every row in it
DROP TABLE "B";
