package org.tenace.server.replay;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.tenace.server.engine.Mode;
import picocli.CommandLine;

/** Test helpers: records from PBN or LIN text, one-record replays, the command's output. */
final class Replays {
  private Replays() {}

  /** BBO daylong 2024-06-10 board 1, as BBO Helper wrote it: 2S by N, 9 tricks, NS 140. */
  static final String BOARD = """
      [Event "Ben & Friends Daily"]
      [Board "1"]
      [Dealer "N"]
      [Vulnerable "None"]
      [Deal "W:T3.AQJ9.KT3.J542 AK97.T82.7.AKQ97 QJ2.K63.AQJ86.T3 8654.754.9542.86"]
      [Scoring "MP"]
      [Score "NS 140"]
      [Declarer "N"]
      [Contract "2S"]
      [Result "9"]
      [Auction "N"]
      1C =1=\tX\tPass\t2H
      2S\tPass\tPass\tPass
      [Note "1: Minor suit opening -- 3+ !C"]
      [Play "E"]
      CT\tC6\tC2\tCA
      C3\tC8\tC4\tCK
      S2\tS4\tS3\tSA
      SJ\tS5\tST\tSK
      SQ\tH4\tC5\tCQ
      H3\tH5\tHA\tH2
      H6\tH7\tHQ\tH8
      D6\tS6\tCJ\tC7
      D8\tD2\tD3\tD7
      DA\tD4\tDT\tS7
      DJ\tD5\tH9\tC9
      HK\tS8\tHJ\tHT
      DQ\tD9\tDK\tS9
      """;

  /** The play of {@link #BOARD}, one line per trick. */
  static final String PLAY = BOARD.substring(BOARD.indexOf("[Play \"E\"]\n") + 11);

  /** {@link #BOARD} with its play cut after {@code tricks} tricks, then {@code end}. */
  static String cutAfter(int tricks, String end) {
    String[] lines = PLAY.split("\n");
    StringBuilder kept = new StringBuilder();
    for (int i = 0; i < tricks; i++) {
      kept.append(lines[i]).append('\n');
    }
    return BOARD.replace(PLAY, kept + end + "\n");
  }

  static List<ReplayRecord> pbn(String text) {
    return RecordFiles.pbn(text.getBytes(StandardCharsets.UTF_8), "test.pbn").records();
  }

  static ReplayRecord onePbn(String text) {
    List<ReplayRecord> records = pbn(text);
    if (records.size() != 1) {
      throw new AssertionError("one record expected, read " + records.size());
    }
    return records.get(0);
  }

  static ReplayRecord oneLin(String text) {
    List<ReplayRecord> records =
        RecordFiles.lin(text.getBytes(StandardCharsets.UTF_8), "test.lin").records();
    if (records.size() != 1) {
      throw new AssertionError("one record expected, read " + records.size());
    }
    return records.get(0);
  }

  static BoardReplay.Verdict online(String pbn) {
    return BoardReplay.replay(onePbn(pbn), Mode.ONLINE);
  }

  static BoardReplay.Verdict laws(String pbn) {
    return BoardReplay.replay(onePbn(pbn), Mode.LAWS);
  }

  /** What {@code tenace replay ARGS} printed and returned. */
  record Run(int status, String out, String err) {
    List<String> lines() {
      return out.lines().toList();
    }

    String last() {
      List<String> l = lines();
      return l.isEmpty() ? "" : l.get(l.size() - 1);
    }
  }

  static Run command(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cmd = new CommandLine(new org.tenace.server.Main());
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    String[] full = new String[args.length + 1];
    full[0] = "replay";
    System.arraycopy(args, 0, full, 1, args.length);
    int status = cmd.execute(full);
    return new Run(status, out.toString(), err.toString());
  }
}
