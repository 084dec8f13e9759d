package org.tenace.server.engine;

import java.util.ArrayList;
import java.util.List;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Seat;
import org.tenace.server.engine.AuctionState.Deferred;
import org.tenace.server.engine.AuctionState.Gate;
import org.tenace.server.engine.AuctionState.GateKind;
import org.tenace.server.engine.AuctionState.Option;
import org.tenace.server.engine.AuctionState.OptionKind;
import org.tenace.server.engine.AuctionState.Replace;

/**
 * Laws mode (irregularities rectified by the Laws): one transition of an auction's state as a
 * mutable draft. It classifies each call, answer, ruling and request (first match wins) and
 * hands the irregular ones to the rectifier of their Law: Law 25 to {@link ChangeOfCall}, 27 to
 * {@link InsufficientBid}, 29-32 to {@link OutOfRotation}, 36-39 to {@link InadmissibleCalls};
 * options, attention drawn and the end of the auction period are its own.
 */
final class AuctionDraft extends DraftState {
  private enum Step {
    AFTER_FINAL_PASS, ABOVE_SEVEN, INADMISSIBLE, RHO_BARRED, CHANGE, OUT_OF_ROTATION,
    REPEAT_BROKEN, BARRED, INSUFFICIENT, REGULAR
  }

  // ------------------------------------------------------------ the steps of a call

  AuctionDraft(AuctionState a) {
    super(a);
  }

  // ------------------------------------------------------------ calls

  /** A call in laws mode: classify (first match wins) and rectify. */
  void call(Seat seat, Utterance said, Alert alert) {
    if (periodOver) {
      throw refuse(Violation.CALL_AFTER_FINAL_PASS,
          "the auction period has ended (" + build().result() + ")");
    }
    if (gate != null) {
      throw refuse(Violation.DECISION_PENDING, build().blocker());
    }
    if (pending instanceof Option o) {
      optionCall(o, seat, said, alert);
      return;
    }
    if (pending instanceof Replace r) {
      if (seat != r.offender()) {
        // Out of rotation while the offender must call again (Laws 28-32): classified as at any
        // other moment; the call to replace waits under the option it opens.
        classifyAndApply(seat, said, alert, false);
        return;
      }
      pending = null;
      if (r.underLaw27()) {
        InsufficientBid.replaceInsufficient(this, r.offender(), r.ibEntry(), r.ib(), r.ibAlert(),
            said, alert, -1);
      } else {
        Refusal bad = r.error(seat, said, standing);
        if (bad != null) {
          pending = r;
          throw bad.exception();
        }
        appendStanding(seat, ((Utterance.Of) said).call(), alert, r.law());
      }
      return;
    }
    if (deferred != null && deferredCall(seat, said, alert)) {
      return;
    }
    if (pending instanceof Replace r && r.offender() == seat) {
      // His own call drew attention to his inadmissible call (36B): it is the call made again.
      call(seat, said, alert);
      return;
    }
    classifyAndApply(seat, said, alert, false);
  }

  private Step classify(Seat seat, Utterance said, boolean inRotation) {
    if (standing.isComplete()) {
      return Step.AFTER_FINAL_PASS;
    }
    if (!(said instanceof Utterance.Of of)) {
      return Step.ABOVE_SEVEN;
    }
    Call c = of.call();
    if ((c == Call.DOUBLE || c == Call.REDOUBLE) && standing.callError(seat, c) != null) {
      return Step.INADMISSIBLE;
    }
    Seat turn = standing.turn();
    if (!inRotation && seat != turn) {
      if (turn == seat.rho() && barred(turn)) {
        return Step.RHO_BARRED;
      }
      if (turn == seat.lho() && changeable(seat) != null) {
        return Step.CHANGE;
      }
      return Step.OUT_OF_ROTATION;
    }
    Restriction r = restrictions[seat.ordinal()];
    if (r != null) {
      if (r.kind() == Restriction.Kind.MUST_REPEAT && !r.call().get().equals(c)) {
        return Step.REPEAT_BROKEN;
      }
      if (r.barsAllButPass() && c != Call.PASS) {
        return Step.BARRED;
      }
      if (r.kind() == Restriction.Kind.NO_DOUBLE_NEXT_TURN
          && (c == Call.DOUBLE || c == Call.REDOUBLE)) {
        return Step.BARRED;
      }
    }
    if (c instanceof Bid b && !standing.isSufficient(b)) {
      return Step.INSUFFICIENT;
    }
    return Step.REGULAR;
  }

