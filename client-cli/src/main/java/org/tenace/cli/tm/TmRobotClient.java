package org.tenace.cli.tm;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.tenace.bridge.auction.CallChoice;
import org.tenace.client.Player;
import org.tenace.client.SeatView;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.AuctionCall;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.Trick;
import org.tenace.proto.v1.Viewer;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.bridge.card.TrickWinner;
import org.tenace.bridge.record.Auctions;
import org.tenace.bridge.record.RecordedCall;

/**
 * A {@link Player} (Tenace's house robot) as a Table Manager client: it connects to a TM host,
 * takes its seat with the handshake and plays every board the host deals until End of session,
 * keeping the board as the lines tell it and asking the player with a view built from them
 * alone. The host decides nothing for it and it trusts nothing but its own record: the legal
 * calls and cards are worked out here (Laws 19-20 for doubles, 44 for following suit).
 */
public final class TmRobotClient {

  /** One board as this seat saw it, for the caller's log. */
  public record Board(int number, Optional<Contract> contract, int tricksDeclarer) {}

  private final Seat me;
  private final String team;
  private final Player player;
  private final PrintWriter log;
  private final int version;

  public TmRobotClient(Seat me, String team, Player player, PrintWriter log) {
    this(me, team, player, log, 18);
  }

  /**
   * With {@code version} 19 it connects as a protocol 19 program: it explains calls it does not
   * alert ({@code Infos.}) and reads the explanations of the opponents' calls the host sends.
   */
  public TmRobotClient(Seat me, String team, Player player, PrintWriter log, int version) {
    if (version != 18 && version != 19) {
      throw new IllegalArgumentException("protocol version 18 or 19, not " + version);
    }
    this.me = me;
    this.team = team;
    this.player = player;
    this.log = log;
    this.version = version;
  }

  /** Plays on {@code socket} until End of session; returns the boards it played. */
  public List<Board> play(Socket socket, BiConsumer<String, String> transcript,
      java.util.function.Consumer<Board> onBoard) throws IOException, TmLine.BadLine {
    List<Board> boards = new ArrayList<>();
    try (TmConnection c = new TmConnection(socket, transcript, Duration.ZERO)) {
      c.send(new TmMessage.Connect(team, Optional.of(me), version).line());
      expect(c, TmMessage.Seated.class);
      c.send(new TmMessage.ReadyForTeams(me).line());
      expect(c, TmMessage.Teams.class);
      c.send(new TmMessage.ReadyToStart(me).line());
      while (true) {
        TmMessage m = next(c);
        if (m == null || m instanceof TmMessage.EndOfSession) {
          return boards;
        }
        if (m instanceof TmMessage.StartOfBoard) {
          Board b = board(c);
          boards.add(b);
          onBoard.accept(b);
        }
        // Timing and anything else between boards: nothing to answer.
      }
    }
  }

  private Board board(TmConnection c) throws IOException, TmLine.BadLine {
    c.send(new TmMessage.ReadyForDeal(me).line());
    TmMessage.BoardInfo info = expect(c, TmMessage.BoardInfo.class);
    c.send(new TmMessage.ReadyForCards(me).line());
    Hand hand = expect(c, TmMessage.Cards.class).hand();
    State s = new State(info, hand);
    // The auction.
    while (!Auctions.isComplete(s.record)) {
      Seat turn = info.dealer().next(s.record.size());
      TmMessage.Called call;
      if (turn == me) {
        CallChoice a = player.call(s.view(), s.legalCalls());
        boolean explained = !a.alert() && version >= 19 && !a.explanation().isBlank();
        call = new TmMessage.Called(me, a.call(), a.alert()
            ? Optional.of(a.explanation()) : Optional.empty(),
            explained ? Optional.of(a.explanation()) : Optional.empty());
        c.send(call.line());
      } else {
        c.send(new TmMessage.ReadyForBid(me, turn).line());
        call = expect(c, TmMessage.Called.class);
      }
      s.call(call);
    }
    Optional<Contract> contract = Auctions.finalContract(s.record);
    if (contract.isEmpty()) {
      return new Board(info.board(), contract, 0);
    }
    s.contract = contract.get();
    Seat dummy = s.contract.dummy();
    Seat declarer = s.contract.declarer();
    // The play: thirteen tricks.
    Seat leader = s.contract.openingLeader();
    int declarerTricks = 0;
    for (int trick = 1; trick <= 13; trick++) {
      s.tricks.add(Trick.newBuilder().setNumber(trick).setLeader(Vocabulary.toProto(leader))
          .build());
      for (int i = 0; i < 4; i++) {
        Seat who = leader.next(i);
        boolean mine = who == me && me != dummy || me == declarer && who == dummy;
        Card card;
        if (mine) {
          List<Card> legal = s.legalCards(who);
          card = player.card(s.view(), who, legal);
          c.send(new TmMessage.Played(who, card).line());
        } else {
          // Dummy's program asks for its own cards as dummy's, the one form the championship
          // host takes from dummy.
          c.send(new TmMessage.ReadyForCard(me, who == me ? Optional.empty() : Optional.of(who),
              trick).line());
          TmMessage.Played p = expect(c, TmMessage.Played.class);
          if (p.seat() != who) {
            throw new TmLine.BadLine("'" + p.line() + "' when " + who + " was to play");
          }
          card = p.card();
        }
        s.played(who, card);
        if (trick == 1 && i == 0 && me != dummy) {
          c.send(new TmMessage.ReadyForDummy(me).line());
          s.dummyHand = expect(c, TmMessage.DummyCards.class).hand();
        }
      }
      leader = s.winner();
      if (leader.side() == declarer.side()) {
        declarerTricks++;
      }
    }
    return new Board(info.board(), contract, declarerTricks);
  }

