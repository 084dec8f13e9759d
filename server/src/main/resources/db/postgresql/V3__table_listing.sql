-- What ListTables shows of each table, for every node to list every table: the owner writes its
-- tables' listings (a TableInfo, as the API sends it) when they change, at most once a second,
-- and only while it holds the table's lease; a node lists its own tables from memory and the
-- others' from here.
CREATE TABLE table_listing (
  table_id VARCHAR(64) PRIMARY KEY,
  info     BYTEA       NOT NULL,
  open     BOOLEAN     NOT NULL
);
CREATE INDEX table_listing_open ON table_listing (table_id) WHERE open;
