-- A deleted championship keeps its row (and its audit trail) with the moment it was
-- deleted; every list and page leaves it out.
ALTER TABLE events ADD COLUMN deleted_at TIMESTAMP;
