package org.tenace.bridge.lin;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.tenace.bridge.Damage;
import org.tenace.bridge.record.Diagnostic;
import org.tenace.bridge.record.SafetyNet;
import org.tenace.bridge.record.ReadResult;

/**
 * Damaged real LIN files and any bytes at all: the reader never throws and what it reads writes
 * back the same. The property damages real files by hand; the Jazzer target lets the fuzzer
 * mutate bytes (docs/fuzzing.md).
 */
class LinReaderFuzzTest {
  private static final String NOISE = "|,!\n\r\t pmbcmdsvanpcmcqxahSHDC0123456789AKQJTNpdr";

  @Property(tries = 300)
  void aDamagedLinFileNeverBreaksTheReader(@ForAll long seed) {
    Random random = new Random(seed);
    String file = random.nextBoolean() ? "3399598383.lin" : "3399600265.lin";
    String damaged = Damage.of(
        new String(LinReaderTest.resource(file), StandardCharsets.UTF_8), NOISE, 10, random);
    ReadResult<LinRecord> r = LinReader.readText(damaged, file);
    assertThat(r.diagnostics()).extracting(Diagnostic::reason)
        .noneMatch(reason -> reason.contains("Exception") || reason.contains("Error"));
    writesBack(r);
  }

  /** Any bytes; findings are kept in LinReaderFuzzTestInputs. */
  @FuzzTest
  void anyBytesNeverBreakTheReader(byte[] bytes) {
    ReadResult<LinRecord> r = LinReader.read(bytes, "fuzz.lin");
    // Any text may say "Error": only an exception's own name is one.
    assertThat(r.diagnostics()).noneMatch(SafetyNet::caught);
    writesBack(r);
  }

  private static void writesBack(ReadResult<LinRecord> r) {
    ReadResult<LinRecord> again = LinReader.readText(LinWriter.write(r.values()), "again");
    assertThat(again.diagnostics()).isEmpty();
    assertThat(again.values()).isEqualTo(r.values());
  }
}
