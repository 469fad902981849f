CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_views_user_idx" ON "saved_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_views_organization_shared_idx" ON "saved_views" USING btree ("organization_id") WHERE "saved_views"."shared";--> statement-breakpoint
-- Key terms in the search document (services/search/README.md). The same function as in the
-- pdf-text migration, with ONE addition marked below: the contract's key terms at weight B
-- (counterparty company, contact and e-mail, the type's name, the tags, and the values of the
-- organization's text and choice terms).
CREATE OR REPLACE FUNCTION refresh_contract_search(target uuid) RETURNS void LANGUAGE sql AS $$
  insert into contract_search (contract_id, document, passage, file_passage, unsearchable_pages)
  select c.id,
         setweight(to_tsvector('pactum_search', c.title), 'A') ||
         setweight(to_tsvector('pactum_search', coalesce(
           (select string_agg(s.name || ' ' || s.email, ' ') from signers s where s.contract_id = c.id), '')), 'B') ||
         -- Added: the key terms (B).
         setweight(to_tsvector('pactum_search', coalesce(
           (select concat_ws(' ', k.counterparty_company, k.counterparty_contact, k.counterparty_email,
                             ty.name, array_to_string(k.tags, ' '),
                             (select string_agg(k.custom ->> f.key, ' ') from term_fields f
                               where f.organization_id = k.organization_id and f.kind in ('text', 'choice')))
            from contract_terms k left join contract_types ty on ty.id = k.type_id
            where k.contract_id = c.id), '')), 'B') ||
         -- End of the addition.
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
-- A contract's terms written or removed: its document again (a row's updated_at alone does not).
CREATE FUNCTION contract_terms_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM refresh_contract_search(OLD.contract_id);
  ELSE
    PERFORM refresh_contract_search(NEW.contract_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contract_terms_search_insert AFTER INSERT OR DELETE ON contract_terms
  FOR EACH ROW EXECUTE FUNCTION contract_terms_search_refresh();--> statement-breakpoint
CREATE TRIGGER contract_terms_search_update AFTER UPDATE ON contract_terms
  FOR EACH ROW WHEN (
    OLD.counterparty_company IS DISTINCT FROM NEW.counterparty_company
    OR OLD.counterparty_contact IS DISTINCT FROM NEW.counterparty_contact
    OR OLD.counterparty_email IS DISTINCT FROM NEW.counterparty_email
    OR OLD.type_id IS DISTINCT FROM NEW.type_id
    OR OLD.tags IS DISTINCT FROM NEW.tags
    OR OLD.custom IS DISTINCT FROM NEW.custom)
  EXECUTE FUNCTION contract_terms_search_refresh();--> statement-breakpoint
-- A type renamed: the documents of the contracts of that type.
CREATE FUNCTION contract_types_search_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_contract_search(k.contract_id) FROM contract_terms k WHERE k.type_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contract_types_search_update AFTER UPDATE OF name ON contract_types
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION contract_types_search_renamed();--> statement-breakpoint
SELECT refresh_contract_search(contract_id) FROM contract_terms;
