package org.tenace.server.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.server.engine.DealState;
import org.tenace.server.engine.Mode;

/**
 * The acceptance test of {@code tenace replay}: every BBO daylong PBN record and every LIN
 * record of the project's data agrees with the engine, online and in laws mode.
 */
class ReplayDataTest {
  private static final Path DATA = Path.of("src/test/resources/data");

  private static List<String> files() throws IOException {
    List<String> out = new ArrayList<>();
    for (String dir : new String[] {"pbn/bbo_daylong", "lin"}) {
      try (Stream<Path> s = Files.list(DATA.resolve(dir))) {
        s.sorted().forEach(p -> out.add(p.toString()));
      }
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void everyRecordedBoardAgreesWithTheEngine(boolean laws) throws IOException {
    List<String> args = new ArrayList<>(files());
    assertThat(args).hasSize(14);
    if (laws) {
      args.add(0, "--laws");
    }
    Replays.Run run = Replays.command(args.toArray(String[]::new));
    assertThat(run.lines()).containsExactly("replayed 100 boards, 0 disagree, 0 incomplete");
    assertThat(run.err()).isEmpty();
    assertThat(run.status()).isZero();
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void everyBoardIsPlayedToTheEndAndScored(boolean laws) throws IOException {
    int played = 0;
    int passedOut = 0;
    for (String f : files()) {
      for (ReplayRecord rec : RecordFiles.read(Path.of(f), f).records()) {
        BoardReplay.Verdict v = BoardReplay.replay(rec, laws ? Mode.LAWS : Mode.ONLINE);
        DealState s = v.state().orElseThrow();
        assertThat(s.isOver()).as(rec.where()).isTrue();
        if (s instanceof DealState.Complete c) {
          played++;
          assertThat(c.play().tricks()).hasSize(13);
          assertThat(c.result().declarerTricks()).isEqualTo(rec.record().result().getAsInt());
        } else {
          passedOut++;
        }
      }
    }
    assertThat(played).isEqualTo(98);
    assertThat(passedOut).isEqualTo(2);
  }
}
