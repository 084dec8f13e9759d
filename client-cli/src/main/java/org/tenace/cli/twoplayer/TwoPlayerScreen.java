package org.tenace.cli.twoplayer;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.AuctionCall;
import org.tenace.proto.v1.Call;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.Suit;
import org.tenace.proto.v1.TwoPlayerPhase;
import org.tenace.proto.v1.TwoPlayerTrick;
import org.tenace.proto.v1.TwoPlayerView;
import org.tenace.proto.v1.Variant;

/**
 * A two-player table as text, at most 80 columns: the deal, the contract or trump suit, the
 * phase, the stock and its turned-up card, the tricks each won in each phase, the last trick
 * (with what its winner took and, for the loser, what he drew), the trick in progress, the
 * viewer's hand and the score. With {@code ascii}, suit letters (S H D C) instead of symbols.
 */
public final class TwoPlayerScreen {
  private TwoPlayerScreen() {}

  public static List<String> render(TwoPlayerView v, Seat me, boolean ascii) {
    List<String> out = new ArrayList<>();
    if (v.getDealNumber() == 0) {
      out.add("Waiting for the other player.");
      return out;
    }
    String vul = v.getVulnerableCount() == 0 ? "nobody" : v.getVulnerableList().stream()
        .map(TwoPlayerScreen::seat).collect(Collectors.joining(" and "));
    out.add(variant(v.getVariant()) + " - deal " + v.getDealNumber() + ", dealer "
        + seat(v.getDealer()) + ", vulnerable: " + vul);
    if (v.getAuctionCount() > 0) {
      out.add("Auction: " + v.getAuctionList().stream()
          .map(a -> auctionCall(a, ascii))
          .collect(Collectors.joining(", ")));
    }
    if (v.hasContract()) {
      out.add("Contract: " + v.getContract().getLevel() + strain(v.getContract().getStrain(),
          ascii) + " by " + seat(v.getContract().getDeclarer()) + " (needs "
          + (v.getContract().getLevel() + 6) + " of the 13 scored tricks)");
    }
    if (v.getPhase() != TwoPlayerPhase.TWO_PLAYER_PHASE_AUCTION) {
      out.add("Trumps: " + (v.getTrump() == Suit.SUIT_UNSPECIFIED ? "none"
          : suitName(v.getTrump())) + handicap(v));
    }
    switch (v.getPhase()) {
      case TWO_PLAYER_PHASE_AUCTION -> out.add("Phase: auction");
      case TWO_PLAYER_PHASE_EXCHANGE -> out.add("Phase: exchange, trick "
          + (v.getExchangeTricksNorth() + v.getExchangeTricksSouth() + 1) + " of 13. Stock: "
          + v.getStockCount() + " cards, turned up: " + card(v.getTurnedUp(), ascii)
          + " (to the winner)");
      case TWO_PLAYER_PHASE_PLAY -> out.add("Phase: scored tricks, trick "
          + (v.getScoredTricksNorth() + v.getScoredTricksSouth() + 1) + " of 13");
      default -> out.add("Deal over.");
    }
    out.add("Tricks: exchange North " + v.getExchangeTricksNorth() + ", South "
        + v.getExchangeTricksSouth() + "; scored North " + v.getScoredTricksNorth()
        + ", South " + v.getScoredTricksSouth());
    if (v.hasLastTrick()) {
      TwoPlayerTrick t = v.getLastTrick();
      StringBuilder s = new StringBuilder("Last trick: ");
      s.append(t.getCardsList().stream().map(p -> seat(p.getSeat()).charAt(0) + " "
          + card(p.getCard(), ascii)).collect(Collectors.joining(", ")));
      s.append("; ").append(seat(t.getWinner())).append(" won");
      if (t.hasWinnerTook()) {
        s.append(", took ").append(card(t.getWinnerTook(), ascii));
      }
      if (t.hasLoserDrew()) {
        s.append("; ").append(t.getWinner() == me ? "the other" : "you").append(" drew ")
            .append(card(t.getLoserDrew(), ascii));
      }
      out.addAll(wrap(s.toString()));
    }
    if (v.getTrickCount() > 0) {
      PlayedCard led = v.getTrick(0);
      out.add("Trick: " + seat(led.getSeat()) + " led " + card(led.getCard(), ascii));
    }
    for (Hand h : v.getHandsList()) {
      out.addAll(wrap((h.getSeat() == me ? "Your hand" : seat(h.getSeat()))
          + (v.getPhase() == TwoPlayerPhase.TWO_PLAYER_PHASE_COMPLETE ? " as dealt" : "")
          + ": " + hand(h.getCardsList(), ascii)));
    }
    if (v.hasResult()) {
      var r = v.getResult();
      out.add(r.getPassedOut() ? "Passed out: no score." : "Result: North " + r.getTricksNorth()
          + " tricks, South " + r.getTricksSouth()
          + (v.getOptions().getHandicapTricks() > 0 ? " (handicap included)" : "")
          + ". Score: North " + r.getScoreNorth() + ", South " + r.getScoreSouth());
    }
    out.add("Total: North " + v.getTotalNorth() + ", South " + v.getTotalSouth());
    return out.stream().flatMap(l -> wrap(l).stream()).toList();
  }