  @Override
  void classifyAndApply(Seat seat, Utterance said, Alert alert, boolean inRotation) {
    Step step = classify(seat, said, inRotation);
    switch (step) {
      case AFTER_FINAL_PASS -> InadmissibleCalls.afterFinalPass(this, seat, said, alert);
      case ABOVE_SEVEN -> InadmissibleCalls.aboveSeven(this, seat, said, alert,
          inRotation || seat == standing.turn());
      case INADMISSIBLE -> InadmissibleCalls.inadmissible(this, seat, said, alert,
          inRotation || seat == standing.turn());
      case RHO_BARRED -> {
        Seat rho = seat.rho();
        if (pending instanceof Replace r && r.offender() == rho) {
          forfeit(r, "28A");                     // his pass is deemed made: nothing to replace
        }
        appendStanding(rho, Call.PASS, Alert.NONE, "28A");     // 28A: the call is in rotation
        classifyAndApply(seat, said, alert, false);
      }
      case CHANGE -> ChangeOfCall.openChange(this, seat, said, alert, ChangeReason.UNINTENDED);
      case OUT_OF_ROTATION -> OutOfRotation.outOfRotation(this, seat, said, alert);
      case REPEAT_BROKEN -> {
        Restriction r = restrictions[seat.ordinal()];
        throw refuse(Violation.CALL_BARRED,
            seat + " must repeat " + r.call().get() + " (" + r.law() + ")");
      }
      case BARRED -> InadmissibleCalls.barredCall(this, seat, said, alert);
      case INSUFFICIENT -> {
        int idx = enter(seat, said, alert, CallStatus.PENDING, "27", null);
        offer(new Option(OptionKind.INSUFFICIENT, seat.lho(), seat, idx, said, alert, null,
            -1, null, null, "27"), true);
      }
      case REGULAR -> appendStanding(seat, ((Utterance.Of) said).call(), alert, "");
    }
  }

  private boolean barred(Seat s) {
    Restriction r = restrictions[s.ordinal()];
    return r != null && r.barsAllButPass();
  }

  // ------------------------------------------------------------ rulings

  @Override
  void resolve(Gate g, String choice) {
    boolean was = resolving;
    resolving = true;
    try {
      switch (g.kind()) {
        case LAW27 -> InsufficientBid.resolveInsufficient(this, g, choice);
        case CHANGE -> ChangeOfCall.resolveChange(this, g, choice);
        case ARTIFICIAL_PASS -> {
          Call pass = Call.PASS;
          if (RulingChoice.ARTIFICIAL.equals(choice)) {
            OutOfRotation.afterRefusedBid(this, g.offender(), pass, g.firstAlert(), g.turn());
          } else {
            OutOfRotation.afterRefusedPass(this, g.offender(), g.firstAlert(), g.turn());
          }
        }
        case COMPARABLE -> throw new IllegalStateException("not a snapshot ruling");
      }
    } finally {
      resolving = was;
    }
  }

  @Override
  void fireFollowups(Seat seat, Call call, Alert alert) {
    OutOfRotation.fireFollowups(this, seat, call, alert);
  }

  /** Laws mode {@code decide}: settles a ruling; a gating one lets the auction go on. */
  static AuctionState decide(AuctionState a, BoardAction.Decide dc) {
    Ruling r = a.ruling(dc.rulingId()).orElseThrow(() ->
        refuse(Violation.NO_DECISION_PENDING, "no ruling " + dc.rulingId()));
    if (!r.choices().contains(dc.choice())) {
      throw new IllegalArgumentException(
          "'" + dc.choice() + "' is not a choice of ruling " + r.id() + ": " + r.choices());
    }
    Gate g = a.gate;
    if (r.gating() && (g == null || g.rulingId() != r.id())) {
      throw refuse(Violation.NO_DECISION_PENDING, "ruling " + r.id() + " is already decided");
    }
    AuctionDraft d;
    if (g != null && g.rulingId() == r.id() && g.kind() != GateKind.COMPARABLE) {
      d = new AuctionDraft(g.before());
      d.addRuling(r.decide(dc.choice(), dc.by()));
      d.resolve(g, dc.choice());
    } else {
      d = new AuctionDraft(a);
      d.replaceRuling(r.decide(dc.choice(), dc.by()));
      if (g != null && g.rulingId() == r.id()) {
        d.gate = null;
        if (RulingChoice.COMPARABLE.equals(dc.choice())) {
          OutOfRotation.undoNotComparable(d, g);
        }
      }
    }
    d.actions = a.actions.with(dc);
    d.settle();
    return d.build();
  }

