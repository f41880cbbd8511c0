-- AlterTable
ALTER TABLE "events" ADD COLUMN     "body" TEXT NOT NULL DEFAULT '';

-- Written by hand: the trigger that keeps body, the event's API JSON (id, createdAt, updatedAt
-- as ISO 8601 UTC with milliseconds, type, status, data).
CREATE FUNCTION events_set_body() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.body := json_build_object(
    'id', NEW.id,
    'createdAt', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'type', NEW.type,
    'status', NEW.status,
    'data', NEW.data)::text;
  RETURN NEW;
END
$$;

CREATE TRIGGER events_body BEFORE INSERT OR UPDATE ON events FOR EACH ROW EXECUTE FUNCTION events_set_body();

-- Events stored before this migration.
UPDATE events SET body = body;
