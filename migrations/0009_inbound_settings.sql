-- What recipients' mail settings say about an arriving message (server/modules/mail/inbound/settings.ts), in
-- one call per message. A function, so that its plan is made once per connection and kept: as a plain query
-- PostgreSQL planned it anew for every message (its generic plan, costed for an array of unknown length,
-- never looked cheaper than a custom one), which cost more than running it. plan_cache_mode applies inside
-- the function only. Sender-list patterns arrive already normalised (lower-case, trimmed).
CREATE FUNCTION mail_inbound_settings(user_ids bigint[], patterns text[])
RETURNS TABLE (user_id bigint, rules json, sender_lists json, forward json, away json, config jsonb)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  SELECT u.id,
    coalesce((SELECT json_agg(json_build_object('id', r.id, 'conditionOptions', r.condition_options,
        'folderId', r.folder_id) ORDER BY r.sort_order, r.id)
      FROM mail_rules r WHERE r.user_id = u.id), '[]'::json),
    coalesce((SELECT json_agg(json_build_object('kind', l.kind, 'pattern', l.pattern, 'company', l.user_id IS NULL))
      FROM mail_sender_lists l
      WHERE l.company_id = u.company_id AND (l.user_id = u.id OR l.user_id IS NULL) AND l.pattern = ANY (patterns)),
      '[]'::json),
    (SELECT json_build_object('saveOriginal', f.save_original,
        'targets', (SELECT coalesce(json_agg(t.address ORDER BY t.id), '[]'::json) FROM mail_forward_targets t
          WHERE t.user_id = f.user_id AND t.status = 'ACCEPTED'))
      FROM mail_forward_configs f WHERE f.user_id = u.id AND f.use_yn),
    (SELECT json_build_object('startAt', a.start_at, 'endAt', a.end_at, 'contents', a.contents, 'period', a.updated_at)
      FROM mail_away_configs a WHERE a.user_id = u.id AND a.use_away),
    (SELECT c.config FROM mail_configs c WHERE c.user_id = u.id)
  FROM users u WHERE u.id = ANY (user_ids);
END $$;