  // ------------------------------------------------------------ options

  private void optionCall(Option o, Seat seat, Utterance said, Alert alert) {
    boolean callAccepts = o.kind() == OptionKind.INSUFFICIENT
        || o.kind() == OptionKind.OUT_OF_ROTATION || o.kind() == OptionKind.SECOND_INSUFFICIENT
        || o.kind() == OptionKind.CHANGE;
    if (seat == o.holder() && callAccepts) {
      acceptOption(o);                                  // 27A1, 29A, 25B: calling accepts
      if (pending instanceof Replace r && r.offender() == seat) {
        call(seat, said, alert);                        // his call is the one he had to make
      } else {
        classifyAndApply(seat, said, alert, false);
      }
      return;
    }
    if (o.kind() == OptionKind.OUT_OF_ROTATION && seat == o.turn()) {
      setStatus(o.entry(), CallStatus.CANCELLED, "28B", o.offender().side());
      pending = o.resume();
      if (pending != null) {
        call(seat, said, alert);                        // 28B, and the call he had to make
      } else {
        classifyAndApply(seat, said, alert, false);
      }
      return;
    }
    if (o.kind() == OptionKind.INSUFFICIENT && seat == o.offender()) {
      int idx = enter(seat, said, alert, CallStatus.PENDING, "27C", null);    // 27C
      offer(new Option(OptionKind.PREMATURE_REPLACEMENT, o.holder(), seat, idx, said, alert,
          null, o.entry(), o.said(), o.alert(), "27C"), false);
      found(Irregularity.Kind.INSUFFICIENT_BID, "27C", seat, idx, seat.word() + " replaced his"
          + " insufficient " + o.said() + " with " + said + " before " + o.holder().word()
          + " chose (Law 27C): " + o.holder().word() + " may accept the insufficient bid or"
          + " refuse it");
      return;
    }
    throw refuse(Violation.DECISION_PENDING, build().blocker());
  }

  /** {@code accept} or {@code refuse} by a seat. */
  void answer(Seat seat, boolean accept) {
    if (gate != null) {
      throw refuse(Violation.DECISION_PENDING, build().blocker());
    }
    if (!(pending instanceof Option o)) {
      throw refuse(Violation.NO_DECISION_PENDING, "there is nothing to accept or refuse");
    }
    if (seat != o.holder()) {
      throw refuse(Violation.NOT_ENTITLED, "the option is " + o.holder() + "'s (" + o.law() + ")");
    }
    if (accept) {
      acceptOption(o);
    } else {
      refuseOption(o);
    }
  }

  private void acceptOption(Option o) {
    pending = null;
    acceptOnly(o);
    resume(o.resume());
  }

  private void acceptOnly(Option o) {
    Seat off = o.offender();
    switch (o.kind()) {
      case INSUFFICIENT -> placeStanding(o.entry(), off, call(o.said()), o.alert(), "27A1");
      case OUT_OF_ROTATION -> placeStanding(o.entry(), off, call(o.said()), o.alert(), "29A");
      case SECOND_INSUFFICIENT -> placeStanding(o.entry(), off, call(o.said()), o.alert(), "27B4");
      case PREMATURE_REPLACEMENT -> {
        setStatus(o.entry(), CallStatus.CANCELLED, "27C", off.side());
        placeStanding(o.firstEntry(), off, call(o.first()), o.firstAlert(), "27A1");
      }
      case CHANGE, CHANGE_1997 -> {
        String law = o.kind() == OptionKind.CHANGE ? "25B" : "25B2";
        setStatus(o.firstEntry(), CallStatus.REPLACED, law, off.side());
        standing = standing.prev;                      // the changed call is the last standing
        placeStanding(o.entry(), off, call(o.said()), o.alert(), law);
        if (o.kind() == OptionKind.CHANGE_1997) {
          addRuling(Ruling.open(nextRulingId(), "25B2",
              "The score of " + off.side() + " is at most average minus (1997 Law 25B2b)",
              List.of("average minus at most"), "average minus at most", false));
        } else if (!obviouslyComparable(call(o.first()), o.firstAlert(), call(o.said()),
            o.alert())) {
          leadPenalty(off, o.first(), "25B");        // 26B may apply
        }
      }
    }
  }

