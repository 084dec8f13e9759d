package org.tenace.server.api;

import com.google.protobuf.ByteString;
import com.google.protobuf.Timestamp;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tenace.proto.v1.AuctionEnded;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.CallBar;
import org.tenace.proto.v1.CallMade;
import org.tenace.proto.v1.CallTurn;
import org.tenace.proto.v1.CallsWithdrawn;
import org.tenace.proto.v1.CardPlayed;
import org.tenace.proto.v1.CardsWithdrawn;
import org.tenace.proto.v1.ClaimAnswered;
import org.tenace.proto.v1.ClaimMade;
import org.tenace.proto.v1.ClaimResponseTurn;
import org.tenace.proto.v1.ClaimStatus;
import org.tenace.proto.v1.DummyExposed;
import org.tenace.proto.v1.IrregularityFound;
import org.tenace.proto.v1.IrregularityKind;
import org.tenace.proto.v1.OptionChoice;
import org.tenace.proto.v1.OptionChosen;
import org.tenace.proto.v1.OptionOffered;
import org.tenace.proto.v1.OptionTurn;
import org.tenace.proto.v1.PlayTurn;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.PlayerConnectionChanged;
import org.tenace.proto.v1.PlayerJoined;
import org.tenace.proto.v1.PlayerLeft;
import org.tenace.proto.v1.PlayerReady;
import org.tenace.proto.v1.ReadyTurn;
import org.tenace.proto.v1.RestrictionsChanged;
import org.tenace.proto.v1.RulingDecided;
import org.tenace.proto.v1.RulingDecision;
import org.tenace.proto.v1.RulingOpened;
import org.tenace.proto.v1.RulingTurn;
import org.tenace.proto.v1.SeatInfo;
import org.tenace.proto.v1.TableClosed;
import org.tenace.proto.v1.TableInfo;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.TrickWon;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.UndoAnswered;
import org.tenace.proto.v1.UndoRequest;
import org.tenace.proto.v1.UndoRequested;
import org.tenace.proto.v1.UndoResponseTurn;
import org.tenace.proto.v1.UndoStatus;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;
import org.tenace.server.application.View;
import org.tenace.server.engine.BoardEvent;
import org.tenace.server.engine.BoardResult;
import org.tenace.server.engine.BoardSetup;
import org.tenace.server.engine.CallRecord;
import org.tenace.server.engine.Claim;
import org.tenace.server.engine.DealState;
import org.tenace.server.engine.Irregularity;
import org.tenace.server.engine.LeadPenalty;
import org.tenace.server.engine.LeadRestriction;
import org.tenace.server.engine.PendingOption;
import org.tenace.server.engine.Play;
import org.tenace.server.engine.PlayChoice;
import org.tenace.server.engine.PlayOption;
import org.tenace.server.engine.Restriction;
import org.tenace.server.engine.Restrictions;
import org.tenace.server.engine.Ruling;
import org.tenace.server.engine.Trick;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Role;
import org.tenace.server.table.Scorecard;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableEvent;
import org.tenace.server.table.TableSettings;

/**
 * Renders a table for one class of viewer ({@link View}): the snapshot that starts a stream, and
 * the messages one logged event becomes. Every card that leaves the server is filtered here
 * through the engine's visibility function, so no message carries a card its viewer may not see.
 * Callers hold the table's lock.
 */
final class Presenter {
  private Presenter() {}

  // ------------------------------------------------------------------------ snapshot

  static TableSnapshot snapshot(Table t, View v, Holder holder, RunningScores scores) {
    TableSnapshot.Builder s = TableSnapshot.newBuilder()
        .setSequence(t.version())
        .setTable(info(t))
        .setViewer(ProtoMapper.viewer(holder))
        .setRunningScore(scores.sheet(t.scorecard()));
    t.board().ifPresent(b -> s.setBoard(board(t, b, v)));
    turn(t, v).ifPresent(s::setTurn);
    t.toAct().ifPresent(x -> s.setToAct(ProtoMapper.toProto(x)));
    return s.build();
  }

