-- A repesca liguilla deleted before a deletion unlinked it left its link to its
-- championship, pointing at a deleted championship. Such a championship has no
-- repesca: the link goes. Its listing status was left as the repesca formed it
-- (running); with every round played (a repesca is formed only then) and no knockout
-- drawn since, it is finished again, as before the repesca.
UPDATE championships SET status = 'finished'
WHERE status = 'running'
  AND id IN (
    SELECT r.championship_id
    FROM repesca_liguillas r
    JOIN championships l ON l.id = r.liguilla_id
    WHERE l.deleted_at IS NOT NULL
  )
  AND NOT EXISTS (SELECT 1 FROM brackets b WHERE b.championship_id = championships.id);

DELETE FROM repesca_liguillas
WHERE liguilla_id IN (SELECT id FROM championships WHERE deleted_at IS NOT NULL);
