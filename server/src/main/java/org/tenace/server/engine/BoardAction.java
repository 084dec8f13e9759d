package org.tenace.server.engine;

import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/**
 * One command to a board, as a table receives it and logs it: {@link DealState#apply} runs it, and
 * the same actions from {@link DealState#start} always give the same state. Seats are the seats
 * that act: declarer sends dummy's cards.
 */
public sealed interface BoardAction {

  /** A call, or in laws mode any utterance at any time, with its alert. */
  record Call(Seat seat, Utterance said, Alert alert) implements BoardAction, AuctionAction {
    public Call {
      Require.nonNull("seat said alert", seat, said, alert);
    }

    public static Call of(Seat seat, org.tenace.bridge.auction.Call call) {
      return new Call(seat, Utterance.of(call), Alert.NONE);
    }
  }

  /** Laws mode: a player asks to replace his last call (Laws 25A, 21B1). */
  record ChangeCall(Seat seat, Utterance said, Alert alert, ChangeReason reason)
      implements BoardAction, AuctionAction {
    public ChangeCall {
      Require.nonNull("seat said alert reason", seat, said, alert, reason);
    }
  }

  /**
   * {@code seat} plays {@code card}: from its own hand, or declarer from dummy's. {@code hand} is
   * the hand the player named, refused when the card was never in it (Law 45); empty where no
   * hand was named and the card says which.
   */
  record PlayCard(Seat seat, Card card, Optional<Seat> hand) implements BoardAction {
    public PlayCard {
      Require.nonNull("seat card hand", seat, card, hand);
    }

    public PlayCard(Seat seat, Card card) {
      this(seat, card, Optional.empty());
    }
  }

  /** A claim of {@code tricks} of the remaining tricks, with its statement (Law 68). */
  record Claim(Seat seat, int tricks, String statement) implements BoardAction {
    public Claim {
      Require.nonNull("seat statement", seat, statement);
    }
  }

  /** {@code a}, a {@link RespondToClaim} or a {@link Decide}, with the search's {@code sure}. */
  static BoardAction withSure(BoardAction a, SureTricks sure) {
    if (a instanceof RespondToClaim r) {
      return new RespondToClaim(r.seat(), r.accept(), sure);
    }
    if (a instanceof Decide d) {
      return new Decide(d.rulingId(), d.choice(), d.by(), sure);
    }
    throw new IllegalArgumentException("no claim search for " + a);
  }

  /**
   * A responder accepts or rejects the open claim; {@code sure}: the claim search's answers the
   * settlement or a Law 70 ruling needed.
   */
  record RespondToClaim(Seat seat, boolean accept, SureTricks sure) implements BoardAction {
    public RespondToClaim {
      Require.nonNull("seat sure", seat, sure);
    }

    /** With no answers recorded: the engine searches within its node budget. */
    public RespondToClaim(Seat seat, boolean accept) {
      this(seat, accept, SureTricks.UNRECORDED);
    }
  }

  /** Laws mode: after a disputed claim, a player agrees to play on (Law 68D2b). */
  record AgreeToPlayOn(Seat seat) implements BoardAction {
    public AgreeToPlayOn {
      Objects.requireNonNull(seat, "seat");
    }
  }

  /**
   * The seat's latest call or card is taken back. The table applies it only once its undo
   * policy has approved; the engine checks the Laws' limits (Laws 25A, 45C4b, 47D).
   */
  record Undo(Seat seat) implements BoardAction, AuctionAction {
    public Undo {
      Objects.requireNonNull(seat, "seat");
    }
  }

  /**
   * The holder of an open option chooses: accept or refuse an irregular call or lead, declarer's
   * Law 54 choices, or a lead to require or ban.
   */
  record Choose(Seat seat, PlayChoice choice) implements BoardAction {
    public Choose {
      Require.nonNull("seat choice", seat, choice);
    }
  }

  /**
   * A ruling is decided: by the director, by the Laws' default, or by the table; {@code sure}:
   * the claim search's answers a Law 70 ruling's settlement needed.
   */
  record Decide(int rulingId, String choice, Ruling.DecidedBy by, SureTricks sure)
      implements BoardAction, AuctionAction {
    public Decide {
      Require.nonNull("choice by sure", choice, by, sure);
    }

    /** With no answers recorded: the engine searches within its node budget. */
    public Decide(int rulingId, String choice, Ruling.DecidedBy by) {
      this(rulingId, choice, by, SureTricks.UNRECORDED);
    }
  }

  /** Laws mode: attention is drawn to an irregularity (to a revoke during the play). */
  record DrawAttention(Seat seat) implements BoardAction {
    public DrawAttention {
      Objects.requireNonNull(seat, "seat");
    }
  }
}
