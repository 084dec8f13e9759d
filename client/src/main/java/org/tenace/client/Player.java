package org.tenace.client;

import java.util.List;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.proto.v1.Claim;
import org.tenace.proto.v1.Option;
import org.tenace.proto.v1.OptionChoice;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/**
 * A program at one seat: what the {@link SeatDriver} asks it whenever the table waits on the
 * seat, with the table as the server showed it to this seat. A call and a card are the player's
 * own; the other questions have answers by default that keep the game going: opponents' claims
 * rejected (play simply resumes), undo requests granted, laws-mode options accepted or waived.
 *
 * <p>Each question is asked on a thread of the driver's and waited for as long as the player
 * thinks (at most the driver's think limit, when it was given one); an answer that throws, is not
 * among the legal ones or comes past that limit is replaced by the default (for a call or a card,
 * the first legal one), so a player need not guard against its own failures. A player should bound
 * its own thinking in work, not time, so that its answers do not depend on the machine's load.
 */
public interface Player {

  /** A call from {@code legal}, alerted with an explanation if conventional. */
  CallChoice call(SeatView view, List<Call> legal);

  /**
   * A card from {@code legal}, for {@code playsFor}: this seat, or dummy when this seat declares.
   */
  Card card(SeatView view, Seat playsFor, List<Card> legal);

  /** Whether to accept {@code claim}, made by another seat. */
  default boolean acceptClaim(SeatView view, Claim claim) {
    return false;
  }

  /** Whether to agree that the last call or card be taken back. */
  default boolean acceptUndo(SeatView view) {
    return true;
  }

  /**
   * What to choose, in laws mode, when the Laws give this seat a choice after an irregularity:
   * by default accept it (or waive a lead penalty), else the first choice offered.
   */
  default OptionAnswer chooseOption(SeatView view, Option option) {
    List<OptionChoice> offered = option.getChoicesList();
    OptionChoice choice = offered.contains(OptionChoice.OPTION_CHOICE_ACCEPT)
        ? OptionChoice.OPTION_CHOICE_ACCEPT
        : offered.contains(OptionChoice.OPTION_CHOICE_WAIVE)
        ? OptionChoice.OPTION_CHOICE_WAIVE : offered.get(0);
    boolean namesSuit = choice == OptionChoice.OPTION_CHOICE_REQUIRE_SUIT
        || choice == OptionChoice.OPTION_CHOICE_BAN_SUIT;
    return namesSuit && option.getSuitsCount() > 0
        ? OptionAnswer.withSuit(choice, Vocabulary.suit(option.getSuits(0)))
        : OptionAnswer.of(choice);
  }
}
