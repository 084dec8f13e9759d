package org.tenace.bridge.lin;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.bridge.pbn.PbnReader;
import org.tenace.bridge.pbn.PbnRecords;
import org.tenace.bridge.pbn.PbnWriter;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.RandomBoards;
import org.tenace.bridge.record.ReadResult;

class LinRoundTripTest {

  @ParameterizedTest
  @ValueSource(strings = {"3399598383.lin", "3399600265.lin"})
  void readWriteReadGivesTheSameBoardAndTheSameText(String file) {
    byte[] bytes = LinReaderTest.resource(file);
    ReadResult<LinRecord> first = LinReader.read(bytes, file);
    assertThat(first.diagnostics()).isEmpty();
    String written = LinWriter.write(first.values());
    ReadResult<LinRecord> again = LinReader.readText(written, "written-" + file);
    assertThat(again.diagnostics()).isEmpty();
    assertThat(again.values()).isEqualTo(first.values());
    // The writer writes what BBO writes.
    assertThat(written).isEqualTo(new String(bytes, StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @ValueSource(strings = {"3399598383.lin", "3399600265.lin"})
  void aLinBoardSurvivesPbn(String file) {
    ReadResult<HandRecord> r = LinReader.readHandRecords(LinReaderTest.resource(file), file);
    assertThat(r.diagnostics()).isEmpty();
    HandRecord h = r.values().get(0);
    byte[] pbn = PbnWriter.toBytes(List.of(PbnRecords.toGame(h)));
    ReadResult<HandRecord> back = PbnReader.readHandRecords(pbn, "from-" + file);
    assertThat(back.diagnostics()).isEmpty();
    assertThat(back.values()).containsExactly(h);
  }

  @Property(tries = 300)
  void aHandRecordSurvivesLin(@ForAll long seed) {
    HandRecord r = RandomBoards.record(seed);
    String text = LinWriter.write(List.of(LinRecords.toLin(r)));
    ReadResult<HandRecord> back = LinReader.readHandRecords(
        text.getBytes(StandardCharsets.UTF_8), "random.lin");
    assertThat(back.diagnostics()).isEmpty();
    assertThat(back.values()).containsExactly(r);
  }
}
