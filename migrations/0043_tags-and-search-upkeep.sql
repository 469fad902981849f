-- A tags filter matches in any case ("Priority" finds "priority"): the GIN index is over the tags
-- in lower case, which the filter compares with (lower_tags(tags) @> array[lower(...)]).
CREATE FUNCTION lower_tags(tags text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select coalesce(array_agg(lower(tag) order by n), '{}') from unnest(tags) with ordinality as t(tag, n)
$$;--> statement-breakpoint
DROP INDEX "contract_terms_tags_idx";--> statement-breakpoint
CREATE INDEX "contract_terms_lower_tags_idx" ON "contract_terms" USING gin (lower_tags("tags"));--> statement-breakpoint
-- The same document, the drafted text made plain once: `offset 0` keeps the lateral subquery from
-- being folded into its three uses, each of which ran contract_plain_text again (about 1 ms of a
-- four-page contract's 4 to 5 ms of upkeep).
CREATE OR REPLACE FUNCTION refresh_contract_search(target uuid) RETURNS void LANGUAGE sql AS $$
  insert into contract_search (contract_id, document, passage, file_passage, unsearchable_pages)
  select c.id,
         setweight(to_tsvector('pactum_search', c.title), 'A') ||
         setweight(to_tsvector('pactum_search', coalesce(
           (select string_agg(s.name || ' ' || s.email, ' ') from signers s where s.contract_id = c.id), '')), 'B') ||
         setweight(to_tsvector('pactum_search', coalesce(
           (select concat_ws(' ', k.counterparty_company, k.counterparty_contact, k.counterparty_email,
                             ty.name, array_to_string(k.tags, ' '),
                             (select string_agg(k.custom ->> f.key, ' ') from term_fields f
                               where f.organization_id = k.organization_id and f.kind in ('text', 'choice')))
            from contract_terms k left join contract_types ty on ty.id = k.type_id
            where k.contract_id = c.id), '')), 'B') ||
         setweight(to_tsvector('pactum_search', left(t.body, 200000)), 'C') ||
         setweight(to_tsvector('pactum_search', left(p.body, 200000)), 'C'),
         left(t.body, 4000),
         left(p.body, 4000),
         p.unsearchable
  from contracts c
    cross join lateral (select contract_plain_text(c.content) as body offset 0) t
    cross join lateral (
      select coalesce(string_agg(ft.text, E'\n' order by f.position, f.created_at), '') as body,
             coalesce(sum(cardinality(ft.textless_pages) + cardinality(ft.unread_pages)), 0)::int as unsearchable
      from contract_files f join file_texts ft on ft.sha256 = f.sha256
      where f.contract_id = c.id) p
  where c.id = target
  on conflict (contract_id) do update
    set document = excluded.document, passage = excluded.passage,
        file_passage = excluded.file_passage, unsearchable_pages = excluded.unsearchable_pages
$$;
