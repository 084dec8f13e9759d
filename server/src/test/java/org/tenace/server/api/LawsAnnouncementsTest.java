package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.google.protobuf.Duration;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.AuctionCall;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Irregularity;
import org.tenace.proto.v1.IrregularityKind;
import org.tenace.proto.v1.Mode;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.TableEvent;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.Turn;

/**
 * Laws mode over the wire: every kind of irregularity a table can find is announced to all four
 * seats, once, with its Law, offender and call or card, and stands in the snapshot of a client
 * that starts watching afterwards. A real server on loopback, four real clients.
 */
class LawsAnnouncementsTest extends LoopbackServer {
  private static final Seat N = Seat.SEAT_NORTH;
  private static final Seat S = Seat.SEAT_SOUTH;
  private static final Seat W = Seat.SEAT_WEST;

  private final Set<IrregularityKind> announced = EnumSet.noneOf(IrregularityKind.class);
  private int watchers;

  /** Board 1, North deals; rulings take the Laws' default at once; no automatic passes. */
  private Party table() {
    String id = TableServiceGrpcHelper.create(channel, CreateTableRequest.newBuilder()
        .setName("TD").setSettings(TableSettings.newBuilder().setMode(Mode.MODE_LAWS)
            .setAutoPassBarred(false).setDirectorTimeout(Duration.newBuilder().setSeconds(0)))
        .setDealSeed(9).build());
    Party p = new Party(channel, id);
    p.at(N).awaitTurn(Turn.KindCase.CALL);
    return p;
  }

  @Test
  void everyKindOfIrregularityIsAnnouncedOnceWithItsLawOffenderAndCallOrCard() {
    Party p = table();
    p.calls(N, "1H", "1S", "1H");                                   // S: insufficient
    assertCall(announce(p, IrregularityKind.IRREGULARITY_KIND_INSUFFICIENT_BID), "27", S, 2);

    p = table();
    p.call(N, "1H");
    p.call(S, "1S");                                                 // S at East's turn
    assertCall(announce(p, IrregularityKind.IRREGULARITY_KIND_OUT_OF_TURN), "29", S, 1);

    p = table();
    p.call(N, "1H");
    p.call(N, "2H");            // North again at East's turn: a change (25A: intended by default)
    assertCall(announce(p, IrregularityKind.IRREGULARITY_KIND_CHANGE_OF_CALL), "25B", N, 1);

    p = table();
    p.calls(N, "1H", "P", "X");                                      // S doubles partner
    Irregularity x = announce(p, IrregularityKind.IRREGULARITY_KIND_INADMISSIBLE_DOUBLE);
    assertCall(x, "36B", S, 2);
    assertThat(x.getDescription()).contains("South doubled partner's 1H", "North must pass");

    p = table();
    p.calls(N, "1H", "1S", "XX");                                    // S redoubles nothing
    assertCall(announce(p, IrregularityKind.IRREGULARITY_KIND_INADMISSIBLE_REDOUBLE), "36B", S,
        2);
    p.calls(S, "P", "P");
    p.call(N, "2H");                                                 // N is barred (36B)
    assertCall(announce(p, IrregularityKind.IRREGULARITY_KIND_CALL_BARRED), "37B", N, 5);
    p.call(W, "P");                                                  // the auction is over
    assertCall(announce(p, IrregularityKind.IRREGULARITY_KIND_CALL_AFTER_FINAL_PASS), "39", W,
        7);

    p = table();
    p.call(N, "8C");
    assertCall(announce(p, IrregularityKind.IRREGULARITY_KIND_BID_ABOVE_SEVEN), "38", N, 0);

    p = table();
    p.calls(N, "1NT", "P", "P", "P");                  // 1NT by North: East leads, West revokes
    Card revoked = playWithARevokeBy(p, W);
    Irregularity r = announce(p, IrregularityKind.IRREGULARITY_KIND_REVOKE);
    assertThat(r.getOffender()).isEqualTo(W);
    assertThat(r.getCard().getCard()).isEqualTo(revoked);
    assertThat(r.getLaw()).startsWith("64");
    assertThat(r.getDescription()).contains("West revoked", "established");

    Set<IrregularityKind> all = EnumSet.allOf(IrregularityKind.class);
    all.remove(IrregularityKind.IRREGULARITY_KIND_UNSPECIFIED);
    all.remove(IrregularityKind.UNRECOGNIZED);
    assertThat(announced).as("kinds no laws-mode table announced").containsAll(all);
  }

