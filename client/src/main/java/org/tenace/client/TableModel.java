package org.tenace.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tenace.proto.v1.AuctionCall;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.Claim;
import org.tenace.proto.v1.ClaimStatus;
import org.tenace.proto.v1.DuplicateScoreChange;
import org.tenace.proto.v1.DuplicateScoreSheet;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.Rubber;
import org.tenace.proto.v1.RubberScoreChange;
import org.tenace.proto.v1.RubberScoreSheet;
import org.tenace.proto.v1.Ruling;
import org.tenace.proto.v1.RunningScoreChange;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.SeatInfo;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.TableSnapshotOrBuilder;
import org.tenace.proto.v1.TableStatus;
import org.tenace.proto.v1.Trick;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.UndoStatus;
import org.tenace.proto.v1.WatchTableResponse;

/**
 * A client's picture of a table: the last snapshot, brought up to date by every event that
 * follows, so that at any moment it is the snapshot the server would send now. The terminal
 * client renders it; the robots' seat driver reads its turn and cards from it. Not thread-safe:
 * one stream feeds one model.
 */
public final class TableModel {
  private TableSnapshot.Builder s = TableSnapshot.newBuilder();
  private boolean hasSnapshot;
  /** A board's score change was missed: the sheet is unknown until the next snapshot. */
  private boolean scoreStale;

  /** Applies one message of the WatchTable stream. */
  public void apply(WatchTableResponse r) {
    if (r.hasSnapshot()) {
      s = r.getSnapshot().toBuilder();
      hasSnapshot = true;
      scoreStale = false;
    } else if (r.hasEvent()) {
      apply(r.getEvent());
    }
  }

  /** True once a snapshot has arrived: before, the model knows nothing. */
  public boolean isReady() {
    return hasSnapshot;
  }

  /** The table as it stands, as a snapshot. */
  public TableSnapshot snapshot() {
    return s.build();
  }

  /** The sequence number of the last event applied: the expected_version of the next command. */
  public long sequence() {
    return s.getSequence();
  }

  /** What the viewer may do now, if anything. */
  public Optional<Turn> turn() {
    return s.hasTurn() ? Optional.of(s.getTurn()) : Optional.empty();
  }

  /**
   * Whose action the table waits for, whoever the viewer is (the table's word: a client does
   * not work it out from the board), if anybody's.
   */
  public Optional<Seat> toAct() {
    return toAct(s);
  }

  /** {@link #toAct()} of a snapshot (or the model's own), as the table's to_act says it. */
  public static Optional<Seat> toAct(TableSnapshotOrBuilder snapshot) {
    Seat seat = snapshot.getToAct();
    return seat == Seat.SEAT_UNSPECIFIED ? Optional.empty() : Optional.of(seat);
  }

  /** The board in progress (or the last one), if any. */
  public Optional<BoardView> board() {
    return s.hasBoard() ? Optional.of(s.getBoard()) : Optional.empty();
  }

  /** The cards of {@code seat} the viewer can see now (its own hand, dummy, ...), if any. */
  public Optional<Hand> hand(Seat seat) {
    if (!s.hasBoard()) {
      return Optional.empty();
    }
    for (Hand h : s.getBoard().getHandsList()) {
      if (h.getSeat() == seat) {
        return Optional.of(h);
      }
    }
    return Optional.empty();
  }

