package org.tenace.client;

import java.util.ArrayList;
import java.util.List;
import org.tenace.proto.v1.OtherCall;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;

/**
 * The bridge vocabulary between proto and domain, for clients: the robots' seat driver and the
 * terminal client meet proto here and nowhere else. What the server sends is trusted to be well
 * formed; an UNSPECIFIED value where one is required is a broken message and throws
 * {@link IllegalArgumentException} naming what was wrong.
 */
public final class Vocabulary {
  private Vocabulary() {}

  // ---------------------------------------------------------------- proto -> domain

  public static Seat seat(org.tenace.proto.v1.Seat s) {
    return switch (s) {
      case SEAT_NORTH -> Seat.NORTH;
      case SEAT_EAST -> Seat.EAST;
      case SEAT_SOUTH -> Seat.SOUTH;
      case SEAT_WEST -> Seat.WEST;
      default -> throw new IllegalArgumentException("not a seat: " + s);
    };
  }

  /** The seat's word ("North"), or "?" for none: for text, where a missing seat must not throw. */
  public static String seatWord(org.tenace.proto.v1.Seat s) {
    return s == org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED
        || s == org.tenace.proto.v1.Seat.UNRECOGNIZED ? "?" : seat(s).word();
  }

  public static Suit suit(org.tenace.proto.v1.Suit s) {
    return switch (s) {
      case SUIT_CLUBS -> Suit.CLUBS;
      case SUIT_DIAMONDS -> Suit.DIAMONDS;
      case SUIT_HEARTS -> Suit.HEARTS;
      case SUIT_SPADES -> Suit.SPADES;
      default -> throw new IllegalArgumentException("not a suit: " + s);
    };
  }

  public static Card card(org.tenace.proto.v1.Card c) {
    int r = c.getRankValue();
    if (r < 2 || r > 14) {
      throw new IllegalArgumentException("not a rank: " + c.getRank());
    }
    return Card.of(suit(c.getSuit()), Rank.of(r - 2));
  }

  public static Hand hand(org.tenace.proto.v1.Hand h) {
    List<Card> cards = new ArrayList<>(h.getCardsCount());
    for (org.tenace.proto.v1.Card c : h.getCardsList()) {
      cards.add(card(c));
    }
    return Hand.of(cards);
  }

  public static Strain strain(org.tenace.proto.v1.Strain s) {
    return switch (s) {
      case STRAIN_CLUBS -> Strain.CLUBS;
      case STRAIN_DIAMONDS -> Strain.DIAMONDS;
      case STRAIN_HEARTS -> Strain.HEARTS;
      case STRAIN_SPADES -> Strain.SPADES;
      case STRAIN_NO_TRUMP -> Strain.NO_TRUMP;
      default -> throw new IllegalArgumentException("not a strain: " + s);
    };
  }

  public static Call call(org.tenace.proto.v1.Call c) {
    return switch (c.getKindCase()) {
      case BID -> Bid.of(c.getBid().getLevel(), strain(c.getBid().getStrain()));
      case OTHER -> switch (c.getOther()) {
        case OTHER_CALL_PASS -> Call.PASS;
        case OTHER_CALL_DOUBLE -> Call.DOUBLE;
        case OTHER_CALL_REDOUBLE -> Call.REDOUBLE;
        default -> throw new IllegalArgumentException("not a call: " + c.getOther());
      };
      default -> throw new IllegalArgumentException("a call with neither a bid nor another call");
    };
  }

  public static Vulnerability vulnerability(org.tenace.proto.v1.Vulnerability v) {
    return switch (v) {
      case VULNERABILITY_NONE -> Vulnerability.NONE;
      case VULNERABILITY_NORTH_SOUTH -> Vulnerability.NS;
      case VULNERABILITY_EAST_WEST -> Vulnerability.EW;
      case VULNERABILITY_BOTH -> Vulnerability.BOTH;
      default -> throw new IllegalArgumentException("not a vulnerability: " + v);
    };
  }

