-- The event log in PostgreSQL: every accepted action of every table (and every session's event,
-- its id prefixed "session:"), appended, never rewritten. One event a row, keyed by its entity and
-- sequence number: the key is what makes an append a compare-and-set. A writer that appends a seq
-- already held inserts nothing (ON CONFLICT DO NOTHING, a row count of 0) and its append fails;
-- nothing is ever written twice. (H2 packs several events a row to spare its per-row cost; here
-- a commit's cost is the round trip and the WAL flush, shared by a whole batch of rows.)
--
-- Fencing (several nodes, one owner per table) is V2's: the epoch column says under which lease
-- each event was written (0 before leases existed).
CREATE TABLE table_event (
  table_id    VARCHAR(64) NOT NULL,
  seq         BIGINT      NOT NULL,
  recorded_at BIGINT      NOT NULL,  -- epoch milliseconds, as the server's clock read it
  payload     BYTEA       NOT NULL,  -- the event, as the server encodes it (at most 64 KiB)
  epoch       BIGINT      NOT NULL DEFAULT 0,
  PRIMARY KEY (table_id, seq)
);
