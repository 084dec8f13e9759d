package org.tenace.scoring.event;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Test helpers: the bytes of a test resource, and of a PBN snippet as Ruter writes it. */
final class Resources {

  private Resources() {}

  /** The bytes of the test resource {@code data/<path>}. */
  static byte[] bytes(String path) {
    try (InputStream in = Resources.class.getResourceAsStream("/data/" + path)) {
      if (in == null) {
        throw new IllegalStateException("no test resource data/" + path);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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