  private void apply(TableEvent e) {
    s.setSequence(e.getSequence());
    if (e.hasTurn()) {
      s.setTurn(e.getTurn());
    } else {
      s.clearTurn();
    }
    s.setToAct(e.getToAct()); // like the turn: the last event of an action says it
    BoardView.Builder b = s.hasBoard() ? s.getBoardBuilder() : null;
    switch (e.getKindCase()) {
      case PLAYER_JOINED:
        seat(e.getPlayerJoined().getSeat().getSeat(), e.getPlayerJoined().getSeat());
        break;
      case PLAYER_LEFT:
        seat(e.getPlayerLeft().getSeat(), SeatInfo.newBuilder()
            .setSeat(e.getPlayerLeft().getSeat()).build());
        break;
      case PLAYER_CONNECTION_CHANGED: {
        var c = e.getPlayerConnectionChanged();
        for (SeatInfo.Builder si : s.getTableBuilder().getSeatsBuilderList()) {
          if (si.getSeat() == c.getSeat()) {
            si.setConnected(c.getConnected());
          }
        }
        break;
      }
      case BOARD_STARTED: {
        var bs = e.getBoardStarted();
        s.setBoard(BoardView.newBuilder().setBoardNumber(bs.getBoardNumber())
            .setDealer(bs.getDealer()).setVulnerability(bs.getVulnerability())
            .setDealCommitment(bs.getDealCommitment()).setPhase(BoardPhase.BOARD_PHASE_AUCTION)
            .addAllHands(bs.getHandsList()));
        s.getTableBuilder().setBoardNumber(bs.getBoardNumber())
            .setStatus(TableStatus.TABLE_STATUS_PLAYING);
        break;
      }
      case CALL_MADE:
        b.addAuction(e.getCallMade().getCall());
        break;
      case CALLS_WITHDRAWN:
        for (int i : e.getCallsWithdrawn().getCallIndicesList()) {
          for (AuctionCall.Builder a : b.getAuctionBuilderList()) {
            if (a.getIndex() == i) {
              a.setWithdrawn(true);
            }
          }
        }
        // An undone call reopens the auction if it had ended.
        if (b.getPhase() == BoardPhase.BOARD_PHASE_PLAY && b.getTricksCount() == 0) {
          b.setPhase(BoardPhase.BOARD_PHASE_AUCTION).clearContract();
        }
        break;
      case AUCTION_ENDED:
        if (e.getAuctionEnded().hasContract()) {
          b.setContract(e.getAuctionEnded().getContract()).setPhase(BoardPhase.BOARD_PHASE_PLAY);
        }
        break;
      case CARD_PLAYED:
        cardPlayed(b, e.getCardPlayed().getCard(), e.getCardPlayed().getTrickNumber());
        break;
      case IRREGULARITY_FOUND:
        b.addIrregularities(e.getIrregularityFound().getIrregularity());
        break;
      case DUMMY_EXPOSED:
        putHand(b, e.getDummyExposed().getDummy());
        if (e.getDummyExposed().hasContract()) {
          b.setContract(e.getDummyExposed().getContract()); // Law 54A may change the declarer
        }
        break;
      case TRICK_WON: {
        var t = e.getTrickWon();
        for (Trick.Builder tr : b.getTricksBuilderList()) {
          if (tr.getNumber() == t.getTrickNumber()) {
            tr.setWinner(t.getWinner());
          }
        }
        b.setTricksNorthSouth(t.getTricksNorthSouth()).setTricksEastWest(t.getTricksEastWest());
        break;
      }
      case CARDS_WITHDRAWN:
        for (PlayedCard pc : e.getCardsWithdrawn().getCardsList()) {
          withdraw(b, pc);
        }
        break;
      case CLAIM_MADE: {
        Claim c = e.getClaimMade().getClaim();
        b.setClaim(c);
        if (c.hasClaimerCards() && c.getClaimerCards().getCardsCount() > 0) {
          putHand(b, c.getClaimerCards());
        }
        break;
      }
      case CLAIM_ANSWERED: {
        var a = e.getClaimAnswered();
        if (a.getStatus() == ClaimStatus.CLAIM_STATUS_PENDING
            || a.getStatus() == ClaimStatus.CLAIM_STATUS_REFERRED) {
          if (b.hasClaim() && a.getAccept()) {
            b.getClaimBuilder().addAccepted(a.getSeat());
          }
        } else {
          b.clearClaim();
        }
        break;
      }
      case UNDO_REQUESTED:
        b.setUndo(e.getUndoRequested().getRequest());
        break;
      case UNDO_ANSWERED:
        if (e.getUndoAnswered().getStatus() == UndoStatus.UNDO_STATUS_PENDING) {
          if (b.hasUndo()) {
            b.getUndoBuilder().addConsented(e.getUndoAnswered().getSeat());
          }
        } else {
          b.clearUndo();
        }
        break;
      case OPTION_OFFERED:
        b.setOption(e.getOptionOffered().getOption());
        break;
      case OPTION_CHOSEN:
        b.clearOption();
        break;
      case RESTRICTIONS_CHANGED:
        b.setRestrictions(e.getRestrictionsChanged().getRestrictions());
        break;
      case RULING_OPENED:
      case RULING_DECIDED: {
        Ruling r = e.hasRulingOpened() ? e.getRulingOpened().getRuling()
            : e.getRulingDecided().getRuling();
        boolean found = false;
        for (int i = 0; i < b.getRulingsCount(); i++) {
          if (b.getRulings(i).getRulingId() == r.getRulingId()) {
            b.setRulings(i, r);
            found = true;
          }
        }
        if (!found) {
          b.addRulings(r);
        }
        break;
      }
      case BOARD_COMPLETED: {
        var bc = e.getBoardCompleted();
        b.setPhase(BoardPhase.BOARD_PHASE_COMPLETE).clearHands().addAllHands(bc.getHandsList())
            .setDealSalt(bc.getDealSalt()).setResult(bc.getResult()).clearClaim().clearUndo()
            .clearOption();
        RunningScoreChange change = bc.getRunningScoreChange();
        int completed = s.getTable().getBoardsCompleted() + 1;
        if (change.getBoardsCompleted() != completed) {
          // A board was missed (a stream cut in the middle of an event): no sheet rather than a
          // wrong one, until the next snapshot.
          scoreStale = true;
          completed = Math.max(completed, change.getBoardsCompleted());
        }
        if (scoreStale) {
          s.clearRunningScore();
        } else {
          scoreChanged(change);
        }
        s.getTableBuilder().setBoardsCompleted(completed);
        break;
      }
      case RESULT_CORRECTED:
        b.setResult(e.getResultCorrected().getResult());
        s.setRunningScore(e.getResultCorrected().getRunningScore());
        break;
      case PLAYER_READY:
        b.addReady(e.getPlayerReady().getSeat());
        break;
      case TABLE_CLOSED:
        s.getTableBuilder().setStatus(TableStatus.TABLE_STATUS_CLOSED);
        break;
      default:
        break;
    }
  }

