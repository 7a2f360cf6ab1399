-- A hand's submission id (a form's one-time id) makes a resend of that hand to its
-- game idempotent: it is unique within its game, not across every game.
ALTER TABLE game_hands DROP CONSTRAINT game_hands_submission_key;
ALTER TABLE game_hands ADD CONSTRAINT game_hands_game_submission_key UNIQUE (game_id, submission);