  private void refuseOption(Option o) {
    pending = null;
    refuseOnly(o);
    resume(o.resume());
  }

  private void refuseOnly(Option o) {
    Seat off = o.offender();
    switch (o.kind()) {
      case INSUFFICIENT -> pending = new Replace(off, o.entry(), (Bid) call(o.said()), o.alert(),
          "27B", false);
      case OUT_OF_ROTATION -> {
        setStatus(o.entry(), CallStatus.CANCELLED, "29B", off.side());
        OutOfRotation.afterRefusedCall(this, off, call(o.said()), o.alert(), o.turn());
      }
      case SECOND_INSUFFICIENT -> {
        setStatus(o.entry(), CallStatus.CANCELLED, "27B3", off.side());
        bar(off.partner(), Restriction.Kind.PASS_REST_OF_AUCTION, "27B3");
        leadPenalty(off, o.first(), "27B3");
        note72C(off, "27B3");
        pending = new Replace(off, -1, null, null, "27B3", true);
      }
      case PREMATURE_REPLACEMENT -> InsufficientBid.replaceInsufficient(this, off, o.firstEntry(),
          (Bid) call(o.first()), o.firstAlert(), o.said(), o.alert(), o.entry());
      case CHANGE -> {
        if (y1997()) {
          offer(new Option(OptionKind.CHANGE_1997, off, off, o.entry(), o.said(), o.alert(),
              null, o.firstEntry(), o.first(), o.firstAlert(), "25B2"), false);
        } else {
          setStatus(o.entry(), CallStatus.CANCELLED, "25B", off.side());
        }
      }
      case CHANGE_1997 -> {
        setStatus(o.entry(), CallStatus.CANCELLED, "25B2", off.side());
        bar(off.partner(), Restriction.Kind.PASS_NEXT_TURN, "25B2");
      }
    }
  }

  // ------------------------------------------------------------ Law 25 (and 21B1)

  /** Laws mode {@code change}: a request to replace the seat's latest call. */
  void change(Seat seat, Utterance said, Alert alert, ChangeReason reason) {
    if (periodOver) {
      throw refuse(Violation.UNDO_NOT_ALLOWED, "the opening lead has been faced");
    }
    if (gate != null || pending != null) {
      throw refuse(Violation.DECISION_PENDING, build().blocker());
    }
    if (deferred != null) {
      drawAttention();
      if (pending != null || gate != null) {
        throw refuse(Violation.DECISION_PENDING, build().blocker());
      }
    }
    if (standing.latestBy(seat) == null) {
      throw refuse(Violation.UNDO_NOT_ALLOWED, seat + " has not called");
    }
    if (changeable(seat) == null) {
      throw refuse(Violation.UNDO_NOT_ALLOWED, "partner has already called");
    }
    ChangeOfCall.openChange(this, seat, said, alert, reason);
  }

  // ------------------------------------------------------------ attention WHEN_DRAWN

  /**
   * A call while an irregularity waits for attention. Returns true when the call has been dealt
   * with; false when the caller should classify it (the irregularity may have been rectified
   * first, since a second irregularity brings the director).
   */
  private boolean deferredCall(Seat seat, Utterance said, Alert alert) {
    Deferred df = deferred;
    if (df.law() == 38) {
      if (seat == df.limboTurn() && !standing.isComplete()) {
        enter(seat, said, alert, CallStatus.PENDING, "38", null);
        int passes = said.asCall().filter(c -> c == Call.PASS).isPresent()
            ? df.limboPasses() + 1 : 0;
        deferred = new Deferred(38, df.offender(), df.entry(),
            df.lhoCalled() || seat == df.offender().lho(), seat.next(), passes,
            df.corePosition());
        if (passes == 3) {
          drawAttention();                 // no auction may end on a bid above seven
        }
        return true;
      }
      drawAttention();
      return false;
    }
    boolean byLho = seat == df.offender().lho();
    Step step = classify(seat, said, false);
    if (byLho) {
      deferred = df.lhoHasCalled();
    }
    if (step == Step.REGULAR) {
      return false;
    }
    if (df.law() == 36 && byLho) {
      drawAttention();                     // 36A: this call is cancelled with the rest
      enter(seat, said, alert, CallStatus.CANCELLED, y1997() ? "35A" : "36A",
          df.offender().side());
      return true;
    }
    drawAttention();
    return false;
  }

