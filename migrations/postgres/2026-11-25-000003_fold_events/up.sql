-- Every event of the older model (entries and matches, no `tournaments` row) becomes a
-- championship: its `baza-tournament/1` document holds the event, its entries as
-- entrants (in seed order, numbered 1..N), and its matches as rounds with pairings
-- and, for finished matches, results. Each match becomes a table of its round,
-- keeping its PIN, its version (a result posted against the version read before the
-- fold still applies) and, in `legacy_match_id`, its old id (old links redirect by it).
-- Then the entries and matches tables go.
--
-- The document is built to pass the domain's validation: rounds are renumbered
-- 1, 2, ... in order; a league is a single round robin and any other format a Swiss
-- of at least the rounds played; the match format is a partida to the game's target
-- when every result fits one, and otherwise a timed match whose target and cap are
-- above every score (the higher score wins, equal scores draw, as the old standings
-- counted them). Ties are broken as the old standings did: wins, then match points
-- (a draw counts), point difference, points for, then seed.

ALTER TABLE tournament_tables ADD COLUMN legacy_match_id INTEGER;

CREATE TEMPORARY TABLE fold_entrants AS
SELECT n.id AS entry_id, n.event_id, pr.name AS name, c.name AS club,
       ROW_NUMBER() OVER (PARTITION BY n.event_id ORDER BY n.seed, n.id) AS number
FROM entries n
JOIN pairs pr ON pr.id = n.pair_id
JOIN clubs c ON c.id = pr.club_id
WHERE NOT EXISTS (SELECT 1 FROM tournaments t WHERE t.event_id = n.event_id);

CREATE TEMPORARY TABLE fold_matches AS
SELECT m.id AS match_id, m.event_id, m.table_no, m.pin, m.version, m.updated_at,
       DENSE_RANK() OVER (PARTITION BY m.event_id ORDER BY m.round_no) AS round_no,
       a.number AS a, b.number AS b,
       (m.status = 'finished' AND m.score_a IS NOT NULL AND m.score_b IS NOT NULL) AS done,
       m.score_a, m.score_b
FROM matches m
JOIN fold_entrants a ON a.entry_id = m.entry_a
JOIN fold_entrants b ON b.entry_id = m.entry_b;

CREATE TEMPORARY TABLE fold_events AS
SELECT e.id AS event_id, o.options,
       CASE e.game
           WHEN 'cuatrola' THEN COALESCE((o.options ->> 'target')::integer, 21)
           WHEN 'botifarra' THEN COALESCE((o.options ->> 'target')::integer, 101)
           WHEN 'guinote' THEN 101
           WHEN 'tute' THEN CASE WHEN o.options ->> 'match_mode' = 'points101'
                                 THEN 101
                                 ELSE COALESCE((o.options ->> 'rounds_to_win')::integer, 1) END
           WHEN 'cinquillo' THEN COALESCE((o.options ->> 'points_limit')::integer, 0)
           ELSE 0 END AS target,
       (SELECT COALESCE(MAX(fm.round_no), 0) FROM fold_matches fm
         WHERE fm.event_id = e.id) AS rounds_played,
       (SELECT COALESCE(MAX(GREATEST(fm.score_a, fm.score_b)), 0) FROM fold_matches fm
         WHERE fm.event_id = e.id AND fm.done) AS top_score
FROM events e
CROSS JOIN LATERAL (
    SELECT CASE WHEN e.options ~ '^\s*\{' THEN e.options::json ELSE '{}'::json END AS options
) o
WHERE NOT EXISTS (SELECT 1 FROM tournaments t WHERE t.event_id = e.id);

INSERT INTO tournaments (event_id, document, checked_in, tables_available, published_round,
                         version, updated_at, changes)
