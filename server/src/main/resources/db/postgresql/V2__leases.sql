-- Several nodes on one database: every entity's log (a table's, a session's) is owned by one node
-- at a time, through its lease row, and only the owner's appends are written.
--
-- node: every running server, its address (what clients are told to reach it at) and until when
-- it is alive. A node renews its row every third of a lease by the database's clock (now()), so
-- that no two machines' clocks are compared; a node whose row has expired is dead, and any other
-- may take its entities.
CREATE TABLE node (
  node_id    VARCHAR(255) PRIMARY KEY,
  address    VARCHAR(255) NOT NULL,
  expires_at TIMESTAMPTZ  NOT NULL
);

-- table_lease: who owns each entity, and under which epoch. A takeover sets the owner and adds one
-- to the epoch in one UPDATE; every append inserts its row only while the lease still has the
-- owner and epoch the appender holds, in the same statement (PgEventLog.INSERT), so a paused or
-- partitioned old owner can never write after a takeover.
CREATE TABLE table_lease (
  table_id VARCHAR(64)  PRIMARY KEY,
  owner    VARCHAR(255) NOT NULL,
  epoch    BIGINT       NOT NULL
);

-- The logs written before leases belong to no node (''): the first node that uses one takes it.
INSERT INTO table_lease (table_id, owner, epoch)
  SELECT DISTINCT table_id, '', 0 FROM table_event;

-- Table and session numbers, the same series on every node, so that ids are globally unique.
CREATE SEQUENCE entity_number;
SELECT setval('entity_number', GREATEST(1, COALESCE((SELECT max(CAST(substring(table_id FROM
  '[0-9]+$') AS BIGINT)) FROM table_event WHERE table_id ~ '^(h|session:)?[0-9]+$'), 0) + 1), false);
