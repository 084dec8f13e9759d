package org.tenace.server.api;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.tenace.proto.v1.AuctionCall;
import org.tenace.proto.v1.Bid;
import org.tenace.proto.v1.OtherCall;
import org.tenace.proto.v1.Rank;
import org.tenace.proto.v1.ScoringMethod;
import org.tenace.proto.v1.UndoApprover;
import org.tenace.proto.v1.UndoScope;
import org.tenace.scoring.auction.Contract;
import org.tenace.scoring.auction.Doubling;
import org.tenace.scoring.auction.Strain;
import org.tenace.scoring.board.Vulnerability;
import org.tenace.scoring.card.Card;
import org.tenace.scoring.card.Hand;
import org.tenace.scoring.card.Seat;
import org.tenace.scoring.card.Side;
import org.tenace.scoring.card.Suit;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.CallRecord;
import org.tenace.server.engine.CallStatus;
import org.tenace.server.engine.LawsEdition;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.PlayChoice;
import org.tenace.server.engine.Utterance;
import org.tenace.server.table.TableException;
import org.tenace.server.table.TableException.Reason;
import org.tenace.server.table.TableSettings;

/**
 * Proto and domain meet here and nowhere else. Reading a request refuses UNSPECIFIED and unknown
 * enum values as MALFORMED, naming the field.
 */
final class ProtoMapper {
  private ProtoMapper() {}

  // ---------------------------------------------------------------- proto -> domain

  static Seat seat(org.tenace.proto.v1.Seat s, String field) {
    switch (s) {
      case SEAT_NORTH: return Seat.NORTH;
      case SEAT_EAST: return Seat.EAST;
      case SEAT_SOUTH: return Seat.SOUTH;
      case SEAT_WEST: return Seat.WEST;
      default: throw malformed(field, "a seat (SEAT_NORTH, SEAT_EAST, SEAT_SOUTH or SEAT_WEST)");
    }
  }

  static Suit suit(org.tenace.proto.v1.Suit s, String field) {
    switch (s) {
      case SUIT_CLUBS: return Suit.CLUBS;
      case SUIT_DIAMONDS: return Suit.DIAMONDS;
      case SUIT_HEARTS: return Suit.HEARTS;
      case SUIT_SPADES: return Suit.SPADES;
      default: throw malformed(field, "a suit");
    }
  }

  static Card card(org.tenace.proto.v1.Card c, String field) {
    Suit suit = suit(c.getSuit(), field + ".suit");
    int r = c.getRankValue();
    if (r < 2 || r > 14) {
      throw malformed(field + ".rank", "a rank (RANK_TWO to RANK_ACE)");
    }
    return Card.of(suit, org.tenace.scoring.card.Rank.of(r - 2));
  }

  static Strain strain(org.tenace.proto.v1.Strain s, String field) {
    switch (s) {
      case STRAIN_CLUBS: return Strain.CLUBS;
      case STRAIN_DIAMONDS: return Strain.DIAMONDS;
      case STRAIN_HEARTS: return Strain.HEARTS;
      case STRAIN_SPADES: return Strain.SPADES;
      case STRAIN_NO_TRUMP: return Strain.NO_TRUMP;
      default: throw malformed(field, "a strain");
    }
  }

  /**
   * A call as said: levels 1-7, or 8 and more for a laws-mode table to rectify (Law 38); the
   * table refuses those online. Levels below 1, or absurd ones, are malformed.
   */
  static Utterance utterance(org.tenace.proto.v1.Call c, String field) {
    switch (c.getKindCase()) {
      case BID: {
        Bid b = c.getBid();
        Strain strain = strain(b.getStrain(), field + ".bid.strain");
        int level = b.getLevel();
        if (level < 1) {
          throw malformed(field + ".bid.level", "a level from 1 to 7");
        }
        if (level > 7) {
          if (level > 99) {
            throw new TableException(Reason.BID_ABOVE_SEVEN, "levels are 1..7",
                field + ".bid.level");
          }
          return Utterance.aboveSeven(level, strain);
        }
        return Utterance.of(org.tenace.scoring.auction.Bid.of(level, strain));
      }
      case OTHER:
        switch (c.getOther()) {
          case OTHER_CALL_PASS: return Utterance.of(org.tenace.scoring.auction.Call.PASS);
          case OTHER_CALL_DOUBLE: return Utterance.of(org.tenace.scoring.auction.Call.DOUBLE);
          case OTHER_CALL_REDOUBLE: return Utterance.of(org.tenace.scoring.auction.Call.REDOUBLE);
          default: throw malformed(field + ".other", "pass, double or redouble");
        }
      default:
        throw malformed(field, "a bid or another call");
    }
  }

