package org.tenace.cli.play;

import org.tenace.proto.v1.OtherCall;
import org.tenace.scoring.auction.Bid;
import org.tenace.scoring.auction.Call;
import org.tenace.scoring.auction.Strain;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Rank;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.card.Suit;

/** Proto values to the domain's and back: the one place where the two {@code Card}s meet. */
final class Protos {
  private Protos() {}

  static Seat seat(org.tenace.proto.v1.Seat s) {
    return switch (s) {
      case SEAT_NORTH -> Seat.NORTH;
      case SEAT_EAST -> Seat.EAST;
      case SEAT_SOUTH -> Seat.SOUTH;
      case SEAT_WEST -> Seat.WEST;
      default -> throw new IllegalArgumentException("not a seat: " + s);
    };
  }

  static org.tenace.proto.v1.Seat seat(Seat s) {
    return org.tenace.proto.v1.Seat.forNumber(s.ordinal() + 1);
  }

  static Suit suit(org.tenace.proto.v1.Suit s) {
    if (s == org.tenace.proto.v1.Suit.SUIT_UNSPECIFIED || s == org.tenace.proto.v1.Suit.UNRECOGNIZED) {
      throw new IllegalArgumentException("not a suit: " + s);
    }
    return Suit.of(s.getNumber() - 1);
  }

  static Card card(org.tenace.proto.v1.Card c) {
    int r = c.getRankValue();
    if (r < 2 || r > 14) {
      throw new IllegalArgumentException("not a rank: " + c.getRank());
    }
    return Card.of(suit(c.getSuit()), Rank.of(r - 2));
  }

  static org.tenace.proto.v1.Card card(Card c) {
    return org.tenace.proto.v1.Card.newBuilder()
        .setSuit(org.tenace.proto.v1.Suit.forNumber(c.suit().ordinal() + 1))
        .setRank(org.tenace.proto.v1.Rank.forNumber(c.rank().ordinal() + 2)).build();
  }

  static Strain strain(org.tenace.proto.v1.Strain s) {
    if (s == org.tenace.proto.v1.Strain.STRAIN_UNSPECIFIED
        || s == org.tenace.proto.v1.Strain.UNRECOGNIZED) {
      throw new IllegalArgumentException("not a strain: " + s);
    }
    return Strain.of(s.getNumber() - 1);
  }

  static Call call(org.tenace.proto.v1.Call c) {
    if (c.hasBid()) {
      return Bid.of(c.getBid().getLevel(), strain(c.getBid().getStrain()));
    }
    return switch (c.getOther()) {
      case OTHER_CALL_PASS -> Call.PASS;
      case OTHER_CALL_DOUBLE -> Call.DOUBLE;
      case OTHER_CALL_REDOUBLE -> Call.REDOUBLE;
      default -> throw new IllegalArgumentException("not a call: " + c);
    };
  }

  static org.tenace.proto.v1.Call call(Call c) {
    var b = org.tenace.proto.v1.Call.newBuilder();
    if (c instanceof Bid bid) {
      return b.setBid(org.tenace.proto.v1.Bid.newBuilder().setLevel(bid.level())
          .setStrain(org.tenace.proto.v1.Strain.forNumber(bid.strain().ordinal() + 1))).build();
    }
    return b.setOther(c == Call.PASS ? OtherCall.OTHER_CALL_PASS
        : c == Call.DOUBLE ? OtherCall.OTHER_CALL_DOUBLE : OtherCall.OTHER_CALL_REDOUBLE).build();
  }
}
