package org.tenace.server.replay;

import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.record.HandRecord;

/**
 * One record to replay, with what its file says beyond the {@link HandRecord}: where it is, and
 * how its play ended.
 *
 * @param file the file's name as given
 * @param line the line the record starts on, when the format tells it (PBN)
 * @param label how to name the record in messages: {@code board 3}, or {@code record 7}
 * @param record the board as recorded
 * @param claimed the play ended by a claim or concession and {@code record.result()} is the
 *     declaring side's total: LIN {@code mc}; PBN a play section that stops before 52 cards
 *     (ended by {@code *} or by {@code -} for the cards not played, PBN 2.1 section 3.4.15) with
 *     a Result, or a commentary that says "claim"
 * @param resultAgreed PBN {@code ^} before the Result: the players agreed on a number of tricks
 *     that differs from the tricks won (section 3.4.15), so the tricks won are not checked
 *     against it
 * @param declarerSwapped PBN {@code ^} before the Declarer: declarer and dummy were swapped
 *     after a lead out of turn (section 3.4.13, Law 54A)
 * @param duplicateScoring the Score tag is a duplicate score (Law 77): not rubber, Chicago or
 *     Cavendish
 * @param playGap why the recorded play cannot be followed to its end though it goes on: a card
 *     not known before cards that are
 */
public record ReplayRecord(
    String file,
    OptionalInt line,
    String label,
    HandRecord record,
    boolean claimed,
    boolean resultAgreed,
    boolean declarerSwapped,
    boolean duplicateScoring,
    Optional<String> playGap) {

  public ReplayRecord {
    Require.nonNull("file line label record playGap", file, line, label, record, playGap);
    if (claimed && record.result().isEmpty()) {
      throw new IllegalArgumentException("a claim is replayed from the recorded result: none");
    }
  }

  /** A record read from {@code file} with nothing irregular about its play or result. */
  public static ReplayRecord of(String file, String label, HandRecord record, boolean claimed) {
    return new ReplayRecord(file, OptionalInt.empty(), label, record, claimed, false, false, true,
        Optional.empty());
  }

  /** {@code file:line: board 3} or {@code file: board 3}: where a message is about. */
  public String where() {
    return file + (line.isPresent() ? ":" + line.getAsInt() : "") + ": " + label;
  }
}
