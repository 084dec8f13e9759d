package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.BoardCompleted;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.Irregularity;
import org.tenace.proto.v1.IrregularityKind;
import org.tenace.proto.v1.Mode;
import org.tenace.proto.v1.OptionChoice;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.Strain;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.Turn;

/** A real Netty server on a loopback port and four real clients, playing whole boards. */
class TableServerTest extends LoopbackServer {
  private static final Seat N = Seat.SEAT_NORTH;
  private static final Seat E = Seat.SEAT_EAST;
  private static final Seat S = Seat.SEAT_SOUTH;
  private static final Seat W = Seat.SEAT_WEST;


  private Party table(Mode mode, long seed) {
    String id = TableServiceGrpcHelper.create(channel, CreateTableRequest.newBuilder().setName("IT")
        .setSettings(TableSettings.newBuilder().setMode(mode)).setDealSeed(seed).build());
    return new Party(channel, id);
  }

  @Test
  void passedOutClaimedAndUndoneBoardsAreScoredByLaw77() {
    Party p = table(Mode.MODE_ONLINE, 5);
    // Board 1, North deals: passed out, 0.
    p.at(N).awaitTurn(Turn.KindCase.CALL);
    p.calls(N, "P", "P", "P", "P");
    BoardCompleted one = p.lastCompleted();
    assertThat(one.getResult().getBoardNumber()).isEqualTo(1);
    assertThat(one.getResult().hasContract()).isFalse();
    assertThat(one.getResult().getScoreNorthSouth()).isZero();
    assertThat(one.getHandsCount()).isEqualTo(4);
    p.readyAll();

    // Board 2, East deals, NS vulnerable: 1NT by East; declarer claims 8 at once; NS accept.
    p.at(E).awaitTurn(Turn.KindCase.CALL);
    p.calls(E, "1NT", "P", "P", "P");
    p.playFirst(); // South leads
    p.claim(E, 8);
    p.answerClaim(N, true);
    p.answerClaim(S, true);
    BoardCompleted two = p.lastCompleted();
    assertThat(two.getResult().getContract().getStrain()).isEqualTo(Strain.STRAIN_NO_TRUMP);
    assertThat(two.getResult().getTricks()).isEqualTo(8);
    assertThat(two.getResult().getClaimed()).isTrue();
    assertThat(two.getResult().getScoreNorthSouth()).isEqualTo(-120);
    p.readyAll();

    // Board 3, South deals, EW vulnerable: South's 1C is undone with East and West's consent.
    p.at(S).awaitTurn(Turn.KindCase.CALL);
    p.call(S, "1C");
    p.requestUndo(S);
    assertThat(p.at(W).awaitTurn(Turn.KindCase.UNDO_RESPONSE).getUndoResponse().getRequest()
        .getCallIndex()).isZero();
    p.answerUndo(W, true);
    p.answerUndo(E, true);
    p.at(S).awaitTurn(Turn.KindCase.CALL);
    assertThat(p.at(N).events()).anyMatch(e -> e.hasCallsWithdrawn()
        && e.getCallsWithdrawn().getUndone());
    p.calls(S, "1D", "P", "P", "P");
    p.playFirst(); // West leads
    p.claim(W, 0); // the defence concedes everything; declarer accepts
    p.answerClaim(S, true);
    BoardCompleted three = p.lastCompleted();
    assertThat(three.getResult().getContract().getStrain()).isEqualTo(Strain.STRAIN_DIAMONDS);
    assertThat(three.getResult().getTricks()).isEqualTo(13);
    assertThat(three.getResult().getScoreNorthSouth()).isEqualTo(190);
    // The event carries board 3's line of the running score; North's model holds all three.
    org.tenace.proto.v1.BoardResult line = three.getRunningScoreChange().getDuplicate().getBoard();
    assertThat(line.getBoardNumber()).isEqualTo(3);
    assertThat(line.getScoreNorthSouth()).isEqualTo(190);
    assertThat(line.getContract()).isEqualTo(three.getResult().getContract());
    org.tenace.client.TableModel model = new org.tenace.client.TableModel();
    p.at(N).received.forEach(model::apply);
    assertThat(model.snapshot().getRunningScore().getDuplicate().getBoardsList())
        .extracting(org.tenace.proto.v1.BoardResult::getScoreNorthSouth)
        .containsExactly(0, -120, 190);
  }