  static TableInfo info(Table t) {
    TableInfo.Builder b = TableInfo.newBuilder()
        .setTableId(t.id())
        .setName(t.name())
        .setSettings(ProtoMapper.toProto(t.settings()))
        .setStatus(ProtoMapper.toProto(t.status()))
        .setBoardNumber(t.boardSetup().map(BoardSetup::number).orElse(0))
        .setBoardsCompleted(t.boardsCompleted())
        .setKibitzerCount(t.kibitzers());
    for (Seat s : Seat.values()) {
      b.addSeats(seatInfo(t, s));
    }
    return b.build();
  }

  static SeatInfo seatInfo(Table t, Seat s) {
    SeatInfo.Builder b = SeatInfo.newBuilder().setSeat(ProtoMapper.toProto(s));
    t.seat(s).ifPresent(h -> b.setOccupied(true).setPlayerName(h.name()).setRobot(h.robot())
        .setConnected(t.connected(s)));
    return b.build();
  }

  static BoardView board(Table t, DealState s, View v) {
    BoardSetup setup = s.setup();
    long visible = s.visibleBits(v.viewer());
    BoardView.Builder b = BoardView.newBuilder()
        .setBoardNumber(setup.number())
        .setDealer(ProtoMapper.toProto(setup.dealer()))
        .setVulnerability(ProtoMapper.toProto(setup.vulnerability()))
        .setDealCommitment(commitment(t))
        .setPhase(phase(s));
    Optional<Play> play = s.playIfStarted();
    for (Seat seat : Seat.values()) {
      Hand held = s.isOver() ? setup.deal().hand(seat)
          : play.map(p -> p.remaining(seat)).orElse(setup.deal().hand(seat));
      Hand shown = held.intersect(Hand.ofBits(visible));
      if (!shown.isEmpty()) {
        b.addHands(ProtoMapper.toProto(seat, shown));
      }
    }
    for (CallRecord r : s.auction().record()) {
      b.addAuction(ProtoMapper.toProto(r, v.seat()));
    }
    if (s.auction().isComplete()) {
      s.auction().contract().ifPresent(c -> b.setContract(ProtoMapper.toProto(c)));
    }
    play.ifPresent(p -> {
      b.setContract(ProtoMapper.toProto(p.contract()));
      for (Trick tr : p.tricksSoFar()) {
        b.addTricks(trick(tr, visible, s.isOver()));
      }
      b.setTricksNorthSouth(p.tricksWon(Side.NS)).setTricksEastWest(p.tricksWon(Side.EW));
      p.pendingClaim().ifPresent(c -> b.setClaim(claim(c, p, v)));
      p.pendingOption().ifPresent(o -> b.setOption(option(o)));
    });
    s.auction().option().ifPresent(o -> b.setOption(option(o)));
    t.undoRequester().ifPresent(r -> b.setUndo(undo(t, s, r)));
    for (Irregularity i : s.irregularities()) {
      b.addIrregularities(irregularity(i));
    }
    b.setRestrictions(restrictions(s.restrictions()));
    for (Ruling r : s.rulings()) {
      b.addRulings(ruling(r, setup.number()));
    }
    for (Seat r : t.ready()) {
      b.addReady(ProtoMapper.toProto(r));
    }
    s.outcome().ifPresent(r -> b.setResult(result(setup.number(), r, s)));
    t.revealedSalt().ifPresent(salt -> b.setDealSalt(hexBytes(salt.hex())));
    return b.build();
  }

  /**
   * The tricks of board {@code number} played so far at {@code t}, every card shown: what each
   * seat saw played (every card is faced when played), for a seat's memory; none when the table
   * is at another board.
   */
  static List<org.tenace.proto.v1.Trick> playedTricks(Table t, int number) {
    return t.board().filter(s -> s.setup().number() == number).flatMap(DealState::playIfStarted)
        .map(p -> p.tricksSoFar().stream().map(tr -> trick(tr, 0, true)).toList())
        .orElse(List.of());
  }