  static Alert alert(boolean alerted, String explanation) {
    if (explanation.length() > 500 || explanation.chars().anyMatch(ch -> ch < 0x20)) {
      throw malformed("explanation", "up to 500 printable characters");
    }
    if (!alerted && explanation.isEmpty()) {
      return Alert.NONE;
    }
    return new Alert(true, explanation);
  }

  static PlayChoice choice(org.tenace.proto.v1.OptionChoice c, org.tenace.proto.v1.Suit suit) {
    switch (c) {
      case OPTION_CHOICE_ACCEPT: return noSuit(PlayChoice.ACCEPT, suit);
      case OPTION_CHOICE_REFUSE: return noSuit(PlayChoice.REFUSE, suit);
      case OPTION_CHOICE_ACCEPT_AS_DUMMY: return noSuit(PlayChoice.ACCEPT_AS_DUMMY, suit);
      case OPTION_CHOICE_WAIVE: return noSuit(PlayChoice.NO_RESTRICTION, suit);
      case OPTION_CHOICE_REQUIRE_SUIT: return PlayChoice.require(suit(suit, "suit"));
      case OPTION_CHOICE_BAN_SUIT: return PlayChoice.ban(suit(suit, "suit"));
      default: throw malformed("choice", "one of the option's choices");
    }
  }

  private static PlayChoice noSuit(PlayChoice c, org.tenace.proto.v1.Suit suit) {
    if (suit != org.tenace.proto.v1.Suit.SUIT_UNSPECIFIED) {
      throw malformed("suit", "no suit with " + c);
    }
    return c;
  }

  /** The settings of CreateTable, every unspecified field given its default. */
  static TableSettings settings(org.tenace.proto.v1.TableSettings s) {
    Mode mode;
    switch (s.getMode()) {
      case MODE_UNSPECIFIED: case MODE_ONLINE: mode = Mode.ONLINE; break;
      case MODE_LAWS: mode = Mode.LAWS; break;
      default: throw malformed("settings.mode", "MODE_ONLINE or MODE_LAWS");
    }
    LawsEdition edition;
    switch (s.getLawsEdition()) {
      case LAWS_EDITION_UNSPECIFIED: case LAWS_EDITION_2017: edition = LawsEdition.LAWS_2017; break;
      case LAWS_EDITION_1997: edition = LawsEdition.LAWS_1997; break;
      default: throw malformed("settings.laws_edition", "2017 or 1997");
    }
    TableSettings.KibitzPolicy kibitz;
    switch (s.getKibitzPolicy()) {
      case KIBITZ_POLICY_UNSPECIFIED: case KIBITZ_POLICY_PUBLIC:
        kibitz = TableSettings.KibitzPolicy.PUBLIC;
        break;
      case KIBITZ_POLICY_NONE: kibitz = TableSettings.KibitzPolicy.NONE; break;
      case KIBITZ_POLICY_ALL_HANDS: kibitz = TableSettings.KibitzPolicy.ALL_HANDS; break;
      default: throw malformed("settings.kibitz_policy", "a kibitz policy");
    }
    TableSettings.UndoPolicy dflt = TableSettings.UndoPolicy.defaultFor(mode);
    TableSettings.Approver approver;
    switch (s.getUndoPolicy().getApprover()) {
      case UNDO_APPROVER_UNSPECIFIED: approver = dflt.approver(); break;
      case UNDO_APPROVER_NONE: approver = TableSettings.Approver.NONE; break;
      case UNDO_APPROVER_OPPONENTS: approver = TableSettings.Approver.OPPONENTS; break;
      case UNDO_APPROVER_DIRECTOR: approver = TableSettings.Approver.DIRECTOR; break;
      default: throw malformed("settings.undo_policy.approver", "an undo approver");
    }
    TableSettings.Scope scope;
    switch (s.getUndoPolicy().getScope()) {
      case UNDO_SCOPE_UNSPECIFIED: scope = dflt.scope(); break;
      case UNDO_SCOPE_AUCTION: scope = TableSettings.Scope.AUCTION; break;
      case UNDO_SCOPE_AUCTION_AND_PLAY: scope = TableSettings.Scope.AUCTION_AND_PLAY; break;
      default: throw malformed("settings.undo_policy.scope", "an undo scope");
    }
    TableSettings.ScoringMethod scoring;
    switch (s.getScoringMethod()) {
      case SCORING_METHOD_UNSPECIFIED: case SCORING_METHOD_DUPLICATE_IMPS:
        scoring = TableSettings.ScoringMethod.IMP;
        break;
      case SCORING_METHOD_DUPLICATE_MATCHPOINTS:
        scoring = TableSettings.ScoringMethod.MATCHPOINTS;
        break;
      case SCORING_METHOD_RUBBER: scoring = TableSettings.ScoringMethod.RUBBER; break;
      case SCORING_METHOD_CHICAGO: scoring = TableSettings.ScoringMethod.CHICAGO; break;
      default: throw malformed("settings.scoring_method", "a scoring method");
    }
    if (s.getBoardCount() < 0) {
      throw malformed("settings.board_count", "0 (no limit) or more");
    }
    if (s.getFirstBoardNumber() < 0) {
      throw malformed("settings.first_board_number", "0 (board 1) or more");
    }
    Duration timeout = TableSettings.DEFAULT_DIRECTOR_TIMEOUT;
    if (s.hasDirectorTimeout()) {
      timeout = Duration.ofSeconds(s.getDirectorTimeout().getSeconds(),
          s.getDirectorTimeout().getNanos());
      if (timeout.isNegative()) {
        throw malformed("settings.director_timeout", "zero or more");
      }
    }
    return new TableSettings(mode, edition, kibitz, new TableSettings.UndoPolicy(approver, scope),
        scoring, s.getBoardCount(), Math.max(1, s.getFirstBoardNumber()), s.getAutoPassBarred(),
        timeout);
  }

