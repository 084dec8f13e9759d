package org.tenace.cli.tm;

import java.time.Duration;
import java.util.Optional;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Rank;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.check.Require;

/**
 * One line of the Blue Chip Table Manager protocol, version 18, in either direction: a value
 * that {@link TmLine#parse} reads and {@link #line()} writes back in the protocol's spelling.
 */
public sealed interface TmMessage {

  /** The line as the protocol spells it, without the CRLF. */
  String line();

  /** {@code Connecting "team" as North using protocol version 18}; seat empty for ANYPL. */
  record Connect(String team, Optional<Seat> seat, int version) implements TmMessage {
    public Connect {
      Require.nonNull("team seat", team, seat);
    }

    @Override
    public String line() {
      return "Connecting \"" + team + "\" as " + seat.map(Seat::word).orElse("ANYPL")
          + " using protocol version " + version;
    }
  }

  /** {@code North ("team") seated}. */
  record Seated(Seat seat, String team) implements TmMessage {
    @Override
    public String line() {
      return seat.word() + " (\"" + team + "\") seated";
    }
  }

  /** {@code North ready for teams}. */
  record ReadyForTeams(Seat seat) implements TmMessage {
    @Override
    public String line() {
      return seat.word() + " ready for teams";
    }
  }

  /** {@code Teams : N/S : "ns" E/W : "ew"}. */
  record Teams(String northSouth, String eastWest) implements TmMessage {
    @Override
    public String line() {
      return "Teams : N/S : \"" + northSouth + "\" E/W : \"" + eastWest + "\"";
    }
  }

  /** {@code North ready to start}. */
  record ReadyToStart(Seat seat) implements TmMessage {
    @Override
    public String line() {
      return seat.word() + " ready to start";
    }
  }

  /** {@code Start of board}. */
  record StartOfBoard() implements TmMessage {
    @Override
    public String line() {
      return "Start of board";
    }
  }

  /** {@code North ready for deal}. */
  record ReadyForDeal(Seat seat) implements TmMessage {
    @Override
    public String line() {
      return seat.word() + " ready for deal";
    }
  }

  /** {@code Board number 3. Dealer South. E/W vulnerable.} */
  record BoardInfo(int board, Seat dealer, Vulnerability vulnerability) implements TmMessage {
    @Override
    public String line() {
      String v = switch (vulnerability) {
        case NONE -> "Neither";
        case NS -> "N/S";
        case EW -> "E/W";
        case BOTH -> "Both";
      };
      return "Board number " + board + ". Dealer " + dealer.word() + ". " + v
          + " vulnerable.";
    }
  }

  /** {@code North ready for cards}. */
  record ReadyForCards(Seat seat) implements TmMessage {
    @Override
    public String line() {
      return seat.word() + " ready for cards";
    }
  }

  /** {@code North's cards : S A K 3. H -. D Q J 9 8 7 2. C A 4 3.} */
  record Cards(Seat seat, Hand hand) implements TmMessage {
    @Override
    public String line() {
      return seat.word() + "'s cards : " + handText(hand);
    }
  }

  /**
   * A call: {@code North passes}, {@code doubles}, {@code redoubles}, {@code bids 1NT}, with an
   * {@code Alert.} suffix (and its explanation, if any) when alerted. Protocol 19 adds the
   * {@code Infos.} suffix: the explanation of a call that is not alerted ({@code infos}), sent
   * only between programs that connected with version 19 and only where the host allows it.
   */
  record Called(Seat seat, Call call, Optional<String> alert, Optional<String> infos)
      implements TmMessage {
    public Called {
      Require.nonNull("call alert infos", call, alert, infos);
      if (alert.isPresent() && infos.isPresent()) {
        throw new IllegalArgumentException("a call is alerted or explained, not both");
      }
    }

    /** A call of protocol 18: alerted or not, no {@code Infos.}. */
    public Called(Seat seat, Call call, Optional<String> alert) {
      this(seat, call, alert, Optional.empty());
    }

    /** The explanation the call carries, alerted or not (empty if none). */
    public String explanation() {
      return alert.or(() -> infos).orElse("");
    }

    @Override
    public String line() {
      String what;
      if (call == Call.PASS) {
        what = "passes";
      } else if (call == Call.DOUBLE) {
        what = "doubles";
      } else if (call == Call.REDOUBLE) {
        what = "redoubles";
      } else {
        Bid b = (Bid) call;
        what = "bids " + b.level() + b.strain().toString().replace("NO_TRUMP", "NT");
      }
      return seat.word() + " " + what + alert.map(a -> a.isEmpty() ? " Alert."
          : " Alert. " + a).orElse("") + infos.map(i -> " Infos. " + i).orElse("");
    }
  }

  /** {@code North ready for East's bid}. */
  record ReadyForBid(Seat seat, Seat from) implements TmMessage {
    @Override
    public String line() {
      return seat.word() + " ready for " + from.word() + "'s bid";
    }
  }

  /** {@code West to lead}; with {@code dummy}, {@code Dummy to lead}. */
  record ToLead(Seat seat, boolean dummy) implements TmMessage {
    @Override
    public String line() {
      return (dummy ? "Dummy" : seat.word()) + " to lead";
    }
  }

  /** {@code West plays 7H}. */
  record Played(Seat seat, Card card) implements TmMessage {
    @Override
    public String line() {
      return seat.word() + " plays " + card.rank().letter() + card.suit().letter();
    }
  }

  /**
   * {@code North ready for West's card to trick 2}; dummy's program may write {@code dummy's}
   * for its own cards (then {@code from} is empty).
   */
  record ReadyForCard(Seat seat, Optional<Seat> from, int trick) implements TmMessage {
    @Override
    public String line() {
      return seat.word() + " ready for " + from.map(Seat::word).orElse("dummy")
          + "'s card to trick " + trick;
    }
  }

