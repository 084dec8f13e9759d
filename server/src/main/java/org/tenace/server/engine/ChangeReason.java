package org.tenace.server.engine;

/** Why a player asks to replace his last call in laws mode. */
public enum ChangeReason {
  /** Law 25A: the call was not the one he meant to make. */
  UNINTENDED,
  /** Law 21B1: he called on misinformation from the opponents. */
  MISINFORMATION
}
