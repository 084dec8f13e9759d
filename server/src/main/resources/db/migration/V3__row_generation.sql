-- A row's key gains the generation that wrote it: the start of the process (its clock in ms), so
-- that no process ever writes a key an earlier one wrote.
--
-- Why: H2 can store a commit half done when its process is killed (the transaction marked
-- committed, its rows not yet released). On reopen it takes that transaction for committed but
-- never finishes it, and its rows stay locked for good: invisible to a read, a lock timeout to a
-- write of the same key. The rows a killed flush was writing are exactly the ones the next start
-- recovers from the journal; under the old key (table_id, first_seq) it wrote them again, met the
-- lock, and the server did not start ("Timeout trying to lock table"). Under this key the
-- recovered rows are new keys; the locked ones stay unseen.
--
-- Safe to run again from the start (see V2): the old table is made again, empty, if a run got
-- past its DROP; rows already copied are not copied twice.
CREATE TABLE IF NOT EXISTS event_row (
  table_id   VARCHAR(64) NOT NULL,
  first_seq  BIGINT      NOT NULL,
  generation BIGINT      NOT NULL,
  last_seq   BIGINT      NOT NULL,
  events     VARBINARY(1048576) NOT NULL,
  PRIMARY KEY (table_id, first_seq, generation)
);

CREATE TABLE IF NOT EXISTS table_event_batch (
  table_id  VARCHAR(64) NOT NULL,
  first_seq BIGINT      NOT NULL,
  last_seq  BIGINT      NOT NULL,
  events    VARBINARY(1048576) NOT NULL,
  PRIMARY KEY (table_id, first_seq)
);

INSERT INTO event_row (table_id, first_seq, generation, last_seq, events)
SELECT b.table_id, b.first_seq, 0, b.last_seq, b.events
FROM table_event_batch b
WHERE NOT EXISTS (SELECT 1 FROM event_row r
                  WHERE r.table_id = b.table_id AND r.first_seq = b.first_seq);

DROP TABLE table_event_batch;
