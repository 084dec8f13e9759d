package org.tenace.bridge.pbn;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.tenace.bridge.Damage;
import org.tenace.bridge.record.Diagnostic;
import org.tenace.bridge.record.SafetyNet;
import org.tenace.bridge.record.ReadResult;

/**
 * Damaged real files and any bytes at all: the reader never throws, never loses a game to an
 * internal error, and what it reads can always be written and read back. The property damages
 * real files by hand; the Jazzer target lets the fuzzer mutate bytes (docs/fuzzing.md).
 */
class PbnReaderFuzzTest {
  private static final List<String> FILES = List.of(
      "pbn/bbo_daylong/Ben_and_Friends_Daily_2024-06-03_Daylong.pbn",
      "pbn/spec_examples/correct_10.pbn", "pbn/spec_examples/correct_20.pbn",
      "pbn/spec_examples/correct_21.pbn");
  private static final String NOISE = "[]{}\";%\n\r\t ^=$!?*+-#\\ANSEWXPTHDC0123456789ap:.";

  @Property(tries = 300)
  void aDamagedPbnFileNeverBreaksTheReader(@ForAll long seed) {
    Random random = new Random(seed);
    String file = FILES.get(random.nextInt(FILES.size()));
    String text = Damage.of(PbnReader.decode(Pbn.resource(file)), NOISE, 20, random);
    ReadResult<PbnGame> r = PbnReader.readText(text, file);
    assertThat(r.diagnostics()).extracting(Diagnostic::reason)
        .noneMatch(reason -> reason.contains("Exception") || reason.contains("Error"));
    writesBack(r, PbnReader.read(PbnWriter.toBytes(r.values()), "again"));
  }

  /** Any bytes, decoded as a file is; findings are kept in PbnReaderFuzzTestInputs. */
  @FuzzTest
  void anyBytesNeverBreakTheReader(byte[] bytes) {
    ReadResult<PbnGame> r = PbnReader.read(bytes, "fuzz.pbn");
    // Any text may say "Error": only an exception's own name is one.
    assertThat(r.diagnostics()).noneMatch(SafetyNet::caught);
    // Latin-1 bytes cannot carry every character of a UTF-8 or Windows-1252 file ('?' stands in,
    // as PbnWriter.toBytes says), so any bytes are written back as text.
    writesBack(r, PbnReader.readText(PbnWriter.write(r.values()), "again"));
  }

  private static void writesBack(ReadResult<PbnGame> r, ReadResult<PbnGame> again) {
    // What was dropped stays dropped; only a disagreement between tags can be seen again.
    assertThat(again.diagnostics()).extracting(Diagnostic::reason)
        .allMatch(reason -> reason.contains("Auction starts at"));
    assertThat(again.values()).isEqualTo(r.values());
  }
}
