-- A queued job's NOTIFY names its lane, so a runner looks for due jobs only in the lane that has
-- a new one: twenty webhook deliveries queued at once no longer make every process look in the
-- default lane as well, nor a queued e-mail in the webhooks lane. Notifications of one lane in
-- one transaction are still folded into one. A runner treats an empty payload as every lane.
CREATE OR REPLACE FUNCTION "jobs_notify_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs', NEW.lane);
  RETURN NULL;
END;
$$;
