package org.tenace.server;

/**
 * A setting the server cannot start with: which setting ({@code what}: the flag, or the
 * environment variable it came from) and why. Main prints it as one line, without a stack trace.
 */
final class BadConfiguration extends RuntimeException {
  private static final long serialVersionUID = 1L;

  BadConfiguration(String what, String why) {
    super(what + ": " + why, null, false, false);
  }
}
