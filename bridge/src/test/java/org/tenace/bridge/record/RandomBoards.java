package org.tenace.bridge.record;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.tenace.bridge.auction.Bid;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.auction.Doubling;
import org.tenace.bridge.auction.Strain;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;

/** Test data: random deals, auctions and plays that follow suit, from a seed. */
public final class RandomBoards {
  private RandomBoards() {}

  public static Deal deal(Random random) {
    List<Card> pack = new ArrayList<>();
    for (int i = 0; i < 52; i++) {
      pack.add(Card.of(i));
    }
    Collections.shuffle(pack, random);
    Map<Seat, Hand> hands = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      hands.put(s, Hand.of(pack.subList(s.ordinal() * 13, s.ordinal() * 13 + 13)));
    }
    return Deal.of(hands);
  }

  /** {@code tricks} tricks of a play that follows suit; each trick's winner leads the next. */
  public static List<PlayedCard> play(Random random, Deal deal, Seat leader, Strain strain,
      int cards) {
    Map<Seat, Hand> left = new EnumMap<>(Seat.class);
    for (Seat s : Seat.values()) {
      left.put(s, deal.hand(s));
    }
    List<PlayedCard> out = new ArrayList<>();
    Seat lead = leader;
    while (out.size() < cards) {
      List<PlayedCard> trick = new ArrayList<>();
      for (int i = 0; i < 4 && out.size() + trick.size() < cards; i++) {
        Seat s = lead.next(i);
        Hand h = left.get(s);
        Hand follow = trick.isEmpty() ? h : h.suit(trick.get(0).card().suit());
        List<Card> options = (follow.isEmpty() ? h : follow).cards();
        Card c = options.get(random.nextInt(options.size()));
        left.put(s, h.without(c));
        trick.add(PlayedCard.of(s, c));
      }
      out.addAll(trick);
      if (trick.size() == 4) {
        lead = trick.get(TrickOrder.winningIndex(trick.stream().map(PlayedCard::card).toList(),
            strain)).seat();
      }
    }
    return out;
  }

  /** A regular auction from the dealer: passes, then a bid, maybe doubled, then three passes. */
  public static List<RecordedCall> auction(Random random, Seat dealer) {
    List<RecordedCall> calls = new ArrayList<>();
    int passes = random.nextInt(4);
    for (int i = 0; i < passes; i++) {
      calls.add(RecordedCall.of(dealer.next(calls.size()), Call.PASS));
    }
    if (random.nextInt(10) == 0) {
      calls.add(RecordedCall.of(dealer.next(calls.size()), Call.PASS));
      while (calls.size() < 4) {
        calls.add(RecordedCall.of(dealer.next(calls.size()), Call.PASS));
      }
      return calls.subList(0, 4);
    }
    int rank = random.nextInt(20);
    for (int bids = 1 + random.nextInt(4); bids > 0 && rank < 35; bids--) {
      Seat seat = dealer.next(calls.size());
      Bid bid = Bid.ofRank(rank);
      calls.add(random.nextBoolean()
          ? RecordedCall.alerted(seat, bid, random.nextBoolean() ? "" : "shows " + bid)
          : RecordedCall.of(seat, bid));
      rank += 1 + random.nextInt(5);
    }
    if (random.nextBoolean()) {
      calls.add(RecordedCall.of(dealer.next(calls.size()), Call.DOUBLE));
      if (random.nextBoolean()) {
        calls.add(RecordedCall.of(dealer.next(calls.size()), Call.REDOUBLE));
      }
    }
    for (int i = 0; i < 3; i++) {
      calls.add(RecordedCall.of(dealer.next(calls.size()), Call.PASS));
    }
    return calls;
  }

  /** A whole hand record: deal, players, auction, some or all of the play, result. */
  public static HandRecord record(long seed) {
    Random random = new Random(seed);
    int number = 1 + random.nextInt(36);
    Board board = Board.of(number);
    Deal deal = deal(random);
    List<RecordedCall> auction = auction(random, board.dealer());
    HandRecord.Builder b = HandRecord.builder(board.dealer(), board.vulnerability())
        .board(number).deal(deal).auction(auction)
        .player(Seat.NORTH, "north" + random.nextInt(100)).player(Seat.EAST, "Ö-V e")
        .player(Seat.SOUTH, "s").player(Seat.WEST, "west player");
    Contract contract = Auctions.finalContract(auction).orElse(null);
    if (contract == null) {
      return b.passedOut(true).build();
    }
    int cards = random.nextBoolean() ? 52 : random.nextInt(53);
    List<PlayedCard> play = play(random, deal, contract.openingLeader(), contract.strain(),
        cards);
    b.contract(contract).play(play);
    if (cards == 52) {
      long won = TrickOrder.winners(play, contract.strain()).stream()
          .filter(s -> s.side() == contract.declarer().side()).count();
      b.result((int) won);
    } else if (random.nextBoolean()) {
      b.result(random.nextInt(14));
    }
    return b.build();
  }

  static Contract contract(String bid, Seat declarer) {
    return new Contract(Bid.parse(bid), Doubling.UNDOUBLED, declarer);
  }
}