SELECT e.id,
       json_build_object(
           'format', 'baza-tournament/1',
           'event', json_build_object(
               'name', e.name,
               'game', e.game,
               'options', f.options,
               'system', CASE WHEN e.format = 'league'
                   THEN json_build_object('kind', 'round_robin', 'double', false, 'groups', 1)
                   ELSE json_build_object('kind', 'swiss',
                                          'rounds', GREATEST(e.rounds_planned, f.rounds_played, 1)) END,
               'match_format', CASE
                   WHEN NOT EXISTS (
                       SELECT 1 FROM fold_matches fm
                       WHERE fm.event_id = e.id AND fm.done AND f.target > 0
                         AND NOT (fm.score_a <> fm.score_b
                                  AND GREATEST(fm.score_a, fm.score_b) >= f.target
                                  AND LEAST(fm.score_a, fm.score_b) < f.target))
                   THEN json_build_object('kind', 'partida')
                   ELSE json_build_object('kind', 'timed', 'target', f.top_score + 1,
                                          'max_hands', 12, 'minutes', 55,
                                          'cap', f.top_score + 1) END,
               'points', json_build_object('win', 2, 'draw', 1, 'loss', 0, 'bye', 2),
               'tiebreaks', json_build_array('wins', 'points', 'point_difference', 'points_for'),
               'seed', 0),
           'entrants', COALESCE((
               SELECT json_agg(json_build_object(
                          'id', x.number::text, 'name', x.name,
                          'club', x.club, 'seed', x.number) ORDER BY x.number)
               FROM fold_entrants x WHERE x.event_id = e.id), '[]'::json),
           'rounds', COALESCE((
               SELECT json_agg(json_build_object(
                   'number', rn.round_no,
                   'pairings', (
                       SELECT json_agg(json_build_object(
                                  'table', p.table_no,
                                  'a', p.a::text,
                                  'b', p.b::text) ORDER BY p.table_no)
                       FROM fold_matches p
                       WHERE p.event_id = e.id AND p.round_no = rn.round_no),
                   'results', COALESCE((
                       SELECT json_agg(json_build_object(
                                  'table', p.table_no,
                                  'score', json_build_array(p.score_a, p.score_b))
                                  ORDER BY p.table_no)
                       FROM fold_matches p
                       WHERE p.event_id = e.id AND p.round_no = rn.round_no AND p.done),
                       '[]'::json)) ORDER BY rn.round_no)
               FROM (SELECT DISTINCT fm.round_no FROM fold_matches fm
                     WHERE fm.event_id = e.id) rn), '[]'::json))::text,
       '[]', 0, f.rounds_played, 0, (now() AT TIME ZONE 'utc'), 0
FROM events e
JOIN fold_events f ON f.event_id = e.id;

INSERT INTO tournament_tables (event_id, round_no, table_no, physical, pin, status, version,
                               updated_at, legacy_match_id)
SELECT fm.event_id, fm.round_no, fm.table_no, fm.table_no, fm.pin,
       CASE WHEN fm.done THEN 'final' ELSE 'playing' END, fm.version, fm.updated_at,
       fm.match_id
FROM fold_matches fm;

UPDATE events SET format = 'swiss'
WHERE id IN (SELECT event_id FROM fold_events) AND format <> 'league';

CREATE UNIQUE INDEX tournament_tables_legacy ON tournament_tables (legacy_match_id);

DROP TABLE fold_events;
DROP TABLE fold_matches;
DROP TABLE fold_entrants;
DROP TABLE matches;
DROP TABLE entries;

-- Each pair of a folded match gets its own PIN: the old PIN stays pair a's.
UPDATE tournament_tables SET pin_b = lpad((floor(random() * 10000))::int::text, 4, '0')
WHERE pin_b = '' AND legacy_match_id IS NOT NULL;

-- The two pairs' PINs differ (a PIN tells which pair it is).
UPDATE tournament_tables
SET pin_b = lpad(((pin::int + 1 + floor(random() * 9998)::int) % 10000)::text, 4, '0')
WHERE pin_b = pin AND pin ~ '^[0-9]+$';
