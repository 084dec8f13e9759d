package org.tenace.server.engine;

/** Which code of the Laws of Duplicate Bridge rectifies irregularities. */
public enum LawsEdition {
  /** The 1997 code, as the Chinese source rulebook has it. */
  LAWS_1997,
  /** The 2017 code with the later Law 26B amendment: the default. */
  LAWS_2017
}
