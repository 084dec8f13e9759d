package org.tenace.server.session;

import java.util.ArrayList;
import java.util.List;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.PlayedCard;
import org.tenace.bridge.record.RecordedCall;
import org.tenace.server.engine.BoardResult;
import org.tenace.server.engine.BoardSetup;
import org.tenace.server.engine.DealState;
import org.tenace.server.engine.Irregularity;
import org.tenace.server.engine.Trick;

/** A finished board at a table, as the hand record a session keeps of it. */
public final class SessionRecords {
  private SessionRecords() {}

  /**
   * The record of a board that is over: the deal, the calls that stand (a pass the Laws put in a
   * cancelled call's place included), the cards, the result, and in laws mode a note for each
   * irregularity the table announced.
   */
  public static HandRecord of(DealState over) {
    BoardSetup s = over.setup();
    BoardResult result = over.outcome().orElseThrow(
        () -> new IllegalStateException("board " + s.number() + " is not over"));
    List<RecordedCall> calls = new ArrayList<>();
    for (int i = 0; i < over.auction().calls().size(); i++) {
      calls.add(RecordedCall.of(over.auction().callers().get(i), over.auction().calls().get(i)));
    }
    List<PlayedCard> cards = new ArrayList<>();
    over.playIfStarted().ifPresent(p -> {
      for (Trick t : p.tricksSoFar()) {
        for (int i = 0; i < t.cards().size(); i++) {
          cards.add(PlayedCard.of(t.player(i), t.cards().get(i)));
        }
      }
    });
    HandRecord.Builder b = HandRecord.builder(s.dealer(), s.vulnerability()).board(s.number())
        .deal(s.deal()).auction(calls).play(cards).nsScore(result.nsScore())
        .notes(over.irregularities().stream().map(SessionRecords::note).toList());
    if (result.isPassedOut()) {
      b.passedOut(true);
    } else {
      b.contract(result.contract().orElseThrow()).result(result.declarerTricks());
    }
    return b.build();
  }

  /** "Law 37B (call 6, North): North called 2H when he had to pass: ...". */
  static String note(Irregularity i) {
    String where = i.callIndex().isPresent() ? "call " + (i.callIndex().getAsInt() + 1) + ", "
        : i.card().map(c -> c + ", ").orElse("");
    return "Law " + i.law() + " (" + where + i.offender() + "): " + i.description();
  }
}