  /** {@code North ready for dummy}. */
  record ReadyForDummy(Seat seat) implements TmMessage {
    @Override
    public String line() {
      return seat.word() + " ready for dummy";
    }
  }

  /** {@code Dummy's cards : S A K 3. H -. D Q J 9 8 7 2. C A 4 3.} */
  record DummyCards(Hand hand) implements TmMessage {
    @Override
    public String line() {
      return "Dummy's cards : " + handText(hand);
    }
  }

  /**
   * {@code Timing - N/S : this board  00:12,  total  0:03:40.  E/W : this board  ...,  total
   * ....}: spelt as the championship host spells it, two spaces between the parts and the
   * board's minutes in two digits (readers take runs of spaces as one).
   */
  record Timing(Duration nsBoard, Duration nsTotal, Duration ewBoard, Duration ewTotal)
      implements TmMessage {
    @Override
    public String line() {
      return "Timing - N/S : this board  " + minutes(nsBoard) + ",  total  " + hours(nsTotal)
          + ".  E/W : this board  " + minutes(ewBoard) + ",  total  " + hours(ewTotal) + ".";
    }
  }

  /** {@code End of session}. */
  record EndOfSession() implements TmMessage {
    @Override
    public String line() {
      return "End of session";
    }
  }

  /** The seat who sent a client's line, or empty for a host's line. */
  default Optional<Seat> sender() {
    if (this instanceof ReadyForTeams m) {
      return Optional.of(m.seat());
    } else if (this instanceof ReadyToStart m) {
      return Optional.of(m.seat());
    } else if (this instanceof ReadyForDeal m) {
      return Optional.of(m.seat());
    } else if (this instanceof ReadyForCards m) {
      return Optional.of(m.seat());
    } else if (this instanceof ReadyForBid m) {
      return Optional.of(m.seat());
    } else if (this instanceof ReadyForCard m) {
      return Optional.of(m.seat());
    } else if (this instanceof ReadyForDummy m) {
      return Optional.of(m.seat());
    }
    return Optional.empty();
  }

  /**
   * This message with the table turned {@code quarters} quarter turns clockwise (North to East):
   * every seat moves on, and with an odd turn the sides swap (vulnerability, team names, timing).
   * A program of a pair that changes direction in a session keeps the seat it connected as,
   * and sees each table turned so that it sits there.
   */
  default TmMessage rotated(int quarters) {
    int q = Math.floorMod(quarters, 4);
    if (q == 0) {
      return this;
    }
    boolean odd = q % 2 == 1;
    if (this instanceof Connect m) {
      return new Connect(m.team(), m.seat().map(x -> x.next(q)), m.version());
    } else if (this instanceof Seated m) {
      return new Seated(m.seat().next(q), m.team());
    } else if (this instanceof ReadyForTeams m) {
      return new ReadyForTeams(m.seat().next(q));
    } else if (this instanceof Teams m) {
      return odd ? new Teams(m.eastWest(), m.northSouth()) : m;
    } else if (this instanceof ReadyToStart m) {
      return new ReadyToStart(m.seat().next(q));
    } else if (this instanceof ReadyForDeal m) {
      return new ReadyForDeal(m.seat().next(q));
    } else if (this instanceof BoardInfo m) {
      Vulnerability v = m.vulnerability();
      if (odd && (v == Vulnerability.NS || v == Vulnerability.EW)) {
        v = v == Vulnerability.NS ? Vulnerability.EW : Vulnerability.NS;
      }
      return new BoardInfo(m.board(), m.dealer().next(q), v);
    } else if (this instanceof ReadyForCards m) {
      return new ReadyForCards(m.seat().next(q));
    } else if (this instanceof Cards m) {
      return new Cards(m.seat().next(q), m.hand());
    } else if (this instanceof Called m) {
      return new Called(m.seat().next(q), m.call(), m.alert(), m.infos());
    } else if (this instanceof ReadyForBid m) {
      return new ReadyForBid(m.seat().next(q), m.from().next(q));
    } else if (this instanceof ToLead m) {
      return new ToLead(m.seat().next(q), m.dummy());
    } else if (this instanceof Played m) {
      return new Played(m.seat().next(q), m.card());
    } else if (this instanceof ReadyForCard m) {
      return new ReadyForCard(m.seat().next(q), m.from().map(x -> x.next(q)), m.trick());
    } else if (this instanceof ReadyForDummy m) {
      return new ReadyForDummy(m.seat().next(q));
    } else if (this instanceof Timing m) {
      return odd ? new Timing(m.ewBoard(), m.ewTotal(), m.nsBoard(), m.nsTotal()) : m;
    }
    return this; // Start of board, Dummy's cards, End of session: no seat in them
  }

  /** {@code S A K 3. H -. D Q J 9 8 7 2. C A 4 3.}: spades first, high to low, void as -. */
  static String handText(Hand hand) {
    StringBuilder b = new StringBuilder();
    Suit[] order = {Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS};
    for (Suit s : order) {
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(s.letter());
      Rank[] ranks = Rank.values();
      boolean any = false;
      for (int i = ranks.length - 1; i >= 0; i--) {
        if (hand.contains(Card.of(s, ranks[i]))) {
          b.append(' ').append(ranks[i].letter());
          any = true;
        }
      }
      b.append(any ? "." : " -.");
    }
    return b.toString();
  }

  private static String minutes(Duration d) {
    long s = d.toSeconds();
    return String.format("%02d:%02d", s / 60, s % 60);
  }

  private static String hours(Duration d) {
    long s = d.toSeconds();
    return (s / 3600) + ":" + String.format("%02d:%02d", (s / 60) % 60, s % 60);
  }
}