  /**
   * The next line that is not "X to lead", read into a message. The client leads when its own
   * record says it is on lead; some hosts send the line to the program on lead first (the
   * championship host, the gateway), some do not, so it is read and passed by.
   */
  private static TmMessage next(TmConnection c) throws IOException, TmLine.BadLine {
    while (true) {
      String line = c.read();
      if (line == null) {
        return null;
      }
      TmMessage m = TmLine.parse(line);
      if (!(m instanceof TmMessage.ToLead)) {
        return m;
      }
    }
  }

  private static <T extends TmMessage> T expect(TmConnection c, Class<T> kind)
      throws IOException, TmLine.BadLine {
    TmMessage m = next(c);
    if (m == null) {
      throw new IOException("the host closed the connection");
    }
    if (!kind.isInstance(m)) {
      throw new TmLine.BadLine("'" + m.line() + "' where a " + kind.getSimpleName()
          + " line was due");
    }
    return kind.cast(m);
  }

  /** The board as the lines told it to this seat. */
  private final class State {
    final TmMessage.BoardInfo info;
    Hand hand;
    Hand dummyHand;
    final List<RecordedCall> record = new ArrayList<>();
    final List<AuctionCall> auction = new ArrayList<>();
    final List<Trick> tricks = new ArrayList<>();
    Contract contract;

    State(TmMessage.BoardInfo info, Hand hand) {
      this.info = info;
      this.hand = hand;
    }

    void call(TmMessage.Called c) {
      record.add(c.alert().isPresent() ? RecordedCall.alerted(c.seat(), c.call(),
          c.alert().get()) : RecordedCall.of(c.seat(), c.call()));
      auction.add(AuctionCall.newBuilder().setIndex(auction.size())
          .setSeat(Vocabulary.toProto(c.seat())).setCall(Vocabulary.toProto(c.call()))
          .setAlert(c.alert().isPresent()).setExplanation(c.explanation()).build());
    }

    List<Call> legalCalls() {
      return Auctions.legalCalls(record);
    }

    Hand holding(Seat who) {
      return who == me ? hand : dummyHand;
    }

    List<Card> legalCards(Seat who) {
      Hand h = holding(who);
      Trick current = tricks.get(tricks.size() - 1);
      if (current.getCardsCount() > 0) {
        Suit led = Vocabulary.card(current.getCards(0).getCard()).suit();
        if (h.hasSuit(led)) {
          return h.suit(led).cards();
        }
      }
      return h.cards();
    }

    void played(Seat who, Card card) {
      if (who == me) {
        hand = hand.without(card);
      } else if (dummyHand != null && contract.dummy() == who) {
        dummyHand = dummyHand.without(card);
      }
      int i = tricks.size() - 1;
      tricks.set(i, tricks.get(i).toBuilder().addCards(PlayedCard.newBuilder()
          .setSeat(Vocabulary.toProto(who)).setCard(Vocabulary.toProto(card))).build());
    }

    Seat winner() {
      int i = tricks.size() - 1;
      Trick t = tricks.get(i);
      List<Card> played = t.getCardsList().stream().map(pc -> Vocabulary.card(pc.getCard()))
          .toList();
      PlayedCard best = t.getCards(TrickWinner.index(played,
          contract.strain().trump().orElse(null)));
      tricks.set(i, t.toBuilder().setWinner(best.getSeat()).build());
      return Vocabulary.seat(best.getSeat());
    }

    SeatView view() {
      BoardView.Builder b = BoardView.newBuilder().setBoardNumber(info.board())
          .setDealer(Vocabulary.toProto(info.dealer()))
          .setVulnerability(Vocabulary.toProto(info.vulnerability()))
          .addHands(hand(me, hand)).addAllAuction(auction).addAllTricks(tricks);
      if (contract != null) {
        b.setContract(Vocabulary.toProto(contract));
        if (dummyHand != null) {
          b.addHands(hand(contract.dummy(), dummyHand));
        }
      }
      return new SeatView(me, TableSnapshot.newBuilder().setViewer(Viewer.newBuilder()
          .setSeat(Vocabulary.toProto(me))).setBoard(b).build());
    }
  }

  private static org.tenace.proto.v1.Hand hand(Seat seat, Hand h) {
    var b = org.tenace.proto.v1.Hand.newBuilder().setSeat(Vocabulary.toProto(seat));
    for (Card c : h.cards()) {
      b.addCards(Vocabulary.toProto(c));
    }
    return b.build();
  }
}
