-- Written by hand (issue 23, "why it failed, everywhere"): the list's items carry failureReason,
-- so an operator learns why an event failed without asking for each one's detail. The stored
-- JSON (body, migration *_compact_event_body) gains the key after status; the trigger is that
-- migration's, with the head written one key longer. The data text is still cut after the first
-- ,"data": of the old body: a failure reason is a plain word, like the type and status before it.
CREATE OR REPLACE FUNCTION events_set_body() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  data_text text;
  at integer;
BEGIN
  IF TG_OP = 'INSERT' AND starts_with(NEW.body, '{"id":' || to_json(NEW.id)::text || ',"createdAt":"') THEN
    -- A whole body already (a partitioned table's UPDATE that moves the row to another month
    -- runs this trigger on the update, then on the insert into the new partition): only the head
    -- is written again, the data text kept.
    at := strpos(NEW.body, ',"data":');
    data_text := substr(NEW.body, at + 8, length(NEW.body) - at - 8);
  ELSIF TG_OP = 'INSERT' THEN
    data_text := CASE WHEN NEW.body <> '' THEN NEW.body ELSE compact_json(NEW.data::text) END;
  ELSIF NEW.data IS NOT DISTINCT FROM OLD.data AND left(OLD.body, 7) = '{"id":"' THEN
    at := strpos(OLD.body, ',"data":');
    data_text := substr(OLD.body, at + 8, length(OLD.body) - at - 8);
  ELSE
    data_text := compact_json(NEW.data::text);
  END IF;
  NEW.body := '{"id":' || to_json(NEW.id)::text
    || ',"createdAt":"' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","updatedAt":"' || to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","type":' || to_json(NEW.type)::text
    || ',"status":' || to_json(NEW.status)::text
    || ',"failureReason":' || COALESCE(to_json(NEW.failure_reason)::text, 'null')
    || ',"data":' || data_text || '}';
  RETURN NEW;
END
$$;

-- Events stored before: the head written again, the data text kept (the UPDATE branch above; no
-- regular expression runs). Every row is rewritten once, in this migration's transaction.
UPDATE events SET body = body;
