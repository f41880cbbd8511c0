-- Written by hand (issue 22): account changes reach every instance at once. Each instance caches a
-- user's state (disabled, credentials epoch, password_change_required) for a few seconds
-- (lib/auth/access-token-caller.ts) and LISTENs on `account_changed` to drop the entry
-- (lib/auth/account-change-listener.ts). A trigger rather than a NOTIFY beside each write in the
-- application: every writer notifies (the API, the users CLI in another process, a hand-run
-- UPDATE), and PostgreSQL delivers a NOTIFY only when its transaction commits. Any change of a
-- user row counts: the table is small and rarely written.
CREATE FUNCTION notify_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('account_changed', OLD.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_account_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_account_changed();