  @Test
  void aCallOutOfRotationWhileACancelledCallsMakerMustCallAgainGetsTheLaw29Option() {
    Party p = table();
    p.calls(N, "1H", "P", "X");                   // 36B: South's double is cancelled, S again
    assertThat(p.at(S).awaitTurn(Turn.KindCase.CALL).getSeat()).isEqualTo(S);
    p.call(W, "P");                               // West at South's turn: out of rotation
    Turn north = p.at(N).awaitTurn(Turn.KindCase.OPTION);
    assertThat(north.getOption().getOption().getLaw()).isEqualTo("29");
    assertCall(announce(p, IrregularityKind.IRREGULARITY_KIND_OUT_OF_TURN), "29", W, 3);
    p.choose(N, org.tenace.proto.v1.OptionChoice.OPTION_CHOICE_REFUSE);   // 29B: cancelled
    // South still owes the call that replaces his double, and makes it.
    assertThat(p.at(S).awaitTurn(Turn.KindCase.CALL).getSeat()).isEqualTo(S);
    p.call(S, "2H");
    TableSnapshot s = freshSnapshot(p);
    List<AuctionCall> auction = s.getBoard().getAuctionList();
    assertThat(auction.get(auction.size() - 1).getSeat()).isEqualTo(S);
    assertThat(auction.get(auction.size() - 1).getWithdrawn()).isFalse();
  }

  /**
   * Waits until all four seats have had the announcement of {@code kind}, checks it came once
   * and with a Law, an offender and a call or card, and that a client watching afresh finds it
   * in its snapshot.
   */
  private Irregularity announce(Party p, IrregularityKind kind) {
    await().atMost(java.time.Duration.ofSeconds(30)).until(() -> Party.SEATS.stream()
        .allMatch(seat -> found(p, seat, kind).size() == 1));
    Irregularity i = found(p, N, kind).get(0);
    for (Seat seat : Party.SEATS) {
      assertThat(found(p, seat, kind)).as("announced to " + seat + " once").containsExactly(i);
    }
    assertThat(i.getLaw()).isNotEmpty();
    assertThat(i.getOffender()).isNotEqualTo(Seat.SEAT_UNSPECIFIED);
    assertThat(i.getDescription()).isNotBlank();
    assertThat(i.hasCallIndex() || i.hasCard()).as("a call index or a card").isTrue();
    assertThat(freshSnapshot(p).getBoard().getIrregularitiesList()).contains(i);
    announced.add(kind);
    return i;
  }

  private static List<Irregularity> found(Party p, Seat seat, IrregularityKind kind) {
    return p.at(seat).events().stream().filter(TableEvent::hasIrregularityFound)
        .map(e -> e.getIrregularityFound().getIrregularity())
        .filter(i -> i.getKind() == kind).toList();
  }

  private TableSnapshot freshSnapshot(Party p) {
    TestClient td = TestClient.join(channel, p.tableId, Seat.SEAT_UNSPECIFIED, "td" + watchers++);
    td.watch(0);
    await().atMost(java.time.Duration.ofSeconds(30)).until(() -> td.latestSnapshot().isPresent());
    return td.latestSnapshot().orElseThrow();
  }

  private static void assertCall(Irregularity i, String law, Seat offender, int callIndex) {
    assertThat(i.getLaw()).isEqualTo(law);
    assertThat(i.getOffender()).isEqualTo(offender);
    assertThat(i.hasCallIndex()).isTrue();
    assertThat(i.getCallIndex()).isEqualTo(callIndex);
  }

  /**
   * Plays the board out; at the first trick {@code revoker} can revoke in (holding the suit led
   * and another), he plays the other suit. Returns the card revoked with.
   */
  private static Card playWithARevokeBy(Party p, Seat revoker) {
    Set<Card> played = new HashSet<>();
    Card revoked = null;
    for (int n = 0; n < 52; n++) {
      TestClient c = p.player();
      Turn t = c.turn();
      Card card = t.getPlay().getLegalCards(0);
      if (revoked == null && t.getSeat() == revoker) {
        List<Card> legal = t.getPlay().getLegalCardsList();
        Card other = c.dealtHand().stream().filter(k -> !played.contains(k)
            && !legal.contains(k)).findFirst().orElse(null);
        if (other != null) {
          card = other;
          revoked = other;
        }
      }
      played.add(card);
      p.play(card);
    }
    assertThat(revoked).as("a trick where West could revoke").isNotNull();
    assertThat(p.lastCompleted().getResult().getBoardNumber()).isEqualTo(1);
    return revoked;
  }
}