  /** A trick, its cards filtered: a quitted trick shows only what the viewer may still see. */
  private static org.tenace.proto.v1.Trick trick(Trick tr, long visible, boolean over) {
    org.tenace.proto.v1.Trick.Builder b = org.tenace.proto.v1.Trick.newBuilder()
        .setNumber(tr.number()).setLeader(ProtoMapper.toProto(tr.leader()));
    for (int i = 0; i < tr.cards().size(); i++) {
      Card c = tr.cards().get(i);
      if (over || (visible & (1L << c.index())) != 0) {
        b.addCards(played(tr.player(i), c));
      }
    }
    tr.winner().ifPresent(w -> b.setWinner(ProtoMapper.toProto(w)));
    return b.build();
  }

  private static BoardPhase phase(DealState s) {
    if (s.isOver()) {
      return BoardPhase.BOARD_PHASE_COMPLETE;
    }
    return s instanceof DealState.Playing ? BoardPhase.BOARD_PHASE_PLAY
        : BoardPhase.BOARD_PHASE_AUCTION;
  }

  // ------------------------------------------------------------------------ turn

  /** What the viewer may do now, if anything. */
  static Optional<Turn> turn(Table t, View v) {
    Optional<DealState> board = t.board();
    if (board.isEmpty() || t.status() == Table.Status.CLOSED) {
      return Optional.empty();
    }
    DealState s = board.get();
    Optional<Seat> undoBy = t.undoRequester();
    if (v.role() == Role.DIRECTOR) {
      if (undoBy.isPresent()
          && t.settings().undo().approver() == TableSettings.Approver.DIRECTOR) {
        return Optional.of(Turn.newBuilder().setUndoResponse(UndoResponseTurn.newBuilder()
            .setRequest(undo(t, s, undoBy.get()))).build());
      }
      return s.rulings().stream().filter(r -> !r.isDecided())
          .sorted((a, b) -> Boolean.compare(b.gating(), a.gating())).findFirst()
          .map(r -> Turn.newBuilder().setRuling(RulingTurn.newBuilder()
              .setRuling(ruling(r, s.setup().number()))).build());
    }
    if (v.role() != Role.PLAYER) {
      return Optional.empty();
    }
    Seat me = v.seat().orElseThrow();
    if (undoBy.isPresent()) {
      return t.awaitsUndoAnswer(me) ? Optional.of(seatTurn(me).setUndoResponse(
          UndoResponseTurn.newBuilder().setRequest(undo(t, s, undoBy.get()))).build())
          : Optional.empty();
    }
    if (s.isOver()) {
      return t.ready().contains(me) ? Optional.empty() : Optional.of(seatTurn(me)
          .setReady(ReadyTurn.newBuilder().setBoardNumber(s.setup().number())).build());
    }
    Optional<PendingOption> ao = s.auction().option();
    if (ao.isPresent()) {
      return ao.get().holder() == me
          ? Optional.of(seatTurn(me).setOption(OptionTurn.newBuilder().setOption(option(ao.get())))
              .build())
          : Optional.empty();
    }
    if (s instanceof DealState.Auctioning) {
      if (!t.toAct().equals(Optional.of(me))) {
        return Optional.empty(); // not his call, or a ruling holds the auction
      }
      CallTurn.Builder ct = CallTurn.newBuilder();
      for (Call c : s.auction().legalCalls()) {
        ct.addLegalCalls(ProtoMapper.toProto(c));
      }
      return Optional.of(seatTurn(me).setCall(ct).build());
    }
    Play p = s.playIfStarted().orElseThrow();
    Optional<Claim> claim = p.pendingClaim();
    if (claim.isPresent()) {
      return p.awaitsClaimAnswer(me) ? Optional.of(seatTurn(me).setClaimResponse(
          ClaimResponseTurn.newBuilder().setClaim(claim(claim.get(), p, v))).build())
          : Optional.empty();
    }
    Optional<PlayOption> po = p.pendingOption();
    if (po.isPresent()) {
      return po.get().holders().contains(me)
          ? Optional.of(seatTurn(me).setOption(OptionTurn.newBuilder().setOption(option(po.get())))
              .build())
          : Optional.empty();
    }
    if (p.isComplete() || p.actor() != me) {
      return Optional.empty();
    }
    Hand legal = p.legalCards();
    if (legal.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(Turn.newBuilder().setSeat(ProtoMapper.toProto(p.turn()))
        .setPlay(PlayTurn.newBuilder().addAllLegalCards(ProtoMapper.cards(legal))).build());
  }

  private static Turn.Builder seatTurn(Seat s) {
    return Turn.newBuilder().setSeat(ProtoMapper.toProto(s));
  }

  // ------------------------------------------------------------------------ events

  /**
   * The messages one logged event becomes for viewer class {@code v}, in order. They share the
   * event's sequence number; the viewer's turn after the event rides on the last one.
   */
  static List<org.tenace.proto.v1.TableEvent> events(Table t, long seq, long millis,
      TableEvent e, List<BoardEvent> happened, DealState after, View v, RunningScores scores) {
    List<org.tenace.proto.v1.TableEvent.Builder> out = new ArrayList<>(3);
    if (e instanceof TableEvent.Joined j) {
      j.seat().ifPresent(s -> out.add(event().setPlayerJoined(
          PlayerJoined.newBuilder().setSeat(seatInfo(t, s)))));
    } else if (e instanceof TableEvent.Left l) {
      l.seat().ifPresent(s -> out.add(event().setPlayerLeft(
          PlayerLeft.newBuilder().setSeat(ProtoMapper.toProto(s)))));
    } else if (e instanceof TableEvent.ConnectionChanged c) {
      out.add(event().setPlayerConnectionChanged(PlayerConnectionChanged.newBuilder()
          .setSeat(ProtoMapper.toProto(c.seat())).setConnected(c.connected())));
    } else if (e instanceof TableEvent.BoardStarted b) {
      org.tenace.proto.v1.BoardStarted.Builder bs = org.tenace.proto.v1.BoardStarted.newBuilder()
          .setBoardNumber(b.number()).setDealer(ProtoMapper.toProto(b.dealer()))
          .setVulnerability(ProtoMapper.toProto(b.vulnerability()))
          .setDealCommitment(commitment(t));
      long visible = after.visibleBits(v.viewer());
      for (Seat s : Seat.values()) {
        Hand shown = b.deal().hand(s).intersect(Hand.ofBits(visible));
        if (!shown.isEmpty()) {
          bs.addHands(ProtoMapper.toProto(s, shown));
        }
      }
      out.add(event().setBoardStarted(bs));
    } else if (e instanceof TableEvent.Acted || e instanceof TableEvent.UndoRequested
        || e instanceof TableEvent.UndoAnswered) {
      for (BoardEvent b : happened) {
        out.add(message(b, t, after, v, scores));
      }
    } else if (e instanceof TableEvent.ReadyMarked r) {
      out.add(event().setPlayerReady(PlayerReady.newBuilder()
          .setSeat(ProtoMapper.toProto(r.seat()))));
    } else if (e instanceof TableEvent.Closed c) {
      out.add(event().setTableClosed(TableClosed.newBuilder().setReason(c.reason())));
    }
    if (out.isEmpty()) {
      return List.of();
    }
    Timestamp time = Timestamp.newBuilder().setSeconds(millis / 1000)
        .setNanos((int) (millis % 1000) * 1_000_000).build();
    int board = t.boardSetup().map(BoardSetup::number).orElse(0);
    Optional<Turn> turn = turn(t, v);
    Optional<Seat> toAct = t.toAct();
    List<org.tenace.proto.v1.TableEvent> built = new ArrayList<>(out.size());
    for (org.tenace.proto.v1.TableEvent.Builder b : out) {
      b.setSequence(seq).setTime(time).setBoardNumber(board);
      if (b == out.get(out.size() - 1)) {
        // After the whole action: only on its last event.
        turn.ifPresent(b::setTurn);
        toAct.ifPresent(x -> b.setToAct(ProtoMapper.toProto(x)));
      }
      built.add(b.build());
    }
    return built;
  }

  private static org.tenace.proto.v1.TableEvent.Builder event() {
    return org.tenace.proto.v1.TableEvent.newBuilder();
  }

  /**
   * The message of one thing that happened at the board, for viewer class {@code v}. {@code now}
   * is the board as the event left it: it filters the cards {@code v} may see.
   */
  static org.tenace.proto.v1.TableEvent.Builder message(BoardEvent e, Table t, DealState now,
      View v, RunningScores scores) {
    int board = now.setup().number();
    if (e instanceof BoardEvent.UndoRequested u) {
      return event().setUndoRequested(UndoRequested.newBuilder()
          .setRequest(undo(t, now, u.requester(), u.responders(), Set.of())));
    }
    if (e instanceof BoardEvent.UndoAnswered u) {
      return event().setUndoAnswered(UndoAnswered.newBuilder()
          .setSeat(u.by().map(ProtoMapper::toProto)
              .orElse(org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED))
          .setAccept(u.consent()).setStatus(switch (u.status()) {
            case PENDING -> UndoStatus.UNDO_STATUS_PENDING;
            case GRANTED -> UndoStatus.UNDO_STATUS_GRANTED;
            case REFUSED -> UndoStatus.UNDO_STATUS_REFUSED;
          }));
    }
    if (e instanceof BoardEvent.CallsWithdrawn w) {
      return event().setCallsWithdrawn(CallsWithdrawn.newBuilder().setLaw(w.law())
          .setUndone(w.undone()).addAllCallIndices(w.callIndices()));
    }
    if (e instanceof BoardEvent.CallMade c) {
      return event().setCallMade(CallMade.newBuilder()
          .setCall(ProtoMapper.toProto(c.call(), v.seat())));
    }
    if (e instanceof BoardEvent.OptionAnswered a) {
      OptionChosen.Builder oc = OptionChosen.newBuilder();
      a.seat().ifPresent(s -> oc.setSeat(ProtoMapper.toProto(s)));
      a.choice().ifPresent(c -> {
        oc.setChoice(choice(c.kind()));
        c.suit().ifPresent(s -> oc.setSuit(ProtoMapper.toProto(s)));
      });
      return event().setOptionChosen(oc);
    }
    if (e instanceof BoardEvent.IrregularityFound f) {
      return event().setIrregularityFound(IrregularityFound.newBuilder()
          .setIrregularity(irregularity(f.irregularity())));
    }
    if (e instanceof BoardEvent.CallOptionOffered o) {
      return event().setOptionOffered(OptionOffered.newBuilder().setOption(option(o.option())));
    }
    if (e instanceof BoardEvent.PlayOptionOffered o) {
      return event().setOptionOffered(OptionOffered.newBuilder().setOption(option(o.option())));
    }
    if (e instanceof BoardEvent.RestrictionsChanged r) {
      return event().setRestrictionsChanged(RestrictionsChanged.newBuilder()
          .setRestrictions(restrictions(r.now())));
    }
    if (e instanceof BoardEvent.AuctionEnded a) {
      AuctionEnded.Builder ae = AuctionEnded.newBuilder();
      a.contract().ifPresent(c -> ae.setContract(ProtoMapper.toProto(c))
          .setOpeningLeader(ProtoMapper.toProto(c.openingLeader())));
      return event().setAuctionEnded(ae);
    }
    if (e instanceof BoardEvent.CardsWithdrawn w) {
      CardsWithdrawn.Builder cw = CardsWithdrawn.newBuilder().setUndone(w.undone())
          .setLaw(w.law()).setTrickNumber(w.trickNumber());
      w.cards().forEach(c -> cw.addCards(played(c.seat(), c.card())));
      return event().setCardsWithdrawn(cw);
    }
    if (e instanceof BoardEvent.CardPlayed c) {
      return event().setCardPlayed(CardPlayed.newBuilder()
          .setCard(played(c.card().seat(), c.card().card())).setTrickNumber(c.trickNumber()));
    }
    if (e instanceof BoardEvent.DummyFaced d) {
      return event().setDummyExposed(DummyExposed.newBuilder()
          .setDummy(ProtoMapper.toProto(d.dummy(), d.cards()))
          .setContract(ProtoMapper.toProto(d.contract())));
    }
    if (e instanceof BoardEvent.TrickWon w) {
      return event().setTrickWon(TrickWon.newBuilder().setTrickNumber(w.trickNumber())
          .setWinner(ProtoMapper.toProto(w.winner()))
          .setTricksNorthSouth(w.tricksNorthSouth()).setTricksEastWest(w.tricksEastWest()));
    }
    if (e instanceof BoardEvent.ClaimMade c) {
      return event().setClaimMade(ClaimMade.newBuilder()
          .setClaim(claim(c.claim(), now.playIfStarted().orElseThrow(), v)));
    }
    if (e instanceof BoardEvent.ClaimAnswered a) {
      return event().setClaimAnswered(ClaimAnswered.newBuilder()
          .setSeat(ProtoMapper.toProto(a.seat())).setAccept(a.accept())
          .setStatus(claimStatus(a.status())));
    }
    if (e instanceof BoardEvent.RulingOpened r) {
      return event().setRulingOpened(RulingOpened.newBuilder()
          .setRuling(ruling(r.ruling(), board)));
    }
    if (e instanceof BoardEvent.RulingDecided r) {
      return event().setRulingDecided(RulingDecided.newBuilder()
          .setRuling(ruling(r.ruling(), board)));
    }
    BoardEvent.BoardScored b = (BoardEvent.BoardScored) e;
    BoardCompleted.Builder bc = BoardCompleted.newBuilder()
        .setResult(result(board, b.result(), now))
        .setRunningScoreChange(scores.change(t.scorecard()));
    for (Seat s : Seat.values()) {
      bc.addHands(ProtoMapper.toProto(s, now.setup().deal().hand(s)));
    }
    t.revealedSalt().ifPresent(salt -> bc.setDealSalt(hexBytes(salt.hex())));
    return event().setBoardCompleted(bc);
  }

  private static ClaimStatus claimStatus(BoardEvent.ClaimStatus s) {
    return switch (s) {
      case PENDING -> ClaimStatus.CLAIM_STATUS_PENDING;
      case ACCEPTED -> ClaimStatus.CLAIM_STATUS_ACCEPTED;
      case REJECTED -> ClaimStatus.CLAIM_STATUS_REJECTED;
      case REFERRED -> ClaimStatus.CLAIM_STATUS_REFERRED;
    };
  }

  // ------------------------------------------------------------------------ pieces

  private static PlayedCard played(Seat s, Card c) {
    return PlayedCard.newBuilder().setSeat(ProtoMapper.toProto(s)).setCard(ProtoMapper.toProto(c))
        .build();
  }

  private static org.tenace.proto.v1.Claim claim(Claim c, Play p, View v) {
    org.tenace.proto.v1.Claim.Builder b = org.tenace.proto.v1.Claim.newBuilder()
        .setClaimer(ProtoMapper.toProto(c.claimer())).setTricks(c.tricks())
        .setRemaining(c.remaining()).setStatement(c.statement());
    for (Seat s : p.responders(c.claimer())) {
      b.addResponders(ProtoMapper.toProto(s));
    }
    for (Seat s : c.accepted()) {
      b.addAccepted(ProtoMapper.toProto(s));
    }
    // The claimer faces his cards (Law 68C): exactly what the engine now shows this viewer.
    Hand shown = p.remaining(c.claimer()).intersect(Hand.ofBits(p.visibleBits(v.viewer())));
    b.setClaimerCards(ProtoMapper.toProto(c.claimer(), shown));
    return b.build();
  }

  /** The open undo request, as the table holds it now. */
  private static UndoRequest undo(Table t, DealState s, Seat requester) {
    return undo(t, s, requester, t.undoResponders(requester), t.undoConsents());
  }

  private static UndoRequest undo(Table t, DealState s, Seat requester, List<Seat> responders,
      Set<Seat> consented) {
    UndoRequest.Builder b = UndoRequest.newBuilder().setRequester(ProtoMapper.toProto(requester));
    Optional<Play> p = s.playIfStarted().filter(x -> x.cardsPlayed() > 0);
    if (p.isPresent()) {
      Trick cur = p.get().currentTrick();
      Trick tr = cur.cards().isEmpty() ? p.get().lastTrick().orElse(cur) : cur;
      for (int i = tr.cards().size() - 1; i >= 0; i--) {
        Seat hand = tr.player(i);
        if (t.settings().seating().plays(requester, hand, Optional.of(p.get().dummy()))) {
          b.setCard(played(hand, tr.cards().get(i)));
          break;
        }
      }
    } else {
      List<CallRecord> rec = s.auction().record();
      for (int i = rec.size() - 1; i >= 0; i--) {
        if (rec.get(i).seat() == requester && rec.get(i).status().live()) {
          b.setCallIndex(i);
          break;
        }
      }
    }
    responders.forEach(r -> b.addResponders(ProtoMapper.toProto(r)));
    consented.forEach(c -> b.addConsented(ProtoMapper.toProto(c)));
    return b.build();
  }

  private static org.tenace.proto.v1.Option option(PendingOption o) {
    return org.tenace.proto.v1.Option.newBuilder().setLaw(o.law())
        .addHolders(ProtoMapper.toProto(o.holder()))
        .addChoices(OptionChoice.OPTION_CHOICE_ACCEPT)
        .addChoices(OptionChoice.OPTION_CHOICE_REFUSE)
        .setDescription(o.description())
        .setIrregularity(irregularity(o.irregularity()))
        .build();
  }

  private static org.tenace.proto.v1.Irregularity irregularity(Irregularity i) {
    IrregularityKind kind = switch (i.kind()) {
      case INSUFFICIENT_BID -> IrregularityKind.IRREGULARITY_KIND_INSUFFICIENT_BID;
      case OUT_OF_TURN -> IrregularityKind.IRREGULARITY_KIND_OUT_OF_TURN;
      case CHANGE_OF_CALL -> IrregularityKind.IRREGULARITY_KIND_CHANGE_OF_CALL;
      case INADMISSIBLE_DOUBLE -> IrregularityKind.IRREGULARITY_KIND_INADMISSIBLE_DOUBLE;
      case INADMISSIBLE_REDOUBLE -> IrregularityKind.IRREGULARITY_KIND_INADMISSIBLE_REDOUBLE;
      case CALL_BARRED -> IrregularityKind.IRREGULARITY_KIND_CALL_BARRED;
      case BID_ABOVE_SEVEN -> IrregularityKind.IRREGULARITY_KIND_BID_ABOVE_SEVEN;
      case CALL_AFTER_FINAL_PASS -> IrregularityKind.IRREGULARITY_KIND_CALL_AFTER_FINAL_PASS;
      case REVOKE -> IrregularityKind.IRREGULARITY_KIND_REVOKE;
    };
    org.tenace.proto.v1.Irregularity.Builder b = org.tenace.proto.v1.Irregularity.newBuilder()
        .setKind(kind).setLaw(i.law()).setOffender(ProtoMapper.toProto(i.offender()))
        .setDescription(i.description());
    i.callIndex().ifPresent(b::setCallIndex);
    i.card().ifPresent(c -> b.setCard(played(i.offender(), c)));
    return b.build();
  }

  /** The option's irregularity; a lead restriction's names only its Law and offender. */
  private static org.tenace.proto.v1.Irregularity irregularity(PlayOption o) {
    return o.irregularity().map(Presenter::irregularity).orElseGet(() ->
        org.tenace.proto.v1.Irregularity.newBuilder().setLaw(o.law())
            .setOffender(ProtoMapper.toProto(o.offender())).setDescription(o.description())
            .build());
  }

  private static org.tenace.proto.v1.Option option(PlayOption o) {
    org.tenace.proto.v1.Option.Builder b = org.tenace.proto.v1.Option.newBuilder()
        .setLaw(o.law()).setDescription(o.description());
    for (Seat s : o.holders()) {
      b.addHolders(ProtoMapper.toProto(s));
    }
    Set<Suit> suits = EnumSet.noneOf(Suit.class);
    for (PlayChoice c : o.choices()) {
      OptionChoice pc = choice(c.kind());
      if (!b.getChoicesList().contains(pc)) {
        b.addChoices(pc);
      }
      c.suit().ifPresent(suits::add);
    }
    suits.forEach(s -> b.addSuits(ProtoMapper.toProto(s)));
    return b.setIrregularity(irregularity(o)).build();
  }

  private static OptionChoice choice(PlayChoice.Kind k) {
    switch (k) {
      case ACCEPT: case ACCEPT_AND_DECLARE: return OptionChoice.OPTION_CHOICE_ACCEPT;
      case ACCEPT_AS_DUMMY: return OptionChoice.OPTION_CHOICE_ACCEPT_AS_DUMMY;
      case REFUSE: return OptionChoice.OPTION_CHOICE_REFUSE;
      case REQUIRE: return OptionChoice.OPTION_CHOICE_REQUIRE_SUIT;
      case BAN: return OptionChoice.OPTION_CHOICE_BAN_SUIT;
      default: return OptionChoice.OPTION_CHOICE_WAIVE;
    }
  }

  static org.tenace.proto.v1.Restrictions restrictions(Restrictions r) {
    org.tenace.proto.v1.Restrictions.Builder b = org.tenace.proto.v1.Restrictions.newBuilder();
    for (Restrictions.Bar bar : r.bars()) {
      Restriction x = bar.restriction();
      CallBar.Builder cb = CallBar.newBuilder().setSeat(ProtoMapper.toProto(bar.seat()))
          .setLaw(x.law());
      switch (x.kind()) {
        case MUST_REPEAT:
          cb.setKind(org.tenace.proto.v1.BarKind.BAR_KIND_MUST_REPEAT)
              .setCall(ProtoMapper.toProto(x.call().orElseThrow()));
          break;
        case PASS_REST_OF_AUCTION:
          cb.setKind(org.tenace.proto.v1.BarKind.BAR_KIND_PASS_REST_OF_AUCTION);
          break;
        default:
          cb.setKind(org.tenace.proto.v1.BarKind.BAR_KIND_PASS_NEXT_TURN);
      }
      b.addCallBars(cb);
    }
    for (LeadPenalty lp : r.leadPenalties()) {
      org.tenace.proto.v1.LeadPenalty.Builder pb = org.tenace.proto.v1.LeadPenalty.newBuilder()
          .setOffender(ProtoMapper.toProto(lp.offender())).setLaw(lp.law());
      lp.bannable().stream().sorted().forEach(x -> pb.addSuits(ProtoMapper.toProto(x)));
      b.addLeadPenalties(pb);
    }
    for (LeadRestriction lr : r.leadRestrictions()) {
      b.addLeadRestrictions(org.tenace.proto.v1.LeadRestriction.newBuilder()
          .setSeat(ProtoMapper.toProto(lr.seat())).setSuit(ProtoMapper.toProto(lr.suit()))
          .setRequired(lr.required()).setLaw(lr.law()));
    }
    for (Restrictions.PenaltyCard c : r.penaltyCards()) {
      b.addPenaltyCards(org.tenace.proto.v1.PenaltyCard.newBuilder()
          .setCard(played(c.seat(), c.card())).setMajor(c.major()));
    }
    return b.build();
  }

  static org.tenace.proto.v1.Ruling ruling(Ruling r, int board) {
    org.tenace.proto.v1.Ruling.Builder b = org.tenace.proto.v1.Ruling.newBuilder()
        .setRulingId(r.id()).setBoardNumber(board).setLaw(r.law()).setQuestion(r.question())
        .addAllChoices(r.choices()).setDefaultChoice(r.defaultChoice()).setGating(r.gating());
    r.decision().ifPresent(d -> b.setDecision(RulingDecision.newBuilder().setChoice(d.choice())
        .setDecidedBy(ProtoMapper.toProto(d.by()))));
    return b.build();
  }

  static org.tenace.proto.v1.BoardResult result(int board, BoardResult r, DealState s) {
    org.tenace.proto.v1.BoardResult.Builder b = org.tenace.proto.v1.BoardResult.newBuilder()
        .setBoardNumber(board).setTricks(r.declarerTricks()).setScoreNorthSouth(r.nsScore());
    r.contract().ifPresent(c -> b.setContract(ProtoMapper.toProto(c)));
    s.playIfStarted().flatMap(Play::result).ifPresent(pr -> {
      b.setClaimed(pr.claimed() > 0);
      b.setRevokeTransfer(pr.declarerTricks() - pr.declarerTricksBeforeTransfers());
    });
    return b.build();
  }

  private static ByteString commitment(Table t) {
    return t.commitment().map(c -> hexBytes(c.sha256())).orElse(ByteString.EMPTY);
  }

  private static ByteString hexBytes(String hex) {
    return ByteString.copyFrom(HexFormat.of().parseHex(hex));
  }
}
