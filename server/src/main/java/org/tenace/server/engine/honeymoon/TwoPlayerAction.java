package org.tenace.server.engine.honeymoon;

import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;

/** A player's command at a two-player deal: a call in the auction, or a card. */
public sealed interface TwoPlayerAction {
  Seat seat();

  /** A bid or a pass (no doubles: see {@link TwoPlayerState}). */
  record Call(Seat seat, org.tenace.bridge.auction.Call call) implements TwoPlayerAction {
    public Call {
      Require.nonNull("seat call", seat, call);
    }
  }

  /** A card to the trick, in the exchange or the scored phase. */
  record Play(Seat seat, Card card) implements TwoPlayerAction {
    public Play {
      Require.nonNull("seat card", seat, card);
    }
  }
}