  /** Rectifies the irregularity waiting for attention (Laws 36A/B, 37A/B, 38, 39). */
  void drawAttention() {
    Deferred df = deferred;
    if (df == null) {
      throw refuse(Violation.NO_DECISION_PENDING, "no irregularity is waiting for attention");
    }
    deferred = null;
    Seat o = df.offender();
    CallRecord made = record.get(df.entry());
    switch (df.law()) {
      case 36 -> {
        Call c = call(made.said());
        if (df.lhoCalled()) {
          String law = y1997() ? "35A" : "36A";
          truncate(df.corePosition(), CallStatus.CANCELLED, law, o.side(), o.side());
          found(InadmissibleCalls.inadmissibleKind(c), law, o, df.entry(),
              o.word() + "'s " + c + " was"
              + " inadmissible: it and the calls after it are cancelled, the auction goes on from"
              + " before it (Law " + law + ")");
        } else {
          String law = y1997() ? "36" : "36B";
          truncate(df.corePosition(), CallStatus.CANCELLED, law, o.side(), o.side());
          found(InadmissibleCalls.inadmissibleKind(c), law, o, df.entry(),
              InadmissibleCalls.inadmissibleText(this, o, c, law, true));
          InadmissibleCalls.rectifyInadmissible(this, o, made.said(), law, true);
        }
      }
      case 37 -> {
        if (df.lhoCalled()) {
          String law = y1997() ? "35B" : "37A";
          setStatus(df.entry(), CallStatus.STANDS, law, null);
          found(Irregularity.Kind.CALL_BARRED, law, o, df.entry(), o.word() + " called "
              + made.said() + " when he had to pass; " + o.lho().word() + " called over it, so it"
              + " stands (Law " + law + ")");
        } else {
          truncate(df.corePosition(), CallStatus.CANCELLED, "37B", o.side(), o.side());
          found(Irregularity.Kind.CALL_BARRED, "37B", o, df.entry(),
              InadmissibleCalls.barredText(this, o, made.said(), "37B"));
          InadmissibleCalls.rectifyBarred(this, o, made.said());
        }
      }
      case 38 -> {
        for (int i = df.entry(); i < record.size(); i++) {
          if (record.get(i).status() == CallStatus.PENDING) {
            setStatus(i, CallStatus.CANCELLED, "38", o.side());
          }
        }
        found(Irregularity.Kind.BID_ABOVE_SEVEN, "38", o, df.entry(),
            InadmissibleCalls.aboveSevenText(o, made.said(), true));
        InadmissibleCalls.applyAboveSeven(this, o, made.said(), true, df.lhoCalled());
      }
      case 39 -> {
        found(Irregularity.Kind.CALL_AFTER_FINAL_PASS, "39", o, df.entry(),
            df.lhoCalled() ? o.word() + " called " + made.said() + " after the final pass:"
                + " cancelled (Law 39)"
                : InadmissibleCalls.afterFinalPassText(this, o, made.said()));
        if (!df.lhoCalled()) {
          InadmissibleCalls.rectifyAfterFinalPass(this, o, made.said());
        }
      }
      default -> throw new IllegalStateException("law " + df.law());
    }
  }

  // ------------------------------------------------------------ Law 24

  /**
   * Law 24: cards exposed during the auction period stay face up and become penalty cards if
   * their owner defends; an honour, a premature lead or two or more cards also make partner pass
   * at his next turn.
   */
  void expose(Seat seat, java.util.Set<org.tenace.bridge.card.Card> cards, boolean led) {
    if (periodOver) {
      throw refuse(Violation.NOT_PLAYING, "the auction period has ended: the play rules apply");
    }
    if (cards.isEmpty()) {
      throw new IllegalArgumentException("no card exposed");
    }
    boolean honour = cards.stream().anyMatch(c -> c.rank().isHonour());
    String law = cards.size() > 1 ? "24C" : honour || led ? "24B" : "24A";
    List<ExposedCards> out = new ArrayList<>(exposures);
    out.add(new ExposedCards(seat, cards, led, law));
    exposures = List.copyOf(out);
    if (!law.equals("24A")) {
      bar(seat.partner(), Restriction.Kind.PASS_NEXT_TURN, law);
    }
  }

  // ------------------------------------------------------------ the auction period

