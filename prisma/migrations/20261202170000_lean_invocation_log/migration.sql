-- The invocation log is written on every tools/call. Its key to workspaces cost PostgreSQL a
-- third of each row (a lookup and a row lock per row); deleteWorkspace now deletes the rows and
-- pruneInvocations removes orphans. Its JSON columns are never queried inside: `json` keeps the
-- text as written instead of converting it to jsonb on every insert.
ALTER TABLE "invocations" DROP CONSTRAINT "invocations_workspace_id_fkey";

ALTER TABLE "invocations"
  ALTER COLUMN "stage_timings" DROP DEFAULT,
  ALTER COLUMN "stage_timings" TYPE JSON USING "stage_timings"::json,
  ALTER COLUMN "stage_timings" SET DEFAULT '{}',
  ALTER COLUMN "console" DROP DEFAULT,
  ALTER COLUMN "console" TYPE JSON USING "console"::json,
  ALTER COLUMN "console" SET DEFAULT '[]',
  ALTER COLUMN "inputs" TYPE JSON USING "inputs"::json,
  ALTER COLUMN "result_preview" TYPE JSON USING "result_preview"::json;
