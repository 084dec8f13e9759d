package org.tenace.client;

import java.util.List;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.Contract;
import org.tenace.proto.v1.Doubling;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.Strain;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.Trick;
import org.tenace.proto.v1.Viewer;
import org.tenace.proto.v1.Vulnerability;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;

/** Small builders of what the server sends, for the tests of the driver and of its players. */
public final class Boards {
  /** A first trick of hearts: the king led, the two, the ace, the three. */
  public static final List<Card> FIRST = List.of(Card.parse("HK"), Card.parse("H2"),
      Card.parse("HA"), Card.parse("H3"));

  private Boards() {}

  /** 1NT by North: East leads; South is dummy. East's view: East holds S2 and D5. */
  public static BoardView.Builder oneNotrump() {
    return board().setContract(contract(1, Strain.STRAIN_NO_TRUMP, Seat.NORTH))
        .addHands(hand(Seat.EAST, "S2", "D5"));
  }

  public static BoardView.Builder board() {
    return BoardView.newBuilder().setBoardNumber(1).setDealer(org.tenace.proto.v1.Seat.SEAT_NORTH)
        .setVulnerability(Vulnerability.VULNERABILITY_NONE).setPhase(BoardPhase.BOARD_PHASE_PLAY);
  }

  public static Contract contract(int level, Strain strain, Seat declarer) {
    return Contract.newBuilder().setLevel(level).setStrain(strain)
        .setDoubling(Doubling.DOUBLING_UNDOUBLED).setDeclarer(Vocabulary.toProto(declarer))
        .build();
  }

  public static Hand hand(Seat seat, String... cards) {
    Hand.Builder h = Hand.newBuilder().setSeat(Vocabulary.toProto(seat));
    for (String c : cards) {
      h.addCards(Vocabulary.toProto(Card.parse(c)));
    }
    return h.build();
  }

  /** A trick led by {@code leader}, with these cards in order, won by {@code winner} (or null). */
  public static Trick trick(int number, Seat leader, Seat winner, List<Card> cards) {
    Trick.Builder t = Trick.newBuilder().setNumber(number).setLeader(Vocabulary.toProto(leader));
    for (int i = 0; i < cards.size(); i++) {
      t.addCards(PlayedCard.newBuilder().setSeat(Vocabulary.toProto(leader.next(i)))
          .setCard(Vocabulary.toProto(cards.get(i))));
    }
    if (winner != null) {
      t.setWinner(Vocabulary.toProto(winner));
    }
    return t.build();
  }

  public static TableSnapshot snapshot(Seat viewer, BoardView.Builder board) {
    return TableSnapshot.newBuilder().setSequence(10)
        .setViewer(Viewer.newBuilder().setSeat(Vocabulary.toProto(viewer)))
        .setBoard(board).build();
  }
}
