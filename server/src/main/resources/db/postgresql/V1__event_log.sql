-- The event log in PostgreSQL: every accepted action of every table (and every session's event,
-- its id prefixed "session:"), appended, never rewritten. One event a row, keyed by its entity and
-- sequence number: the key is what makes an append a compare-and-set. A writer that appends a seq
-- already held inserts nothing (ON CONFLICT DO NOTHING, a row count of 0) and its append fails;
-- nothing is ever written twice. (H2 packs several events a row to spare its per-row cost; here
-- a commit's cost is the round trip and the WAL flush, shared by a whole batch of rows.)
--
-- Fencing, the next layer (several nodes, one owner per table), adds to this and changes no row:
--   CREATE TABLE table_lease (table_id VARCHAR(64) PRIMARY KEY, owner VARCHAR(255) NOT NULL,
--                             epoch BIGINT NOT NULL, ...);
-- and the append becomes one statement that inserts only under the lease it was written under:
--   INSERT INTO table_event (table_id, seq, recorded_at, payload, epoch)
--   SELECT ?, ?, ?, ?, l.epoch FROM table_lease l
--   WHERE l.table_id = ? AND l.owner = ? AND l.epoch = ?
--   FOR SHARE OF l
--   ON CONFLICT DO NOTHING
-- FOR SHARE makes a takeover's UPDATE of the lease wait for the appends in flight to commit, and
-- an append that waited on a takeover re-reads the lease (READ COMMITTED) and finds a new epoch:
-- it inserts nothing, a row count of 0 that the writer tells apart from a duplicate seq by the
-- lease. The epoch column is here from the start (0 until leases exist), so that the log says
-- under which lease each event was written without a rewrite of the table.
CREATE TABLE table_event (
  table_id    VARCHAR(64) NOT NULL,
  seq         BIGINT      NOT NULL,
  recorded_at BIGINT      NOT NULL,  -- epoch milliseconds, as the server's clock read it
  payload     BYTEA       NOT NULL,  -- the event, as the server encodes it (at most 64 KiB)
  epoch       BIGINT      NOT NULL DEFAULT 0,
  PRIMARY KEY (table_id, seq)
);
