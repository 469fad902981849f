-- Things wake up instead of polling. Each trigger sends a NOTIFY in the transaction of the
-- write, so it is delivered when (and only if) the write commits, whichever code made it.
-- PostgreSQL folds identical notifications of one transaction into one.

-- A queued job: the job runners of every process LISTENing on 'jobs' look for due jobs at once.
CREATE FUNCTION "jobs_notify_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_queued" AFTER INSERT ON "jobs"
FOR EACH ROW EXECUTE FUNCTION "jobs_notify_queued"();
--> statement-breakpoint
-- A new notification: the open notification streams of that person, in any process, say so.
CREATE FUNCTION "notifications_notify_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', NEW.user_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_inserted" AFTER INSERT ON "notifications"
FOR EACH ROW EXECUTE FUNCTION "notifications_notify_user"();
--> statement-breakpoint
-- A session ended (signed out, ended from the profile, a password reset) or a membership removed:
-- that person's open streams check their sessions now rather than at the next minute's check.
CREATE FUNCTION "sessions_notify_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_ended', OLD.user_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "sessions_notify_ended"();
--> statement-breakpoint
CREATE TRIGGER "memberships_ended" AFTER DELETE ON "memberships"
FOR EACH ROW EXECUTE FUNCTION "sessions_notify_ended"();
