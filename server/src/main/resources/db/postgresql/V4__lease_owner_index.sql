-- The reaper of every node looks up the leases of dead nodes (and those handed back, owner '')
-- several times a second: by owner, not through every lease ever written.
CREATE INDEX table_lease_owner ON table_lease (owner);