  public static Contract contract(org.tenace.proto.v1.Contract c) {
    Doubling d = switch (c.getDoubling()) {
      case DOUBLING_UNDOUBLED -> Doubling.UNDOUBLED;
      case DOUBLING_DOUBLED -> Doubling.DOUBLED;
      case DOUBLING_REDOUBLED -> Doubling.REDOUBLED;
      default -> throw new IllegalArgumentException("not a doubling: " + c.getDoubling());
    };
    return Contract.of(c.getLevel(), strain(c.getStrain()), d, seat(c.getDeclarer()));
  }

  // ---------------------------------------------------------------- domain -> proto

  public static org.tenace.proto.v1.Seat toProto(Seat s) {
    return switch (s) {
      case NORTH -> org.tenace.proto.v1.Seat.SEAT_NORTH;
      case EAST -> org.tenace.proto.v1.Seat.SEAT_EAST;
      case SOUTH -> org.tenace.proto.v1.Seat.SEAT_SOUTH;
      case WEST -> org.tenace.proto.v1.Seat.SEAT_WEST;
    };
  }

  public static org.tenace.proto.v1.Suit toProto(Suit s) {
    return switch (s) {
      case CLUBS -> org.tenace.proto.v1.Suit.SUIT_CLUBS;
      case DIAMONDS -> org.tenace.proto.v1.Suit.SUIT_DIAMONDS;
      case HEARTS -> org.tenace.proto.v1.Suit.SUIT_HEARTS;
      case SPADES -> org.tenace.proto.v1.Suit.SUIT_SPADES;
    };
  }

  public static org.tenace.proto.v1.Card toProto(Card c) {
    return org.tenace.proto.v1.Card.newBuilder().setSuit(toProto(c.suit()))
        .setRankValue(c.rank().ordinal() + 2).build();
  }

  public static org.tenace.proto.v1.Strain toProto(Strain s) {
    return switch (s) {
      case CLUBS -> org.tenace.proto.v1.Strain.STRAIN_CLUBS;
      case DIAMONDS -> org.tenace.proto.v1.Strain.STRAIN_DIAMONDS;
      case HEARTS -> org.tenace.proto.v1.Strain.STRAIN_HEARTS;
      case SPADES -> org.tenace.proto.v1.Strain.STRAIN_SPADES;
      case NO_TRUMP -> org.tenace.proto.v1.Strain.STRAIN_NO_TRUMP;
    };
  }

  public static org.tenace.proto.v1.Vulnerability toProto(Vulnerability v) {
    return switch (v) {
      case NONE -> org.tenace.proto.v1.Vulnerability.VULNERABILITY_NONE;
      case NS -> org.tenace.proto.v1.Vulnerability.VULNERABILITY_NORTH_SOUTH;
      case EW -> org.tenace.proto.v1.Vulnerability.VULNERABILITY_EAST_WEST;
      case BOTH -> org.tenace.proto.v1.Vulnerability.VULNERABILITY_BOTH;
    };
  }

  public static org.tenace.proto.v1.Contract toProto(Contract c) {
    return org.tenace.proto.v1.Contract.newBuilder().setLevel(c.level())
        .setStrain(toProto(c.strain())).setDeclarer(toProto(c.declarer()))
        .setDoubling(switch (c.doubling()) {
          case UNDOUBLED -> org.tenace.proto.v1.Doubling.DOUBLING_UNDOUBLED;
          case DOUBLED -> org.tenace.proto.v1.Doubling.DOUBLING_DOUBLED;
          case REDOUBLED -> org.tenace.proto.v1.Doubling.DOUBLING_REDOUBLED;
        }).build();
  }

  public static org.tenace.proto.v1.Call toProto(Call c) {
    var b = org.tenace.proto.v1.Call.newBuilder();
    if (c instanceof Bid bid) {
      return b.setBid(org.tenace.proto.v1.Bid.newBuilder().setLevel(bid.level())
          .setStrain(toProto(bid.strain()))).build();
    }
    OtherCall other = switch ((Call.Other) c) {
      case PASS -> OtherCall.OTHER_CALL_PASS;
      case DOUBLE -> OtherCall.OTHER_CALL_DOUBLE;
      case REDOUBLE -> OtherCall.OTHER_CALL_REDOUBLE;
    };
    return b.setOther(other).build();
  }
}
