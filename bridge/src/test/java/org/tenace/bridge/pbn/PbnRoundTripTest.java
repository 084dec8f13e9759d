package org.tenace.bridge.pbn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tenace.bridge.record.ReadResult;

/** Every real PBN file: read, write, read again gives the same games. */
class PbnRoundTripTest {

  static Stream<String> realFiles() throws IOException, URISyntaxException {
    Path root = Path.of(PbnRoundTripTest.class.getResource("/data/pbn").toURI());
    try (Stream<Path> s = Files.walk(root)) {
      List<String> files = s.filter(p -> p.toString().endsWith(".pbn"))
          .map(p -> "pbn/" + root.relativize(p).toString().replace('\\', '/')).sorted().toList();
      assertThat(files).hasSizeGreaterThanOrEqualTo(17);
      return files.stream();
    }
  }

  @ParameterizedTest
  @MethodSource("realFiles")
  void readsWithoutADiagnostic(String file) {
    ReadResult<PbnGame> r = PbnReader.read(Pbn.resource(file), file);
    assertThat(r.diagnostics()).isEmpty();
    assertThat(r.values()).isNotEmpty();
  }

  @ParameterizedTest
  @MethodSource("realFiles")
  void readWriteReadGivesTheSameGames(String file) {
    List<PbnGame> first = PbnReader.read(Pbn.resource(file), file).values();
    byte[] written = PbnWriter.toBytes(first);
    ReadResult<PbnGame> again = PbnReader.read(written, "written-" + file);
    assertThat(again.diagnostics()).isEmpty();
    assertThat(again.values()).hasSameSizeAs(first);
    for (int i = 0; i < first.size(); i++) {
      assertThat(again.values().get(i)).as("game %d of %s", i + 1, file)
          .isEqualTo(first.get(i));
    }
    assertThat(PbnWriter.toBytes(again.values())).as("writing is stable").isEqualTo(written);
  }

  static Stream<String> eventFiles() throws IOException, URISyntaxException {
    return realFiles().filter(f -> !f.contains("spec_examples"));
  }

  @ParameterizedTest
  @MethodSource("eventFiles")
  void everyBoardOfAnEventFileIsAGame(String file) {
    String text = PbnReader.decode(Pbn.resource(file));
    long boards = text.lines().filter(l -> l.startsWith("[Board ")).count();
    assertThat(boards).isPositive();
    assertThat(PbnReader.read(Pbn.resource(file), file).values()).hasSize((int) boards);
  }

  @ParameterizedTest
  @MethodSource("realFiles")
  void exportIsLatin1WithCrlfAndNoTabs(String file) {
    byte[] written = PbnWriter.toBytes(PbnReader.read(Pbn.resource(file), file).values());
    String text = new String(written, StandardCharsets.ISO_8859_1);
    assertThat(text).startsWith("% PBN 2.1\r\n% EXPORT\r\n").doesNotContain("\t");
    assertThat(text.replace("\r\n", "")).doesNotContain("\r").doesNotContain("\n");
  }
}
