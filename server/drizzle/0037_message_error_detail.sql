-- Why the channel failed a message, in its words (a Cloud API failed status: "131047 ..."): shown under it (issue 29 §2, decision 0475).
ALTER TABLE "messages" ADD COLUMN "error_detail" varchar(500);
