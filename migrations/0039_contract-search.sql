-- Full-text search: a configuration that folds case and diacritics (the simple parser, then
-- unaccent: "Żółć" is indexed and searched as "zolc"), and each contract's search document kept by
-- triggers (services/search/README.md).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION pactum_search (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION pactum_search
  ALTER MAPPING FOR word, hword, hword_part, numword, numhword, hword_numpart WITH unaccent, simple;--> statement-breakpoint
CREATE TABLE "contract_search" (
	"contract_id" uuid PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"passage" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_search" ADD CONSTRAINT "contract_search_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_search_document_idx" ON "contract_search" USING gin ("document");--> statement-breakpoint
-- The text of a document's text nodes, a space between nodes. \x01-\x03 are dropped: they mark
-- the highlights ts_headline returns (services/search/search-contracts.ts).
CREATE FUNCTION contract_plain_text(content json) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select translate(coalesce(string_agg(node #>> '{}', ' '), ''), E'\x01\x02\x03', '')
  from jsonb_path_query(content::jsonb, 'strict $.**?(@.type == "text" && exists(@.text)).text') as node
$$;--> statement-breakpoint
-- Rewrites one contract's search document: title (A), recipients (B), the drafted text's first
-- 200,000 characters (C; about 75 pages: PGlite indexes them in about 40 ms, on the thread it
-- shares with every request, and 500,000 took 85-120 ms), and the first 4,000 as the passage text
-- (ts_headline's time grows with the text it reads: 0.3 ms for 3,000 characters, 2.5 ms for 10,000).
CREATE FUNCTION refresh_contract_search(target uuid) RETURNS void LANGUAGE sql AS $$
  insert into contract_search (contract_id, document, passage)
  select c.id,
         setweight(to_tsvector('pactum_search', c.title), 'A') ||
         setweight(to_tsvector('pactum_search', coalesce(
           (select string_agg(s.name || ' ' || s.email, ' ') from signers s where s.contract_id = c.id), '')), 'B') ||
         setweight(to_tsvector('pactum_search', left(t.body, 200000)), 'C'),
         left(t.body, 4000)
  from contracts c cross join lateral (select contract_plain_text(c.content) as body) t
  where c.id = target
  on conflict (contract_id) do update set document = excluded.document, passage = excluded.passage
$$;--> statement-breakpoint
CREATE FUNCTION contracts_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_contract_search(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contracts_search_insert AFTER INSERT ON contracts
  FOR EACH ROW EXECUTE FUNCTION contracts_search_refresh();--> statement-breakpoint
CREATE TRIGGER contracts_search_update AFTER UPDATE OF title, content ON contracts
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.content::text IS DISTINCT FROM NEW.content::text)
  EXECUTE FUNCTION contracts_search_refresh();--> statement-breakpoint
-- Recipients added or removed: once per contract of the statement (a list replaced is one statement).
CREATE FUNCTION signers_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_contract_search(contract_id) FROM (SELECT DISTINCT contract_id FROM changed) AS touched;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER signers_search_insert AFTER INSERT ON signers REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION signers_search_added();--> statement-breakpoint
CREATE TRIGGER signers_search_delete AFTER DELETE ON signers REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION signers_search_added();--> statement-breakpoint
-- A recipient's progress (status, dates) changes often and is not searched: only a name or an address.
CREATE FUNCTION signers_search_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_contract_search(NEW.contract_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER signers_search_update AFTER UPDATE OF name, email ON signers
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION signers_search_renamed();--> statement-breakpoint
SELECT refresh_contract_search(id) FROM contracts;