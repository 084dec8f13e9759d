-- The event log: every accepted action of every table, appended, never rewritten.
CREATE TABLE table_event (
  table_id    VARCHAR(64)  NOT NULL,
  seq         BIGINT       NOT NULL,
  recorded_at BIGINT       NOT NULL,  -- epoch milliseconds, as the server's clock read it
  payload     VARBINARY(65536) NOT NULL,
  PRIMARY KEY (table_id, seq)
);
