package org.tenace.server;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/** The server's logging, set once at start: JUL into SLF4J, and the format operators chose. */
final class Logs {
  /** How each log line is written: for people, or one JSON object a line for collectors. */
  enum Format { text, json }

  private Logs() {}

  static void configure(Format format) {
    // gRPC and Netty log through java.util.logging; without the bridge their warnings bypass
    // logback (its format, its levels) and reach stderr on their own.
    if (!SLF4JBridgeHandler.isInstalled()) {
      SLF4JBridgeHandler.removeHandlersForRootLogger();
      SLF4JBridgeHandler.install();
    }
    if (format == Format.json
        && LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
      Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
      if (root.getAppender("STDERR") instanceof OutputStreamAppender<ILoggingEvent> stderr) {
        JsonEncoder json = new JsonEncoder();
        json.setContext(context);
        // The line as people read it, beside the pattern and its arguments (for grouping);
        // the logger context's name and birth on every line say nothing.
        json.setWithFormattedMessage(true);
        json.setWithContext(false);
        json.setWithSequenceNumber(false);
        json.start();
        stderr.stop();
        stderr.setEncoder(json);
        stderr.start();
      }
    }
  }
}
