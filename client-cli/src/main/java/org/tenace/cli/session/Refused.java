package org.tenace.cli.session;

/** A command line that cannot be run, and why: said in one line, exit status 2. */
final class Refused extends Exception {
  private static final long serialVersionUID = 1L;

  Refused(String why) {
    super(why, null, false, false);
  }
}