  /** Applies what a board added to the running score: the sheet a fresh snapshot would show. */
  private void scoreChanged(RunningScoreChange c) {
    switch (c.getChangeCase()) {
      case DUPLICATE: {
        DuplicateScoreChange d = c.getDuplicate();
        DuplicateScoreSheet.Builder sheet = s.getRunningScoreBuilder().getDuplicateBuilder()
            .addBoards(d.getBoard());
        if (d.hasImpsNorthSouth()) {
          sheet.setImpsNorthSouth(d.getImpsNorthSouth());
        } else {
          sheet.clearImpsNorthSouth();
        }
        if (d.hasMatchpointPercentNorthSouth()) {
          sheet.setMatchpointPercentNorthSouth(d.getMatchpointPercentNorthSouth());
        } else {
          sheet.clearMatchpointPercentNorthSouth();
        }
        break;
      }
      case RUBBER:
        rubbers(s.getRunningScoreBuilder().getRubberBuilder(), c.getRubber());
        break;
      case CHICAGO:
        rubbers(s.getRunningScoreBuilder().getChicagoBuilder(), c.getChicago());
        break;
      default:
        break;
    }
  }

  /** Each changed rubber replaces the sheet's rubber of its number, or is appended. */
  private static void rubbers(RubberScoreSheet.Builder sheet, RubberScoreChange c) {
    for (Rubber r : c.getRubbersList()) {
      int at = sheet.getRubbersCount() - 1;
      while (at >= 0 && sheet.getRubbers(at).getNumber() != r.getNumber()) {
        at--;
      }
      if (at >= 0) {
        sheet.setRubbers(at, r);
      } else {
        sheet.addRubbers(r);
      }
    }
    sheet.setTotalNorthSouth(c.getTotalNorthSouth()).setTotalEastWest(c.getTotalEastWest());
  }

  private void seat(Seat seat, SeatInfo info) {
    for (int i = 0; i < s.getTable().getSeatsCount(); i++) {
      if (s.getTable().getSeats(i).getSeat() == seat) {
        s.getTableBuilder().setSeats(i, info);
        return;
      }
    }
    s.getTableBuilder().addSeats(info);
  }

  private static void cardPlayed(BoardView.Builder b, PlayedCard pc, int number) {
    Trick.Builder trick = null;
    for (Trick.Builder t : b.getTricksBuilderList()) {
      if (t.getNumber() == number) {
        trick = t;
      }
    }
    if (trick == null) {
      trick = b.addTricksBuilder().setNumber(number).setLeader(pc.getSeat());
    }
    trick.addCards(pc);
    removeFromHand(b, pc.getSeat(), pc.getCard());
  }

  private static void withdraw(BoardView.Builder b, PlayedCard pc) {
    for (Trick.Builder t : b.getTricksBuilderList()) {
      for (int i = 0; i < t.getCardsCount(); i++) {
        if (t.getCards(i).equals(pc)) {
          t.removeCards(i);
          if (t.getWinner() != Seat.SEAT_UNSPECIFIED) {
            // The last card of a won trick taken back: the trick is open again, its trick no
            // side's (no TrickWon comes to say so).
            if (t.getWinner() == Seat.SEAT_NORTH || t.getWinner() == Seat.SEAT_SOUTH) {
              b.setTricksNorthSouth(b.getTricksNorthSouth() - 1);
            } else {
              b.setTricksEastWest(b.getTricksEastWest() - 1);
            }
            t.clearWinner();
          }
          break;
        }
      }
    }
    List<Trick> kept = new ArrayList<>();
    for (Trick.Builder t : b.getTricksBuilderList()) {
      if (t.getCardsCount() > 0) {
        kept.add(t.build());
      }
    }
    b.clearTricks().addAllTricks(kept);
    for (Hand.Builder h : b.getHandsBuilderList()) {
      if (h.getSeat() == pc.getSeat()) {
        h.addCards(pc.getCard());
      }
    }
  }

  private static void removeFromHand(BoardView.Builder b, Seat seat, Card card) {
    for (Hand.Builder h : b.getHandsBuilderList()) {
      if (h.getSeat() == seat) {
        for (int i = 0; i < h.getCardsCount(); i++) {
          if (h.getCards(i).equals(card)) {
            h.removeCards(i);
            return;
          }
        }
      }
    }
  }

  private static void putHand(BoardView.Builder b, Hand hand) {
    for (int i = 0; i < b.getHandsCount(); i++) {
      if (b.getHands(i).getSeat() == hand.getSeat()) {
        b.setHands(i, hand);
        return;
      }
    }
    b.addHands(hand);
  }
}
