-- Several events of a table a row, not one: the background writer inserted one row per event,
-- and H2's per-row insert (its primary key's B-tree, its undo log) was most of its cost. A row
-- holds the events of one table from one flush, in sequence order, first_seq to last_seq, each
-- [BIGINT seq][BIGINT recorded_at][INT length][payload], big-endian (PackedEvents in the server).
CREATE TABLE table_event_batch (
  table_id  VARCHAR(64) NOT NULL,
  first_seq BIGINT      NOT NULL,
  last_seq  BIGINT      NOT NULL,
  events    VARBINARY(1048576) NOT NULL,
  PRIMARY KEY (table_id, first_seq)
);

-- The events of a store written before: one event a row, in the same encoding.
INSERT INTO table_event_batch (table_id, first_seq, last_seq, events)
SELECT table_id, seq, seq,
       CAST(seq AS VARBINARY) || CAST(recorded_at AS VARBINARY)
         || CAST(CAST(OCTET_LENGTH(payload) AS INTEGER) AS VARBINARY) || payload
FROM table_event;

DROP TABLE table_event;