  @Test
  void lawsModeInsufficientBidGivesLhoTheChoice() {
    Party p = table(Mode.MODE_LAWS, 9);
    p.at(N).awaitTurn(Turn.KindCase.CALL);
    p.calls(N, "1H", "1S", "1H"); // South's 1H is insufficient (Law 27)
    Turn west = p.at(W).awaitTurn(Turn.KindCase.OPTION);
    assertThat(west.getOption().getOption().getLaw()).startsWith("27");
    for (Seat s : new Seat[] {N, E, S, W}) { // announced to all four, before the option
      // West's turn came on West's stream: the others' may still be on the way.
      Irregularity found = org.awaitility.Awaitility.await()
          .until(() -> p.at(s).events().stream().filter(e -> e.hasIrregularityFound())
              .findFirst(), java.util.Optional::isPresent)
          .orElseThrow().getIrregularityFound().getIrregularity();
      assertThat(found.getKind()).isEqualTo(IrregularityKind.IRREGULARITY_KIND_INSUFFICIENT_BID);
      assertThat(found.getOffender()).isEqualTo(S);
      assertThat(found.getCallIndex()).isEqualTo(2);
      assertThat(found.getDescription()).contains("insufficient");
    }
    assertThat(west.getOption().getOption().getChoicesList())
        .contains(OptionChoice.OPTION_CHOICE_ACCEPT, OptionChoice.OPTION_CHOICE_REFUSE);
    p.choose(W, OptionChoice.OPTION_CHOICE_REFUSE);
    p.at(S).awaitTurn(Turn.KindCase.CALL);
    // Whoever starts watching mid-board finds it in the snapshot.
    TestClient back = TestClient.join(channel, p.tableId, Seat.SEAT_UNSPECIFIED, "kibitzer");
    back.watch(0);
    org.awaitility.Awaitility.await().until(() -> back.latestSnapshot().isPresent());
    assertThat(back.latestSnapshot().orElseThrow().getBoard().getIrregularitiesList())
        .singleElement().satisfies(i -> {
          assertThat(i.getKind()).isEqualTo(IrregularityKind.IRREGULARITY_KIND_INSUFFICIENT_BID);
          assertThat(i.getCallIndex()).isEqualTo(2);
        });
    p.call(S, "2H"); // the lowest sufficient bid in the same strain: Law 27B1a, no rectification
    p.calls(W, "P", "P", "P");
    p.playFirst(); // East leads against 2H by North
    p.claim(N, 8);
    p.answerClaim(E, true);
    p.answerClaim(W, true);
    BoardCompleted done = p.lastCompleted();
    assertThat(done.getResult().getContract().getLevel()).isEqualTo(2);
    assertThat(done.getResult().getContract().getDeclarer()).isEqualTo(N);
    assertThat(done.getResult().getScoreNorthSouth()).isEqualTo(110);
  }

  @Test
  void lawsModeOpeningLeadOutOfTurnAcceptedAsDummyMakesPartnerDeclarer() {
    Party p = table(Mode.MODE_LAWS, 9);
    p.at(N).awaitTurn(Turn.KindCase.CALL);
    p.calls(N, "1S", "P", "P", "P"); // 1S by North: East is to lead, West leads instead
    p.at(E).awaitTurn(Turn.KindCase.PLAY);
    TestClient west = p.at(W);
    var card = west.dealtHand().get(0);
    p.sync(west.stub.playCard(PlayCardRequest.newBuilder().setTableId(p.tableId)
        .setSeat(W).setCard(card).setExpectedVersion(west.lastSequence()).build()).getVersion());

    Turn north = p.at(N).awaitTurn(Turn.KindCase.OPTION);
    var option = north.getOption().getOption();
    assertThat(option.getLaw()).isEqualTo("54");
    assertThat(option.getChoicesList()).contains(OptionChoice.OPTION_CHOICE_ACCEPT_AS_DUMMY);
    assertThat(option.getDescription()).contains("out of turn", "dummy").doesNotContain("[");
    Irregularity found = p.at(E).events().stream().filter(e -> e.hasIrregularityFound())
        .findFirst().orElseThrow().getIrregularityFound().getIrregularity();
    assertThat(found.getKind()).isEqualTo(IrregularityKind.IRREGULARITY_KIND_OUT_OF_TURN);
    assertThat(found.getCard().getCard()).isEqualTo(card);

    p.choose(N, OptionChoice.OPTION_CHOICE_ACCEPT_AS_DUMMY); // Law 54A: South declares
    for (Seat s : new Seat[] {N, E, S, W}) {
      // The choice's version reached every stream with its first event: dummy's may follow.
      await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
        var exposed = p.at(s).events().stream().filter(e -> e.hasDummyExposed()).findFirst()
            .orElseThrow().getDummyExposed();
        assertThat(exposed.getDummy().getSeat()).isEqualTo(N);
        assertThat(exposed.getDummy().getCardsCount()).isEqualTo(13);
        assertThat(exposed.getContract().getDeclarer()).isEqualTo(S);
      });
    }
    // North's hand is dummy now: South plays it, second to the trick.
    assertThat(p.at(S).awaitTurn(Turn.KindCase.PLAY).getSeat()).isEqualTo(N);
    // A client's model fed the stream knows the new declarer and the irregularity.
    var model = new org.tenace.client.TableModel();
    p.at(E).received.forEach(model::apply);
    assertThat(model.snapshot().getBoard().getContract().getDeclarer()).isEqualTo(S);
    assertThat(model.snapshot().getBoard().getIrregularitiesList()).singleElement()
        .satisfies(i -> assertThat(i.getCard().getCard()).isEqualTo(card));
  }
}
