package org.tenace.bridge.pbn;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.record.Auctions;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.Irregularity;
import org.tenace.bridge.record.PlayedCard;
import org.tenace.bridge.record.RecordedCall;
import org.tenace.bridge.record.Room;
import org.tenace.bridge.record.TrickOrder;

/**
 * Converts between a PBN game and a {@link HandRecord}. A PBN note on a call becomes an alert
 * with the note's text as its explanation (PBN does not tell alerts from explanations); the
 * play's columns become the order of play, trick by trick from each winner.
 */
public final class PbnRecords {
  private PbnRecords() {}

  /** As {@link #toHandRecord(PbnGame, Consumer)}, ignoring the warnings. */
  public static HandRecord toHandRecord(PbnGame game) {
    return toHandRecord(game, w -> { });
  }

  /**
   * The game as a hand record. The dealer comes from the Dealer tag, else the auction's first
   * seat, else the board number (Law 2); the vulnerability from the Vulnerable tag, else the
   * board number. Parts that cannot be used (a play with no contract to tell the trumps) are
   * left out and reported to {@code warnings}.
   *
   * @throws IllegalArgumentException when neither the dealer nor the vulnerability is known
   */
  public static HandRecord toHandRecord(PbnGame game, Consumer<String> warnings) {
    Optional<Board> board = game.board().isPresent()
        ? Optional.of(Board.of(game.board().getAsInt())) : Optional.empty();
    Seat dealer = game.dealer()
        .or(() -> game.auction().map(PbnAuction::first))
        .or(() -> board.map(Board::dealer))
        .orElseThrow(() -> new IllegalArgumentException(
            "no dealer: no Dealer tag, no auction and no board number"));
    Vulnerability vulnerability = game.vulnerability()
        .or(() -> board.map(Board::vulnerability))
        .orElseThrow(() -> new IllegalArgumentException(
            "no vulnerability: no Vulnerable tag and no board number"));
    HandRecord.Builder b = HandRecord.builder(dealer, vulnerability)
        .board(board)
        .deal(game.deal().flatMap(PbnDeal::full))
        .players(game.players())
        .event(nonEmpty(game.event()))
        .site(nonEmpty(game.site()))
        .date(nonEmpty(game.date()))
        .room(game.tag("Room").flatMap(PbnRecords::room));
    List<RecordedCall> auction = game.auction().map(PbnRecords::calls).orElse(List.of());
    b.auction(auction);
    if (!auction.isEmpty()) {
      b.notes(game.comments().getOrDefault("Auction", List.of()));    // as toGame writes them
    }

    Optional<PbnContract> contract = game.contract();
    if (contract.isPresent() && contract.get() instanceof PbnContract.PassedOut) {
      b.passedOut(true);
    } else {
      if (contract.isPresent() && contract.get() instanceof PbnContract.Played p) {
        if (game.declarer().isPresent()) {
          b.contract(new Contract(p.bid(), p.doubling(), game.declarer().get()));
        } else {
          warnings.accept("Contract " + p.toPbn() + " has no declarer; contract left out");
        }
      }
      b.result(game.declarerTricks());
    }
    b.nsScore(game.nsScore());

    game.play().ifPresent(play -> {
      Optional<Strain> strain = contract.flatMap(PbnRecords::strain)
          .or(() -> Auctions.finalContract(auction).map(Contract::strain));
      if (strain.isEmpty()) {
        warnings.accept("Play section left out: no contract to tell the trumps");
      } else {
        b.play(TrickOrder.playOrder(play.leader(), columns(play), strain.get()));
      }
    });
    return b.build();
  }

  /** The hand record as a PBN game, ready for {@link PbnWriter}. */
  public static PbnGame toGame(HandRecord r) {
    PbnGame.Builder b = PbnGame.builder();
    r.event().ifPresent(v -> b.tag("Event", text(v)));
    r.site().ifPresent(v -> b.tag("Site", text(v)));
    r.date().ifPresent(v -> b.tag("Date", text(v)));
    r.board().ifPresent(v -> b.board(v.number()));
    r.players().forEach((seat, name) -> b.player(seat, text(name)));
    b.dealer(r.dealer()).vulnerability(r.vulnerability());
    r.deal().ifPresent(d -> b.deal(PbnDeal.of(d)));
    if (r.passedOut()) {
      b.contract(PbnContract.PassedOut.INSTANCE);
    } else {
      r.contract().ifPresent(c -> b.declarer(c.declarer())
          .contract(new PbnContract.Played(c.bid(), c.doubling())));
      r.result().ifPresent(b::result);
    }
    r.nsScore().ifPresent(s -> b.score(PbnScore.ofNs(s)));
    r.room().ifPresent(v -> b.tag("Room", v.pbn()));
    if (!r.auction().isEmpty()) {
      b.auction(auction(r.dealer(), r.auction()));
    }
    // The notes as commentary after the auction, one each (read back by toHandRecord).
    if (!r.auction().isEmpty()) {
      for (String note : r.notes()) {
        b.comment("Auction", text(note).replace('}', ')').replace('{', '('));
      }
    }
    if (!r.play().isEmpty()) {
      Seat leader = r.contract().map(Contract::openingLeader).orElse(r.play().get(0).seat());
      List<PbnPlay.Entry> entries = new ArrayList<>();
      for (List<Optional<PlayedCard>> trick : TrickOrder.columns(leader, r.play())) {
        for (Optional<PlayedCard> slot : trick) {
          entries.add(slot.map(c -> new PbnPlay.Entry(PbnPlay.Kind.CARD, Optional.of(c.card()),
              c.irregularity(), Annotations.NONE))
              .orElse(PbnPlay.Entry.of(PbnPlay.Kind.UNKNOWN)));
        }
      }
      b.play(PbnPlay.of(leader, entries, false));
    }
    return b.build();
  }

