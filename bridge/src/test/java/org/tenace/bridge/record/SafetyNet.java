package org.tenace.bridge.record;

import java.util.regex.Pattern;

/**
 * What a reader's diagnostic looks like when an exception slipped past its checks: the readers'
 * safety nets report it by its class name. Words of the file itself ("Error1") are not that.
 */
public final class SafetyNet {
  private static final Pattern EXCEPTION =
      Pattern.compile("\\b(java|javax|org)\\.[\\w.$]*(Exception|Error)\\b");

  private SafetyNet() {}

  public static boolean caught(Diagnostic d) {
    return EXCEPTION.matcher(d.reason()).find();
  }
}