  static TableException malformed(String field, String what) {
    return new TableException(Reason.MALFORMED, field + ": expected " + what, field);
  }

  // ---------------------------------------------------------------- domain -> proto

  private static final org.tenace.proto.v1.Seat[] SEATS = {
    org.tenace.proto.v1.Seat.SEAT_NORTH, org.tenace.proto.v1.Seat.SEAT_EAST,
    org.tenace.proto.v1.Seat.SEAT_SOUTH, org.tenace.proto.v1.Seat.SEAT_WEST};
  private static final org.tenace.proto.v1.Card[] CARDS = new org.tenace.proto.v1.Card[52];

  static {
    for (int i = 0; i < 52; i++) {
      Card c = Card.of(i);
      CARDS[i] = org.tenace.proto.v1.Card.newBuilder().setSuit(toProto(c.suit()))
          .setRankValue(c.rank().ordinal() + 2).build();
    }
  }

  static org.tenace.proto.v1.Seat toProto(Seat s) {
    return SEATS[s.ordinal()];
  }

  static org.tenace.proto.v1.Suit toProto(Suit s) {
    return org.tenace.proto.v1.Suit.forNumber(s.ordinal() + 1);
  }

  static org.tenace.proto.v1.Side toProto(Side s) {
    return s == Side.NS ? org.tenace.proto.v1.Side.SIDE_NORTH_SOUTH
        : org.tenace.proto.v1.Side.SIDE_EAST_WEST;
  }

  /** Interned: the 52 card messages are built once. */
  static org.tenace.proto.v1.Card toProto(Card c) {
    return CARDS[c.index()];
  }

  static org.tenace.proto.v1.Strain toProto(Strain s) {
    return org.tenace.proto.v1.Strain.forNumber(s.ordinal() + 1);
  }

  static org.tenace.proto.v1.Call toProto(Utterance u) {
    if (u instanceof Utterance.AboveSeven a) {
      return org.tenace.proto.v1.Call.newBuilder().setBid(
          Bid.newBuilder().setLevel(a.level()).setStrain(toProto(a.strain()))).build();
    }
    return toProto(u.asCall().orElseThrow());
  }

