package org.tenace.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The test resources of the module whose tests run (src/test/resources), by path. */
public final class TestResources {
  private TestResources() {}

  /** The bytes of the test resource {@code path} (from the resources' root, no leading /). */
  public static byte[] bytes(String path) {
    try (InputStream in = TestResources.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("no test resource " + path);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The test resource {@code path} as UTF-8 text. */
  public static String text(String path) {
    return new String(bytes(path), StandardCharsets.UTF_8);
  }
}
