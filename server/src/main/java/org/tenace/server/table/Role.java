package org.tenace.server.table;

/** The part a token holder plays at a table. */
public enum Role { PLAYER, KIBITZER, DIRECTOR }