  static org.tenace.proto.v1.Call toProto(org.tenace.scoring.auction.Call c) {
    org.tenace.proto.v1.Call.Builder b = org.tenace.proto.v1.Call.newBuilder();
    if (c instanceof org.tenace.scoring.auction.Bid bid) {
      return b.setBid(Bid.newBuilder().setLevel(bid.level()).setStrain(toProto(bid.strain())))
          .build();
    }
    switch ((org.tenace.scoring.auction.Call.Other) c) {
      case PASS: return b.setOther(OtherCall.OTHER_CALL_PASS).build();
      case DOUBLE: return b.setOther(OtherCall.OTHER_CALL_DOUBLE).build();
      default: return b.setOther(OtherCall.OTHER_CALL_REDOUBLE).build();
    }
  }

  static org.tenace.proto.v1.Doubling toProto(Doubling d) {
    return org.tenace.proto.v1.Doubling.forNumber(d.ordinal() + 1);
  }

  static org.tenace.proto.v1.Contract toProto(Contract c) {
    return org.tenace.proto.v1.Contract.newBuilder().setLevel(c.level())
        .setStrain(toProto(c.strain())).setDoubling(toProto(c.doubling()))
        .setDeclarer(toProto(c.declarer())).build();
  }

  static org.tenace.proto.v1.Vulnerability toProto(Vulnerability v) {
    return org.tenace.proto.v1.Vulnerability.forNumber(v.ordinal() + 1);
  }

  /** The hand's cards sorted for display: spades first, each suit from the ace down. */
  static org.tenace.proto.v1.Hand toProto(Seat seat, Hand hand) {
    org.tenace.proto.v1.Hand.Builder b = org.tenace.proto.v1.Hand.newBuilder()
        .setSeat(toProto(seat));
    for (Card c : hand.sortedForDisplay()) {
      b.addCards(toProto(c));
    }
    return b.build();
  }

  static List<org.tenace.proto.v1.Card> cards(Hand hand) {
    return hand.sortedForDisplay().stream().map(ProtoMapper::toProto).toList();
  }

  /** One call of the record as {@code viewer} may see it (a self-alert hidden from partner). */
  static AuctionCall toProto(CallRecord r, Optional<Seat> viewer) {
    CallRecord shown = viewer.map(r::visibleTo).orElse(r);
    return AuctionCall.newBuilder().setIndex(r.index()).setSeat(toProto(r.seat()))
        .setCall(toProto(r.said())).setAlert(shown.alert().alerted())
        .setExplanation(shown.alert().explanation())
        .setWithdrawn(r.status() != CallStatus.STANDS && r.status() != CallStatus.PENDING)
        .build();
  }

  static org.tenace.proto.v1.TableSettings toProto(TableSettings s) {
    return org.tenace.proto.v1.TableSettings.newBuilder()
        .setMode(s.mode() == Mode.ONLINE ? org.tenace.proto.v1.Mode.MODE_ONLINE
            : org.tenace.proto.v1.Mode.MODE_LAWS)
        .setLawsEdition(s.edition() == LawsEdition.LAWS_2017
            ? org.tenace.proto.v1.LawsEdition.LAWS_EDITION_2017
            : org.tenace.proto.v1.LawsEdition.LAWS_EDITION_1997)
        .setKibitzPolicyValue(s.kibitz().ordinal() + 1)
        .setUndoPolicy(org.tenace.proto.v1.UndoPolicy.newBuilder()
            .setApprover(UndoApprover.forNumber(s.undo().approver().ordinal() + 1))
            .setScope(UndoScope.forNumber(s.undo().scope().ordinal() + 1)))
        .setScoringMethod(ScoringMethod.forNumber(s.scoring().ordinal() + 1))
        .setBoardCount(s.boardCount())
        .setFirstBoardNumber(s.firstBoard())
        .setAutoPassBarred(s.autoPassBarred())
        .setDirectorTimeout(com.google.protobuf.Duration.newBuilder()
            .setSeconds(s.directorTimeout().getSeconds())
            .setNanos(s.directorTimeout().getNano()))
        .build();
  }

  static Rank rank(org.tenace.scoring.card.Rank r) {
    return Rank.forNumber(r.ordinal() + 2);
  }
}
