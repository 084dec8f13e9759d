package org.tenace.server.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayCommandTest {
  @TempDir
  Path dir;

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  @Test
  void eachDisagreementIsPrintedAndTheStatusIsOne() throws IOException {
    Path good = write("good.pbn", Replays.BOARD);
    Path bad = write("bad.pbn", Replays.BOARD.replace("[Score \"NS 140\"]", "[Score \"NS 170\"]"));
    Replays.Run run = Replays.command(good.toString(), bad.toString());
    assertThat(run.lines()).containsExactly(
        bad + ":1: board 1: score: record NS 170; engine NS 140",
        "replayed 2 boards, 1 disagree, 0 incomplete");
    assertThat(run.status()).isEqualTo(1);
  }

  @Test
  void incompleteBoardsAreCountedAndExplainedWhenVerbose() throws IOException {
    Path cut = write("cut.pbn", Replays.cutAfter(3, "+"));
    Replays.Run quiet = Replays.command(cut.toString());
    assertThat(quiet.lines()).containsExactly("replayed 1 boards, 0 disagree, 1 incomplete");
    assertThat(quiet.status()).isZero();
    Replays.Run verbose = Replays.command("-v", cut.toString());
    assertThat(verbose.lines()).containsExactly(
        cut + ":1: board 1: incomplete: the play stops after 12 cards with no claim",
        "replayed 1 boards, 0 disagree, 1 incomplete");
  }

  @Test
  void recordsWithNoAuctionAreNotReplayed() throws IOException {
    Path deals = write("deals.pbn", Replays.BOARD.substring(0, Replays.BOARD.indexOf("[Auction")));
    assertThat(Replays.command(deals.toString()).lines())
        .containsExactly("replayed 0 boards, 0 disagree, 0 incomplete");
  }

  @Test
  void aFileThatCannotBeReadGivesStatusTwoAndTheOthersAreStillReplayed() throws IOException {
    Path good = write("good.lin", "pn|a,b,c,d|md|3S358TH28D34579C89,S6QH7JQD8TKAC47JK,"
        + "SAH35TKAD2JC235QA,|ah|Board 1|sv|o|mb|p|mb|p|mb|p|mb|p|");
    Replays.Run run = Replays.command(dir.resolve("missing.pbn").toString(), good.toString(),
        dir.toString());
    assertThat(run.status()).isEqualTo(2);
    assertThat(run.err()).contains("missing.pbn: cannot read the file: no such file");
    assertThat(run.err()).contains(dir + ": cannot read the file");
    assertThat(run.last()).isEqualTo("replayed 1 boards, 0 disagree, 0 incomplete");
  }

  @Test
  void damagedFilesGiveWarningsNeverAStackTrace() throws IOException {
    byte[] garbage = new byte[4096];
    new java.util.Random(7).nextBytes(garbage);
    Path bin = dir.resolve("garbage.pbn");
    Files.write(bin, garbage);
    Path lin = write("odd.lin", "md|9XYZ|mb|8N|pc|ZZ|mc|99|");
    Path pbn = write("odd.pbn", Replays.BOARD.replace("[Deal \"W:", "[Deal \"Q:")
        .replace("2S\tPass", "9S\tPass"));
    Replays.Run run = Replays.command(bin.toString(), lin.toString(), pbn.toString());
    assertThat(run.out() + run.err()).doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(run.last()).startsWith("replayed ");
    assertThat(run.status()).isIn(0, 1);
  }

  @Test
  void withoutFilesTheUsageIsShown() {
    Replays.Run run = Replays.command();
    assertThat(run.status()).isEqualTo(2);
    assertThat(run.err()).contains("Usage: tenace replay");
  }
}
