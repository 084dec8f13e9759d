package org.tenace.server.engine;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/**
 * What happened at a board when an action was applied ({@link DealState#step}), in the order it
 * happened. The edges translate these one by one (a message to each seat, a session's record, a
 * table manager's line) and never work them out again from the states around them. Cards named
 * here are seen by all, except where a viewer's own filter applies ({@link DealState#visibleBits}).
 * Only the engine makes them, from states it has checked, so the records check nothing again.
 */
public sealed interface BoardEvent {

  /** A card and the seat it was played from. */
  record Played(Seat seat, Card card) {}

  /** Calls that no longer stand: taken back by an undo, or cancelled under {@code law}. */
  record CallsWithdrawn(List<Integer> callIndices, String law, boolean undone)
      implements BoardEvent {
    public CallsWithdrawn {
      callIndices = List.copyOf(callIndices);
      Objects.requireNonNull(law, "law");
    }
  }

  /** A call entered the auction record (in laws mode perhaps irregular, perhaps pending). */
  record CallMade(CallRecord call) implements BoardEvent {}

  /**
   * The option that was open is settled: by {@code seat}'s {@code choice} (a call or card made
   * in its place accepts), or, both empty, by something else such as an undo or a ruling.
   */
  record OptionAnswered(Optional<Seat> seat, Optional<PlayChoice> choice) implements BoardEvent {}

  /** An irregularity is announced to every seat, before the option it gives. */
  record IrregularityFound(Irregularity irregularity) implements BoardEvent {}

  /** An option in the auction: accept or refuse an irregular call (Laws 27-32). */
  record CallOptionOffered(PendingOption option) implements BoardEvent {}

  /** An option in the play: a lead out of turn, a lead restriction (Laws 26, 50, 54-56). */
  record PlayOptionOffered(PlayOption option) implements BoardEvent {}

  /** The bars, lead penalties, lead restrictions or penalty cards changed; these stand now. */
  record RestrictionsChanged(Restrictions now) implements BoardEvent {}

  /** The auction is over: a contract, or (empty) passed out. */
  record AuctionEnded(Optional<Contract> contract) implements BoardEvent {}

  /** Played cards taken back (the last from trick {@code trickNumber}), by an undo or a Law. */
  record CardsWithdrawn(List<Played> cards, int trickNumber, String law, boolean undone)
      implements BoardEvent {
    public CardsWithdrawn {
      cards = List.copyOf(cards);
      Objects.requireNonNull(law, "law");
    }
  }

  /** A card played to trick {@code trickNumber}. */
  record CardPlayed(Played card, int trickNumber) implements BoardEvent {}

  /** Dummy's hand is faced, its remaining {@code cards}; {@code contract} names the declarer. */
  record DummyFaced(Seat dummy, Hand cards, Contract contract) implements BoardEvent {}

  /** Trick {@code trickNumber} is won; the sides' tricks so far. */
  record TrickWon(int trickNumber, Seat winner, int tricksNorthSouth, int tricksEastWest)
      implements BoardEvent {}

  /** A claim or concession is made (Law 68); play stops until it is answered. */
  record ClaimMade(Claim claim) implements BoardEvent {}

  /** Where a claim stands after an answer. */
  enum ClaimStatus {
    /** More answers are awaited. */
    PENDING,
    /** Agreed: the board is over (Law 69). */
    ACCEPTED,
    /** Online: refused, play goes on. */
    REJECTED,
    /** Laws mode: disputed, for the director (Law 68D2). */
    REFERRED
  }

  /** {@code seat} answered the claim. */
  record ClaimAnswered(Seat seat, boolean accept, ClaimStatus status) implements BoardEvent {}

  /** A question for the director; a gating one holds the board until decided. */
  record RulingOpened(Ruling ruling) implements BoardEvent {}

  /** A ruling decided: by the director, by its default, or by the table. */
  record RulingDecided(Ruling ruling) implements BoardEvent {}

  /** The board is over and scored. */
  record BoardScored(BoardResult result) implements BoardEvent {}

  /**
   * {@code requester} asked to take back his latest call or card, a courtesy of the table's
   * undo policy rather than a Law; {@code responders} answer it (none: the director does).
   */
  record UndoRequested(Seat requester, List<Seat> responders) implements BoardEvent {
    public UndoRequested {
      responders = List.copyOf(responders);
    }
  }

  /** Where an undo request stands after an answer. */
  enum UndoStatus { PENDING, GRANTED, REFUSED }

  /** An answer to the undo request: an opponent's, or the director's ({@code by} empty). */
  record UndoAnswered(Optional<Seat> by, boolean consent, UndoStatus status)
      implements BoardEvent {}
}