  void endPeriod() {
    if (periodOver) {
      throw refuse(Violation.CALL_AFTER_FINAL_PASS, "the auction period has already ended");
    }
    if (!standing.isComplete()) {
      throw refuse(Violation.AUCTION_NOT_ENDED, "the auction has not ended; " + standing.turn()
          + " is to call");
    }
    if (gate != null || pending != null) {
      throw refuse(Violation.DECISION_PENDING, build().blocker());
    }
    if (deferred != null) {
      Deferred df = deferred;
      deferred = null;
      Seat o = df.offender();
      CallRecord made = record.get(df.entry());
      if (df.law() == 36 && !y1997()) {
        // 36C: the auction stands as it was made; the call is scored as if it had not been made
        // (unless a bid followed it), so it stays in the record as standing, under Law 36C.
        setStatus(df.entry(), CallStatus.STANDS, "36C", null);
        if (standing.lastBid != null && positionOfLastBid() < df.corePosition()) {
          doublingOverride = standing.at(df.corePosition()).doubling();
        }
        found(InadmissibleCalls.inadmissibleKind(call(made.said())), "36C", o, df.entry(),
            o.word() + "'s "
            + made.said() + " was inadmissible and nobody noticed before the opening lead: the"
            + " auction stands, scored as if it had not been made (Law 36C)");
      } else if (df.law() == 37) {
        String law = y1997() ? "35B" : "37A";
        setStatus(df.entry(), CallStatus.STANDS, law, null);
        found(Irregularity.Kind.CALL_BARRED, law, o, df.entry(), o.word() + " called "
            + made.said() + " when he had to pass; nobody noticed before the opening lead, so it"
            + " stands (Law " + law + ")");
      } else if (df.law() == 39) {
        found(Irregularity.Kind.CALL_AFTER_FINAL_PASS, "39", o, df.entry(), o.word() + " called "
            + made.said() + " after the final pass: cancelled (Law 39)");
      } else if (df.law() == 36) {
        found(InadmissibleCalls.inadmissibleKind(call(made.said())), "36", o, df.entry(),
            o.word() + "'s "
            + made.said() + " was inadmissible and nobody noticed before the opening lead: the"
            + " auction stands (1997 Law 36)");
      }
    }
    periodOver = true;
  }

  private int positionOfLastBid() {
    for (Bidding b = standing; b.size > 0; b = b.prev) {
      if (b.call instanceof Bid) {
        return b.size - 1;
      }
    }
    return -1;
  }

  /** After every transition: the server passes for barred seats if the table wants it. */
  void settle() {
    if (!settings.autoPassBarred() || settings.mode() != Mode.LAWS) {
      return;
    }
    for (int passes = 0; gate == null && pending == null && !periodOver
        && !standing.isComplete() && (deferred == null || deferred.law() != 38)
        && barred(standing.turn()); passes++) {
      if (passes == 8) {
        // Four passes in rotation end any auction (twice that, should a skipped turn be given
        // back on the way): more means a state no rule should reach.
        throw new IllegalStateException("automatic passes do not end " + standing.calls());
      }
      Seat s = standing.turn();
      appendStanding(s, Call.PASS, Alert.NONE, restrictions[s.ordinal()].law());
    }
  }

  // ------------------------------------------------------------ what-ifs, for the checks

  /** The state after {@code seat} accepts the open option by calling. */
  static AuctionState accepted(AuctionState a, Seat seat) {
    AuctionDraft d = new AuctionDraft(a);
    d.answer(seat, true);
    d.settle();
    return d.build();
  }

  /** Law 28B: the call out of rotation of option {@code o} is cancelled by the seat in turn. */
  static AuctionState cancelled(AuctionState a, Option o) {
    AuctionDraft d = new AuctionDraft(a);
    d.setStatus(o.entry(), CallStatus.CANCELLED, "28B", o.offender().side());
    d.pending = o.resume();                 // a call he owed is still owed
    return d.build();
  }

  /** The state after attention is drawn to the outstanding irregularity. */
  static AuctionState attended(AuctionState a) {
    AuctionDraft d = new AuctionDraft(a);
    d.drawAttention();
    return d.build();
  }

  /** Law 28A: {@code barred}, who must pass, is deemed to have passed. */
  static AuctionState passedFor(AuctionState a, Seat barred) {
    AuctionDraft d = new AuctionDraft(a);
    d.appendStanding(barred, Call.PASS, Alert.NONE, "28A");
    return d.build();
  }
}
