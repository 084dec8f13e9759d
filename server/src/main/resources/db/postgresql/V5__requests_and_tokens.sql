-- What each node kept in its memory and a cluster keeps here, for every node to see.
--
-- table_request: CreateTable's request_id (with the kind of table it made), and the table it
-- made. A CreateTable retried on another node (its answer lost, its node dead) finds the table
-- the first try made instead of making a second: the claim is written with the new table's lease,
-- in one transaction, before the table's first event.
CREATE TABLE table_request (
  request_key VARCHAR(100) PRIMARY KEY,
  table_id    VARCHAR(64)  NOT NULL
);

-- table_token: which table each seat's or kibitzer's token belongs to, so that a token of a table
-- on another node, used at this one, is told apart from a forged one (WRONG_TABLE). Written by
-- the table's owner with its listings, at most a second after the join.
CREATE TABLE table_token (
  token    VARCHAR(64) PRIMARY KEY,
  table_id VARCHAR(64) NOT NULL
);
