-- Several events of a table a row, not one: the background writer inserted one row per event,
-- and H2's per-row insert (its primary key's B-tree, its undo log) was most of its cost. A row
-- holds the events of one table from one flush, in sequence order, first_seq to last_seq, each
-- [BIGINT seq][BIGINT recorded_at][INT length][payload], big-endian (PackedEvents in the server).
--
-- This script must be safe to run again from the start: on H2 a CREATE or DROP commits by itself,
-- so a process killed here leaves part of it done, and Flyway runs the whole script at the next
-- start (or after its repair of a failed run, see EventStore). Each step finds the state a cut
-- before or after it leaves: the old table is made again, empty, if a run got past its DROP;
-- the new one is kept if a run made it; events already copied are not copied twice.
CREATE TABLE IF NOT EXISTS table_event (
  table_id    VARCHAR(64)  NOT NULL,
  seq         BIGINT       NOT NULL,
  recorded_at BIGINT       NOT NULL,
  payload     VARBINARY(65536) NOT NULL,
  PRIMARY KEY (table_id, seq)
);

-- No index on (table_id, last_seq) for recovery's "last_seq >= ?": recovery runs once a start,
-- and finds a table's rows by the key's table_id prefix, at worst reading each row once more than
-- the full read (loadAll) that follows it anyway; a second index would cost every flush's insert
-- a second B-tree, the very cost packing cut.
CREATE TABLE IF NOT EXISTS table_event_batch (
  table_id  VARCHAR(64) NOT NULL,
  first_seq BIGINT      NOT NULL,
  last_seq  BIGINT      NOT NULL,
  events    VARBINARY(1048576) NOT NULL,
  PRIMARY KEY (table_id, first_seq)
);

-- The events of a store written before: one event a row, in the same encoding, each the row of
-- its own seq, so an event a cut run copied already is found by the key and left.
INSERT INTO table_event_batch (table_id, first_seq, last_seq, events)
SELECT e.table_id, e.seq, e.seq,
       CAST(e.seq AS VARBINARY) || CAST(e.recorded_at AS VARBINARY)
         || CAST(CAST(OCTET_LENGTH(e.payload) AS INTEGER) AS VARBINARY) || e.payload
FROM table_event e
WHERE NOT EXISTS (SELECT 1 FROM table_event_batch b
                  WHERE b.table_id = e.table_id AND b.first_seq = e.seq);

DROP TABLE table_event;
