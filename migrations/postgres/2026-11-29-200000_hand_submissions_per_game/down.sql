-- Back to a submission id unique across every game (refused when two games share one).
ALTER TABLE game_hands DROP CONSTRAINT game_hands_game_submission_key;
ALTER TABLE game_hands ADD CONSTRAINT game_hands_submission_key UNIQUE (submission);
