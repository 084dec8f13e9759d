package org.tenace.bridge.event;

import java.nio.charset.StandardCharsets;
import org.tenace.testing.TestResources;

/** Test helpers: the bytes of a test resource, and of a PBN snippet as Ruter writes it. */
final class Resources {

  private Resources() {}

  /** The bytes of the test resource {@code data/<path>}. */
  static byte[] bytes(String path) {
    return TestResources.bytes("data/" + path);
  }

  /** PBN text in Latin-1, as Ruter writes it. */
  static byte[] latin1(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Reads the test resource {@code data/<path>}, named by its path. */
  static EventReader.Read read(String path) {
    return EventReader.read(bytes(path), path);
  }
}
