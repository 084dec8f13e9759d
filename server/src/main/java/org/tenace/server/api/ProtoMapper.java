package org.tenace.server.api;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.AuctionCall;
import org.tenace.proto.v1.Bid;
import org.tenace.proto.v1.DecidedBy;
import org.tenace.proto.v1.KibitzPolicy;
import org.tenace.proto.v1.OtherCall;
import org.tenace.proto.v1.Rank;
import org.tenace.proto.v1.ScoringMethod;
import org.tenace.proto.v1.TableStatus;
import org.tenace.proto.v1.UndoApprover;
import org.tenace.proto.v1.UndoScope;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.card.Suit;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.CallRecord;
import org.tenace.server.engine.CallStatus;
import org.tenace.server.engine.LawsEdition;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.PlayChoice;
import org.tenace.server.engine.Ruling;
import org.tenace.server.engine.Utterance;
import org.tenace.server.table.Holder;
import org.tenace.server.table.Limits;
import org.tenace.server.table.Role;
import org.tenace.server.table.Seating;
import org.tenace.server.table.Table;
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
    return switch (s) {
      case SEAT_NORTH -> Seat.NORTH;
      case SEAT_EAST -> Seat.EAST;
      case SEAT_SOUTH -> Seat.SOUTH;
      case SEAT_WEST -> Seat.WEST;
      default -> throw malformed(field, "a seat (SEAT_NORTH, SEAT_EAST, SEAT_SOUTH or SEAT_WEST)");
    };
  }

  static Suit suit(org.tenace.proto.v1.Suit s, String field) {
    return switch (s) {
      case SUIT_CLUBS -> Suit.CLUBS;
      case SUIT_DIAMONDS -> Suit.DIAMONDS;
      case SUIT_HEARTS -> Suit.HEARTS;
      case SUIT_SPADES -> Suit.SPADES;
      default -> throw malformed(field, "a suit");
    };
  }

  static org.tenace.bridge.card.Rank rank(Rank r, String field) {
    return switch (r) {
      case RANK_TWO -> org.tenace.bridge.card.Rank.TWO;
      case RANK_THREE -> org.tenace.bridge.card.Rank.THREE;
      case RANK_FOUR -> org.tenace.bridge.card.Rank.FOUR;
      case RANK_FIVE -> org.tenace.bridge.card.Rank.FIVE;
      case RANK_SIX -> org.tenace.bridge.card.Rank.SIX;
      case RANK_SEVEN -> org.tenace.bridge.card.Rank.SEVEN;
      case RANK_EIGHT -> org.tenace.bridge.card.Rank.EIGHT;
      case RANK_NINE -> org.tenace.bridge.card.Rank.NINE;
      case RANK_TEN -> org.tenace.bridge.card.Rank.TEN;
      case RANK_JACK -> org.tenace.bridge.card.Rank.JACK;
      case RANK_QUEEN -> org.tenace.bridge.card.Rank.QUEEN;
      case RANK_KING -> org.tenace.bridge.card.Rank.KING;
      case RANK_ACE -> org.tenace.bridge.card.Rank.ACE;
      default -> throw malformed(field, "a rank (RANK_TWO to RANK_ACE)");
    };
  }

  static Card card(org.tenace.proto.v1.Card c, String field) {
    Suit suit = suit(c.getSuit(), field + ".suit");
    return Card.of(suit, rank(c.getRank(), field + ".rank"));
  }

  /** The card, or empty if its suit or rank is unspecified or unknown. */
  static Optional<Card> known(org.tenace.proto.v1.Card c) {
    try {
      return Optional.of(card(c, "card"));
    } catch (TableException e) {
      return Optional.empty();
    }
  }

  static Strain strain(org.tenace.proto.v1.Strain s, String field) {
    try {
      return Vocabulary.strain(s);
    } catch (IllegalArgumentException e) {
      throw malformed(field, "a strain");
    }
  }

  /** A contract with its declarer: a level 1 to 7, a strain, its doubling and a seat. */
  static Contract contract(org.tenace.proto.v1.Contract c, String field) {
    if (c.getLevel() < 1 || c.getLevel() > 7) {
      throw malformed(field + ".level", "a level from 1 to 7");
    }
    Doubling doubling = switch (c.getDoubling()) {
      case DOUBLING_UNDOUBLED -> Doubling.UNDOUBLED;
      case DOUBLING_DOUBLED -> Doubling.DOUBLED;
      case DOUBLING_REDOUBLED -> Doubling.REDOUBLED;
      default -> throw malformed(field + ".doubling",
          "undoubled, doubled or redoubled (DOUBLING_UNDOUBLED, ...)");
    };
    return new Contract(org.tenace.bridge.auction.Bid.of(c.getLevel(),
        strain(c.getStrain(), field + ".strain")), doubling,
        seat(c.getDeclarer(), field + ".declarer"));
  }

  /**
   * A call as said: levels 1-7, or 8 and more for a laws-mode table to rectify (Law 38); the
   * engine refuses those online. Levels below 1 are malformed.
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
          return Utterance.aboveSeven(level, strain);
        }
        return Utterance.of(org.tenace.bridge.auction.Bid.of(level, strain));
      }
      case OTHER:
        return Utterance.of(other(c.getOther(), field + ".other"));
      default:
        throw malformed(field, "a bid or another call");
    }
  }

  static org.tenace.bridge.auction.Call.Other other(OtherCall o, String field) {
    return switch (o) {
      case OTHER_CALL_PASS -> org.tenace.bridge.auction.Call.Other.PASS;
      case OTHER_CALL_DOUBLE -> org.tenace.bridge.auction.Call.Other.DOUBLE;
      case OTHER_CALL_REDOUBLE -> org.tenace.bridge.auction.Call.Other.REDOUBLE;
      default -> throw malformed(field, "pass, double or redouble");
    };
  }

  static Alert alert(boolean alerted, String explanation) {
    if (explanation.length() > Limits.TEXT || explanation.chars().anyMatch(ch -> ch < 0x20)) {
      throw malformed("explanation", "up to " + Limits.TEXT + " printable characters");
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
    Mode mode = s.getMode() == org.tenace.proto.v1.Mode.MODE_UNSPECIFIED ? Mode.ONLINE
        : mode(s.getMode(), "settings.mode");
    LawsEdition edition =
        s.getLawsEdition() == org.tenace.proto.v1.LawsEdition.LAWS_EDITION_UNSPECIFIED
            ? LawsEdition.LAWS_2017 : edition(s.getLawsEdition(), "settings.laws_edition");
    TableSettings.KibitzPolicy kibitz =
        s.getKibitzPolicy() == KibitzPolicy.KIBITZ_POLICY_UNSPECIFIED
            ? TableSettings.KibitzPolicy.PUBLIC
            : kibitz(s.getKibitzPolicy(), "settings.kibitz_policy");
    TableSettings.UndoPolicy dflt = TableSettings.UndoPolicy.defaultFor(mode);
    UndoApprover a = s.getUndoPolicy().getApprover();
    TableSettings.Approver approver = a == UndoApprover.UNDO_APPROVER_UNSPECIFIED
        ? dflt.approver() : approver(a, "settings.undo_policy.approver");
    UndoScope sc = s.getUndoPolicy().getScope();
    TableSettings.Scope scope = sc == UndoScope.UNDO_SCOPE_UNSPECIFIED
        ? dflt.scope() : scope(sc, "settings.undo_policy.scope");
    TableSettings.ScoringMethod scoring =
        s.getScoringMethod() == ScoringMethod.SCORING_METHOD_UNSPECIFIED
            ? TableSettings.ScoringMethod.IMP
            : scoring(s.getScoringMethod(), "settings.scoring_method");
    // The numbers' ranges are RequestLimits'.
    Duration timeout = s.hasDirectorTimeout() ? Duration.ofSeconds(
        s.getDirectorTimeout().getSeconds(), s.getDirectorTimeout().getNanos())
        : TableSettings.DEFAULT_DIRECTOR_TIMEOUT;
    return new TableSettings(mode, edition, kibitz, new TableSettings.UndoPolicy(approver, scope),
        scoring, s.getBoardCount(), Math.max(1, s.getFirstBoardNumber()), s.getAutoPassBarred(),
        timeout, Seating.FOUR_PLAYERS);
  }

  static Mode mode(org.tenace.proto.v1.Mode m, String field) {
    return switch (m) {
      case MODE_ONLINE -> Mode.ONLINE;
      case MODE_LAWS -> Mode.LAWS;
      default -> throw malformed(field, "MODE_ONLINE or MODE_LAWS");
    };
  }

  /** CreateTable's robot_level: empty when unspecified (the server's own setting). */
  static java.util.Optional<org.tenace.robot.RobotLevel> robotLevel(
      org.tenace.proto.v1.RobotLevel l, String field) {
    return switch (l) {
      case ROBOT_LEVEL_UNSPECIFIED -> java.util.Optional.empty();
      case ROBOT_LEVEL_FAST -> java.util.Optional.of(org.tenace.robot.RobotLevel.FAST);
      case ROBOT_LEVEL_STRONG -> java.util.Optional.of(org.tenace.robot.RobotLevel.STRONG);
      default -> throw malformed(field, "ROBOT_LEVEL_FAST or ROBOT_LEVEL_STRONG");
    };
  }

  static LawsEdition edition(org.tenace.proto.v1.LawsEdition e, String field) {
    return switch (e) {
      case LAWS_EDITION_2017 -> LawsEdition.LAWS_2017;
      case LAWS_EDITION_1997 -> LawsEdition.LAWS_1997;
      default -> throw malformed(field, "2017 or 1997");
    };
  }

  static TableSettings.KibitzPolicy kibitz(KibitzPolicy k, String field) {
    return switch (k) {
      case KIBITZ_POLICY_NONE -> TableSettings.KibitzPolicy.NONE;
      case KIBITZ_POLICY_PUBLIC -> TableSettings.KibitzPolicy.PUBLIC;
      case KIBITZ_POLICY_ALL_HANDS -> TableSettings.KibitzPolicy.ALL_HANDS;
      default -> throw malformed(field, "a kibitz policy");
    };
  }

  static TableSettings.Approver approver(UndoApprover a, String field) {
    return switch (a) {
      case UNDO_APPROVER_NONE -> TableSettings.Approver.NONE;
      case UNDO_APPROVER_OPPONENTS -> TableSettings.Approver.OPPONENTS;
      case UNDO_APPROVER_DIRECTOR -> TableSettings.Approver.DIRECTOR;
      default -> throw malformed(field, "an undo approver");
    };
  }

  static TableSettings.Scope scope(UndoScope s, String field) {
    return switch (s) {
      case UNDO_SCOPE_AUCTION -> TableSettings.Scope.AUCTION;
      case UNDO_SCOPE_AUCTION_AND_PLAY -> TableSettings.Scope.AUCTION_AND_PLAY;
      default -> throw malformed(field, "an undo scope");
    };
  }

  static TableSettings.ScoringMethod scoring(ScoringMethod m, String field) {
    return switch (m) {
      case SCORING_METHOD_DUPLICATE_IMPS -> TableSettings.ScoringMethod.IMP;
      case SCORING_METHOD_DUPLICATE_MATCHPOINTS -> TableSettings.ScoringMethod.MATCHPOINTS;
      case SCORING_METHOD_RUBBER -> TableSettings.ScoringMethod.RUBBER;
      case SCORING_METHOD_CHICAGO -> TableSettings.ScoringMethod.CHICAGO;
      default -> throw malformed(field, "a scoring method");
    };
  }

  static TableException malformed(String field, String what) {
    return new TableException(Reason.MALFORMED, field + ": expected " + what, field);
  }

  // ---------------------------------------------------------------- domain -> proto
  // Exhaustive switches with no default: a new domain value fails compilation here.

  private static final org.tenace.proto.v1.Card[] CARDS = new org.tenace.proto.v1.Card[52];

  static {
    for (int i = 0; i < 52; i++) {
      Card c = Card.of(i);
      CARDS[i] = org.tenace.proto.v1.Card.newBuilder().setSuit(toProto(c.suit()))
          .setRank(toProto(c.rank())).build();
    }
  }

  static org.tenace.proto.v1.Seat toProto(Seat s) {
    return Vocabulary.toProto(s);
  }


  static org.tenace.proto.v1.Suit toProto(Suit s) {
    return Vocabulary.toProto(s);
  }


  static Rank toProto(org.tenace.bridge.card.Rank r) {
    return switch (r) {
      case TWO -> Rank.RANK_TWO;
      case THREE -> Rank.RANK_THREE;
      case FOUR -> Rank.RANK_FOUR;
      case FIVE -> Rank.RANK_FIVE;
      case SIX -> Rank.RANK_SIX;
      case SEVEN -> Rank.RANK_SEVEN;
      case EIGHT -> Rank.RANK_EIGHT;
      case NINE -> Rank.RANK_NINE;
      case TEN -> Rank.RANK_TEN;
      case JACK -> Rank.RANK_JACK;
      case QUEEN -> Rank.RANK_QUEEN;
      case KING -> Rank.RANK_KING;
      case ACE -> Rank.RANK_ACE;
    };
  }

  static org.tenace.proto.v1.Side toProto(Side s) {
    return switch (s) {
      case NS -> org.tenace.proto.v1.Side.SIDE_NORTH_SOUTH;
      case EW -> org.tenace.proto.v1.Side.SIDE_EAST_WEST;
    };
  }

  /** Interned: the 52 card messages are built once. */
  static org.tenace.proto.v1.Card toProto(Card c) {
    return CARDS[c.index()];
  }

  static org.tenace.proto.v1.Strain toProto(Strain s) {
    return Vocabulary.toProto(s);
  }


  static org.tenace.proto.v1.Call toProto(Utterance u) {
    if (u instanceof Utterance.AboveSeven a) {
      return org.tenace.proto.v1.Call.newBuilder().setBid(
          Bid.newBuilder().setLevel(a.level()).setStrain(toProto(a.strain()))).build();
    }
    return toProto(u.asCall().orElseThrow());
  }

  static org.tenace.proto.v1.Call toProto(org.tenace.bridge.auction.Call c) {
    return Vocabulary.toProto(c);
  }


  static org.tenace.proto.v1.Doubling toProto(Doubling d) {
    return switch (d) {
      case UNDOUBLED -> org.tenace.proto.v1.Doubling.DOUBLING_UNDOUBLED;
      case DOUBLED -> org.tenace.proto.v1.Doubling.DOUBLING_DOUBLED;
      case REDOUBLED -> org.tenace.proto.v1.Doubling.DOUBLING_REDOUBLED;
    };
  }

  static org.tenace.proto.v1.Contract toProto(Contract c) {
    return org.tenace.proto.v1.Contract.newBuilder().setLevel(c.level())
        .setStrain(toProto(c.strain())).setDoubling(toProto(c.doubling()))
        .setDeclarer(toProto(c.declarer())).build();
  }

  static org.tenace.proto.v1.Vulnerability toProto(Vulnerability v) {
    return switch (v) {
      case NONE -> org.tenace.proto.v1.Vulnerability.VULNERABILITY_NONE;
      case NS -> org.tenace.proto.v1.Vulnerability.VULNERABILITY_NORTH_SOUTH;
      case EW -> org.tenace.proto.v1.Vulnerability.VULNERABILITY_EAST_WEST;
      case BOTH -> org.tenace.proto.v1.Vulnerability.VULNERABILITY_BOTH;
    };
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
        .setMode(toProto(s.mode()))
        .setLawsEdition(toProto(s.edition()))
        .setKibitzPolicy(toProto(s.kibitz()))
        .setUndoPolicy(org.tenace.proto.v1.UndoPolicy.newBuilder()
            .setApprover(toProto(s.undo().approver()))
            .setScope(toProto(s.undo().scope())))
        .setScoringMethod(toProto(s.scoring()))
        .setBoardCount(s.boardCount())
        .setFirstBoardNumber(s.firstBoard())
        .setAutoPassBarred(s.autoPassBarred())
        .setDirectorTimeout(com.google.protobuf.Duration.newBuilder()
            .setSeconds(s.directorTimeout().getSeconds())
            .setNanos(s.directorTimeout().getNano()))
        .build();
  }

  static org.tenace.proto.v1.Mode toProto(Mode m) {
    return switch (m) {
      case ONLINE -> org.tenace.proto.v1.Mode.MODE_ONLINE;
      case LAWS -> org.tenace.proto.v1.Mode.MODE_LAWS;
    };
  }

  static org.tenace.proto.v1.LawsEdition toProto(LawsEdition e) {
    return switch (e) {
      case LAWS_2017 -> org.tenace.proto.v1.LawsEdition.LAWS_EDITION_2017;
      case LAWS_1997 -> org.tenace.proto.v1.LawsEdition.LAWS_EDITION_1997;
    };
  }

  static KibitzPolicy toProto(TableSettings.KibitzPolicy k) {
    return switch (k) {
      case NONE -> KibitzPolicy.KIBITZ_POLICY_NONE;
      case PUBLIC -> KibitzPolicy.KIBITZ_POLICY_PUBLIC;
      case ALL_HANDS -> KibitzPolicy.KIBITZ_POLICY_ALL_HANDS;
    };
  }

  static UndoApprover toProto(TableSettings.Approver a) {
    return switch (a) {
      case NONE -> UndoApprover.UNDO_APPROVER_NONE;
      case OPPONENTS -> UndoApprover.UNDO_APPROVER_OPPONENTS;
      case DIRECTOR -> UndoApprover.UNDO_APPROVER_DIRECTOR;
    };
  }

  static UndoScope toProto(TableSettings.Scope s) {
    return switch (s) {
      case AUCTION -> UndoScope.UNDO_SCOPE_AUCTION;
      case AUCTION_AND_PLAY -> UndoScope.UNDO_SCOPE_AUCTION_AND_PLAY;
    };
  }

  static ScoringMethod toProto(TableSettings.ScoringMethod m) {
    return switch (m) {
      case IMP -> ScoringMethod.SCORING_METHOD_DUPLICATE_IMPS;
      case MATCHPOINTS -> ScoringMethod.SCORING_METHOD_DUPLICATE_MATCHPOINTS;
      case RUBBER -> ScoringMethod.SCORING_METHOD_RUBBER;
      case CHICAGO -> ScoringMethod.SCORING_METHOD_CHICAGO;
    };
  }

  static org.tenace.proto.v1.Role toProto(Role r) {
    return switch (r) {
      case PLAYER -> org.tenace.proto.v1.Role.ROLE_PLAYER;
      case KIBITZER -> org.tenace.proto.v1.Role.ROLE_KIBITZER;
      case DIRECTOR -> org.tenace.proto.v1.Role.ROLE_DIRECTOR;
    };
  }

  static TableStatus toProto(Table.Status s) {
    return switch (s) {
      case WAITING -> TableStatus.TABLE_STATUS_WAITING;
      case PLAYING -> TableStatus.TABLE_STATUS_PLAYING;
      case CLOSED -> TableStatus.TABLE_STATUS_CLOSED;
    };
  }

  static DecidedBy toProto(Ruling.DecidedBy d) {
    return switch (d) {
      case DIRECTOR -> DecidedBy.DECIDED_BY_DIRECTOR;
      case DEFAULT -> DecidedBy.DECIDED_BY_DEFAULT;
      case TABLE -> DecidedBy.DECIDED_BY_TABLE;
    };
  }

  /** What a client sees of a holder: role, seat (UNSPECIFIED for none) and name. */
  static org.tenace.proto.v1.Viewer viewer(Holder h) {
    return org.tenace.proto.v1.Viewer.newBuilder().setRole(toProto(h.role()))
        .setSeat(h.seat().map(ProtoMapper::toProto)
            .orElse(org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED))
        .setName(h.name()).build();
  }
}
