CREATE TABLE "file_texts" (
	"sha256" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"textless_pages" integer[] NOT NULL,
	"unread_pages" integer[] NOT NULL,
	"read_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_search" ADD COLUMN "file_passage" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_search" ADD COLUMN "unsearchable_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The text layer of uploaded PDFs in the search document (services/search/README.md): each file's
-- text is read once after its upload (file_texts, by the bytes' SHA-256) and folded in with the
-- drafted text's weight C, the files in their order, their first 200,000 characters together
-- (as many as the drafted text's), the first 4,000 as the passage text of a match in them.
CREATE OR REPLACE FUNCTION refresh_contract_search(target uuid) RETURNS void LANGUAGE sql AS $$
  insert into contract_search (contract_id, document, passage, file_passage, unsearchable_pages)
  select c.id,
         setweight(to_tsvector('pactum_search', c.title), 'A') ||
         setweight(to_tsvector('pactum_search', coalesce(
           (select string_agg(s.name || ' ' || s.email, ' ') from signers s where s.contract_id = c.id), '')), 'B') ||
         setweight(to_tsvector('pactum_search', left(t.body, 200000)), 'C') ||
         setweight(to_tsvector('pactum_search', left(p.body, 200000)), 'C'),
         left(t.body, 4000),
         left(p.body, 4000),
         p.unsearchable
  from contracts c
    cross join lateral (select contract_plain_text(c.content) as body) t
    cross join lateral (
      select coalesce(string_agg(ft.text, E'\n' order by f.position, f.created_at), '') as body,
             coalesce(sum(cardinality(ft.textless_pages) + cardinality(ft.unread_pages)), 0)::int as unsearchable
      from contract_files f join file_texts ft on ft.sha256 = f.sha256
      where f.contract_id = c.id) p
  where c.id = target
  on conflict (contract_id) do update
    set document = excluded.document, passage = excluded.passage,
        file_passage = excluded.file_passage, unsearchable_pages = excluded.unsearchable_pages
$$;--> statement-breakpoint
-- A PDF added to or removed from a contract (once per contract of the statement): only when its
-- text has been read, as a file still waiting for it changes nothing searched.
CREATE FUNCTION contract_files_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_contract_search(contract_id)
    FROM (SELECT DISTINCT contract_id FROM changed WHERE EXISTS (
      SELECT 1 FROM file_texts ft WHERE ft.sha256 = changed.sha256)) AS touched;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contract_files_search_insert AFTER INSERT ON contract_files REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION contract_files_search_changed();--> statement-breakpoint
CREATE TRIGGER contract_files_search_delete AFTER DELETE ON contract_files REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION contract_files_search_changed();--> statement-breakpoint
-- A file's text read: every contract (or template) holding those bytes searches it.
CREATE FUNCTION file_texts_search_read() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_contract_search(contract_id)
    FROM (SELECT DISTINCT f.contract_id FROM contract_files f JOIN changed ON changed.sha256 = f.sha256) AS touched;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER file_texts_search_insert AFTER INSERT ON file_texts REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION file_texts_search_read();--> statement-breakpoint
-- PDFs uploaded before: a job reads each one's text, as after an upload (services/search/read-file-text.ts).
INSERT INTO jobs (type, payload, organization_id)
  SELECT DISTINCT ON (f.sha256) 'read-file-text', jsonb_build_object('sha256', f.sha256), c.organization_id
  FROM contract_files f JOIN contracts c ON c.id = f.contract_id
  ORDER BY f.sha256, f.created_at;
