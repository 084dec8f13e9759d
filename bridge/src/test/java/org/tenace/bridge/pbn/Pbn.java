package org.tenace.bridge.pbn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.tenace.bridge.record.ReadResult;

/** Test helpers: read PBN snippets and resource files. */
final class Pbn {
  static final String FILE = "snippet.pbn";

  private Pbn() {}

  static ReadResult<PbnGame> read(String text) {
    return PbnReader.readText(text, FILE);
  }

  /** The one game of a snippet that must read without a diagnostic. */
  static PbnGame one(String text) {
    ReadResult<PbnGame> r = read(text);
    assertThat(r.diagnostics()).isEmpty();
    assertThat(r.values()).hasSize(1);
    return r.values().get(0);
  }

  /** Write then read again: what the exporter keeps. */
  static PbnGame rewritten(PbnGame game) {
    ReadResult<PbnGame> r = PbnReader.read(PbnWriter.toBytes(java.util.List.of(game)), "w.pbn");
    assertThat(r.diagnostics()).isEmpty();
    assertThat(r.values()).hasSize(1);
    return r.values().get(0);
  }

  static byte[] resource(String path) {
    try (InputStream in = Pbn.class.getResourceAsStream("/data/" + path)) {
      if (in == null) {
        throw new IllegalStateException("no test resource data/" + path);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
