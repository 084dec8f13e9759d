package org.tenace.server.engine;

/** How a table treats irregularities. */
public enum Mode {
  /** As online clubs play: an illegal action is refused with its reason and never recorded. */
  ONLINE,
  /** As at the table: an irregular action is recorded and rectified as the Laws say. */
  LAWS
}