  private static List<RecordedCall> calls(PbnAuction a) {
    List<RecordedCall> out = new ArrayList<>();
    int position = 0;
    boolean skipped = false;
    for (PbnAuction.Entry e : a.entries()) {
      switch (e.kind()) {
        case CALL -> {
          EnumSet<Irregularity> irregular = EnumSet.noneOf(Irregularity.class);
          if (e.insufficient()) {
            irregular.add(Irregularity.INSUFFICIENT_BID);
          }
          if (skipped) {
            irregular.add(Irregularity.CALL_OUT_OF_ROTATION);
          }
          OptionalInt note = e.annotations().note();
          Optional<String> text = note.isPresent()
              ? Optional.ofNullable(a.notes().get(note.getAsInt())).filter(t -> !t.isBlank())
              : Optional.empty();
          out.add(new RecordedCall(a.first().next(position), e.call().get(), note.isPresent(),
              text, irregular));
          skipped = false;
          position++;
        }
        case ALL_PASS -> {
          while (!Auctions.isComplete(out)) {
            out.add(RecordedCall.of(a.first().next(position++), Call.PASS));
          }
        }
        case SKIPPED -> {
          skipped = true;
          position++;
        }
        case NOT_YET -> position++;
        case CONTINUE -> {
          return out;
        }
      }
    }
    return out;
  }

  private static PbnAuction auction(Seat dealer, List<RecordedCall> calls) {
    List<PbnAuction.Entry> entries = new ArrayList<>();
    Map<String, Integer> noteIndex = new LinkedHashMap<>();
    Seat expected = dealer;
    for (RecordedCall c : calls) {
      for (int k = expected.distanceTo(c.seat()); k > 0; k--) {
        entries.add(PbnAuction.Entry.of(PbnAuction.Kind.SKIPPED));
      }
      Annotations notes = Annotations.NONE;
      if (c.alert() || c.explanation().isPresent()) {
        String text = text(c.explanation().orElse(""));
        int index = noteIndex.computeIfAbsent(text, t -> noteIndex.size() + 1);
        notes = Annotations.note(index);
      }
      entries.add(new PbnAuction.Entry(PbnAuction.Kind.CALL, Optional.of(c.call()),
          c.has(Irregularity.INSUFFICIENT_BID), notes));
      expected = c.seat().next();
    }
    Map<Integer, String> notes = new LinkedHashMap<>();
    noteIndex.forEach((text, i) -> notes.put(i, text));
    return new PbnAuction(dealer, entries, notes, false);
  }

  private static List<List<Optional<PlayedCard>>> columns(PbnPlay play) {
    List<List<Optional<PlayedCard>>> out = new ArrayList<>();
    int index = 0;
    for (List<PbnPlay.Entry> trick : play.tricks()) {
      List<Optional<PlayedCard>> slots = new ArrayList<>(4);
      for (PbnPlay.Entry e : trick) {
        Seat seat = play.seatOf(index++);
        slots.add(e.card().map(c -> new PlayedCard(seat, c, e.irregularity())));
      }
      out.add(slots);
    }
    return out;
  }

  private static Optional<Strain> strain(PbnContract c) {
    if (c instanceof PbnContract.Played p) {
      return Optional.of(p.bid().strain());
    }
    if (c instanceof PbnContract.Trumps t) {
      return Optional.of(t.strain());
    }
    return Optional.empty();
  }

  private static Optional<Room> room(String v) {
    try {
      return Optional.of(Room.parse(v));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** PBN strings hold no control characters (section 3.2): a tab or line break is a space. */
  private static String text(String s) {
    return s.replaceAll("[\\x00-\\x1f\\x7f]", " ");
  }

  private static Optional<String> nonEmpty(Optional<String> v) {
    return v.filter(s -> !s.isEmpty());
  }
}