  /** What the viewer is asked, with the legal choices, or empty when it is not his turn. */
  public static List<String> prompt(TwoPlayerView v, Seat me, boolean ascii) {
    if (v.getToAct() != me) {
      return List.of();
    }
    if (v.getLegalCallsCount() > 0) {
      Call top = v.getLegalCalls(v.getLegalCallsCount() - 1);
      String lowest = v.getLegalCallsCount() > 1 ? call(v.getLegalCalls(1), ascii) : "";
      return wrap("Your call: P to pass" + (lowest.isEmpty() ? "" : ", or a bid from " + lowest
          + " to " + call(top, ascii) + " (no doubles)") + ".");
    }
    if (v.getLegalCardsCount() > 0) {
      return wrap("Your card. Legal: " + v.getLegalCardsList().stream()
          .map(c -> card(c, ascii)).collect(Collectors.joining(" ")));
    }
    return List.of();
  }

  static String variant(Variant v) {
    return switch (v) {
      case VARIANT_HONEYMOON -> "Honeymoon bridge";
      case VARIANT_NO_TRUMP -> "Two-player bridge, no trumps";
      case VARIANT_TRUMPS -> "Two-player bridge, fixed trumps";
      default -> "Bridge";
    };
  }

  private static String handicap(TwoPlayerView v) {
    return v.getOptions().getHandicapTricks() == 0 ? "" : ". Handicap: "
        + seat(v.getOptions().getHandicapSeat()) + " receives "
        + v.getOptions().getHandicapTricks() + " trick(s) a deal";
  }

  static String seat(Seat s) {
    return Vocabulary.seatWord(s);
  }

  static String suitName(Suit s) {
    return switch (s) {
      case SUIT_SPADES -> "spades";
      case SUIT_HEARTS -> "hearts";
      case SUIT_DIAMONDS -> "diamonds";
      case SUIT_CLUBS -> "clubs";
      default -> "?";
    };
  }

  static String suit(Suit s, boolean ascii) {
    return switch (s) {
      case SUIT_SPADES -> ascii ? "S" : "♠";
      case SUIT_HEARTS -> ascii ? "H" : "♥";
      case SUIT_DIAMONDS -> ascii ? "D" : "♦";
      case SUIT_CLUBS -> ascii ? "C" : "♣";
      default -> "?";
    };
  }

  static String rank(org.tenace.proto.v1.Rank r) {
    return switch (r) {
      case RANK_ACE -> "A";
      case RANK_KING -> "K";
      case RANK_QUEEN -> "Q";
      case RANK_JACK -> "J";
      case RANK_TEN -> "10"; // as at four-player tables
      default -> String.valueOf(r.getNumber());
    };
  }

  public static String card(Card c, boolean ascii) {
    return suit(c.getSuit(), ascii) + rank(c.getRank());
  }

  static String hand(List<Card> cards, boolean ascii) {
    StringBuilder b = new StringBuilder();
    for (Suit s : List.of(Suit.SUIT_SPADES, Suit.SUIT_HEARTS, Suit.SUIT_DIAMONDS,
        Suit.SUIT_CLUBS)) {
      String ranks = cards.stream().filter(c -> c.getSuit() == s).map(c -> rank(c.getRank()))
          .collect(Collectors.joining(" ")); // spaced, as 10 is two characters
      b.append(b.length() == 0 ? "" : "  ").append(suit(s, ascii)).append(" ")
          .append(ranks.isEmpty() ? "-" : ranks);
    }
    return b.toString();
  }

  static String strain(org.tenace.proto.v1.Strain s, boolean ascii) {
    return switch (s) {
      case STRAIN_SPADES -> suit(Suit.SUIT_SPADES, ascii);
      case STRAIN_HEARTS -> suit(Suit.SUIT_HEARTS, ascii);
      case STRAIN_DIAMONDS -> suit(Suit.SUIT_DIAMONDS, ascii);
      case STRAIN_CLUBS -> suit(Suit.SUIT_CLUBS, ascii);
      default -> "NT";
    };
  }

  static String call(Call c, boolean ascii) {
    if (c.hasBid()) {
      return c.getBid().getLevel() + strain(c.getBid().getStrain(), ascii);
    }
    return "P";
  }

  /** Splits a line at spaces to fit 80 columns. */
  static List<String> wrap(String line) {
    List<String> out = new ArrayList<>();
    String rest = line;
    while (rest.length() > 80) {
      int cut = rest.lastIndexOf(' ', 80);
      if (cut <= 0) {
        cut = 80;
      }
      out.add(rest.substring(0, cut));
      rest = "  " + rest.substring(cut).trim();
    }
    out.add(rest);
    return out;
  }

  static String auctionCall(AuctionCall a, boolean ascii) {
    return seat(a.getSeat()).charAt(0) + " " + call(a.getCall(), ascii);
  }
}
