-- The local outbox no longer keeps a link that lets its reader act as the recipient (sign,
-- review, join the team, reset a password). Bodies kept before held those links, live until they
-- expire: they are dropped, and those messages show as sent without their text.
UPDATE "mail_messages" SET "held_text" = NULL, "held_html" = NULL
WHERE "kind" IN ('invitation', 'reminder', 'review_invitation', 'team_invitation', 'password_reset')
  AND "held_text" IS NOT NULL;
