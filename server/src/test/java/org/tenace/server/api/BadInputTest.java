package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.rpc.ErrorInfo;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.Bid;
import org.tenace.proto.v1.Call;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.Rank;
import org.tenace.proto.v1.Role;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.Strain;
import org.tenace.proto.v1.Suit;
import org.tenace.proto.v1.TableServiceGrpc;
import org.tenace.proto.v1.TableSettings;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.WatchTableRequest;

/**
 * Bad input over the wire gets the right status, names what was wrong, and never changes the
 * table: its version is the same before and after every refusal.
 */
class BadInputTest extends LoopbackServer {
  private Party party;

  @BeforeEach
  void seatParty() {
    String id = TableServiceGrpcHelper.create(channel, CreateTableRequest.newBuilder()
        .setName("bad").setSettings(TableSettings.getDefaultInstance()).setDealSeed(3).build());
    party = new Party(channel, id);
    party.at(Seat.SEAT_NORTH).awaitTurn(Turn.KindCase.CALL);
  }


  private MakeCallRequest.Builder call(Seat seat, Call call) {
    return MakeCallRequest.newBuilder().setTableId(party.tableId).setSeat(seat).setCall(call);
  }

  /** Runs a request that must fail; checks code, reason and that the table did not change. */
  private void refused(Status.Code code, String reason, Supplier<?> request) {
    long before = party.at(Seat.SEAT_NORTH).lastSequence();
    StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, request::get);
    assertThat(e).as("refused with %s", reason).isNotNull();
    assertThat(e.getStatus().getCode()).isEqualTo(code);
    assertThat(e.getStatus().getDescription()).startsWith(reason + ":");
    com.google.rpc.Status details = StatusProto.fromThrowable(e);
    assertThat(details).isNotNull();
    assertThat(details.getDetailsList()).anySatisfy(any -> {
      assertThat(any.is(ErrorInfo.class)).isTrue();
      assertThat(any.unpack(ErrorInfo.class).getReason()).isEqualTo(reason);
    });
    // Nothing happened: a legal call still goes through at the same version.
    assertThat(party.at(Seat.SEAT_NORTH).lastSequence()).isEqualTo(before);
  }

  @Test
  void malformedRequestsAreInvalidArguments() {
    TableServiceGrpc.TableServiceBlockingStub north = party.at(Seat.SEAT_NORTH).stub;
    refused(Status.Code.INVALID_ARGUMENT, "MALFORMED",
        () -> north.makeCall(call(Seat.SEAT_NORTH, Party.parse("1C")).setSeatValue(9).build()));
    refused(Status.Code.INVALID_ARGUMENT, "MALFORMED",
        () -> north.makeCall(call(Seat.SEAT_NORTH, Call.newBuilder().setBid(
            Bid.newBuilder().setLevel(1).setStrainValue(42)).build()).build()));
    refused(Status.Code.INVALID_ARGUMENT, "MALFORMED",
        () -> north.makeCall(call(Seat.SEAT_NORTH, Call.getDefaultInstance()).build()));
    refused(Status.Code.INVALID_ARGUMENT, "BID_ABOVE_SEVEN",
        () -> north.makeCall(call(Seat.SEAT_NORTH, Call.newBuilder().setBid(
            Bid.newBuilder().setLevel(9).setStrain(Strain.STRAIN_SPADES)).build()).build()));
    refused(Status.Code.INVALID_ARGUMENT, "BID_ABOVE_SEVEN",
        () -> north.makeCall(call(Seat.SEAT_NORTH, Call.newBuilder().setBid(
            Bid.newBuilder().setLevel(Integer.MAX_VALUE).setStrain(Strain.STRAIN_SPADES))
            .build()).build()));
    refused(Status.Code.INVALID_ARGUMENT, "MALFORMED",
        () -> north.makeCall(call(Seat.SEAT_NORTH, Call.newBuilder().setBid(
            Bid.newBuilder().setLevel(0).setStrain(Strain.STRAIN_SPADES)).build()).build()));
    refused(Status.Code.INVALID_ARGUMENT, "MALFORMED",
        () -> north.playCard(PlayCardRequest.newBuilder().setTableId(party.tableId)
            .setSeat(Seat.SEAT_NORTH).setCard(Card.newBuilder().setSuit(Suit.SUIT_SPADES)
                .setRankValue(15)).build()));
    refused(Status.Code.INVALID_ARGUMENT, "MALFORMED",
        () -> north.makeCall(call(Seat.SEAT_NORTH, Party.parse("1C")).setExpectedVersion(
            party.at(Seat.SEAT_NORTH).lastSequence() + 100).build()));
  }

  @Test
  void tokensAreCheckedBeforeAnything() {
    TableServiceGrpc.TableServiceBlockingStub anonymous =
        TableServiceGrpc.newBlockingStub(channel);
    refused(Status.Code.UNAUTHENTICATED, "TOKEN_MISSING",
        () -> anonymous.makeCall(call(Seat.SEAT_NORTH, Party.parse("1C")).build()));
    TestClient forged = TestClient.withToken(channel, party.tableId, Seat.SEAT_NORTH, "forged");
    refused(Status.Code.UNAUTHENTICATED, "TOKEN_INVALID",
        () -> forged.stub.makeCall(call(Seat.SEAT_NORTH, Party.parse("1C")).build()));
    refused(Status.Code.PERMISSION_DENIED, "NOT_YOUR_SEAT",
        () -> party.at(Seat.SEAT_EAST).stub.makeCall(
            call(Seat.SEAT_NORTH, Party.parse("1C")).build()));
    String other = TableServiceGrpcHelper.create(channel, CreateTableRequest.newBuilder()
        .setName("other").build());
    refused(Status.Code.PERMISSION_DENIED, "WRONG_TABLE",
        () -> party.at(Seat.SEAT_NORTH).stub.makeCall(call(Seat.SEAT_NORTH,
            Party.parse("1C")).setTableId(other).build()));
    refused(Status.Code.NOT_FOUND, "TABLE_NOT_FOUND",
        () -> party.at(Seat.SEAT_NORTH).stub.makeCall(call(Seat.SEAT_NORTH,
            Party.parse("1C")).setTableId("nope").build()));
    refused(Status.Code.ALREADY_EXISTS, "SEAT_TAKEN",
        () -> anonymous.joinTable(JoinTableRequest.newBuilder().setTableId(party.tableId)
            .setRole(Role.ROLE_PLAYER).setSeat(Seat.SEAT_SOUTH).setName("x").build()));
  }

  @Test
  void theRulesRefuseWithTheirLaw() {
    TableServiceGrpc.TableServiceBlockingStub north = party.at(Seat.SEAT_NORTH).stub;
    refused(Status.Code.FAILED_PRECONDITION, "OUT_OF_TURN",
        () -> party.at(Seat.SEAT_EAST).stub.makeCall(
            call(Seat.SEAT_EAST, Party.parse("1C")).build()));
    refused(Status.Code.FAILED_PRECONDITION, "INADMISSIBLE_DOUBLE",
        () -> north.makeCall(call(Seat.SEAT_NORTH, Party.parse("X")).build()));
    refused(Status.Code.FAILED_PRECONDITION, "NOT_PLAYING",
        () -> north.playCard(PlayCardRequest.newBuilder().setTableId(party.tableId)
            .setSeat(Seat.SEAT_NORTH).setCard(party.at(Seat.SEAT_NORTH).turn() == null ? null
                : anyCardOf(Seat.SEAT_NORTH)).build()));
    party.calls(Seat.SEAT_NORTH, "1S", "P", "P", "P");
    // East leads; a card East does not hold:
    Card notHeld = cardNotIn(party.player().turn().getPlay().getLegalCardsList());
    refused(Status.Code.FAILED_PRECONDITION, "CARD_NOT_HELD",
        () -> party.at(Seat.SEAT_EAST).stub.playCard(PlayCardRequest.newBuilder()
            .setTableId(party.tableId).setSeat(Seat.SEAT_EAST).setCard(notHeld).build()));
    party.playFirst();
    // South is dummy: South's own token may not play.
    Card dummyCard = party.at(Seat.SEAT_NORTH).turn().getPlay().getLegalCards(0);
    refused(Status.Code.PERMISSION_DENIED, "DUMMY_CANNOT_PLAY",
        () -> party.at(Seat.SEAT_SOUTH).stub.playCard(PlayCardRequest.newBuilder()
            .setTableId(party.tableId).setSeat(Seat.SEAT_SOUTH).setCard(dummyCard).build()));
  }

  @Test
  void garbageOnThePortClosesThatConnectionAndNothingElse() throws Exception {
    try (Socket s = new Socket("127.0.0.1", server.port())) {
      s.setSoTimeout(5000);
      OutputStream out = s.getOutputStream();
      out.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n\u0000\u0001garbage\u00ff".getBytes(
          StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = s.getInputStream();
      byte[] buf = new byte[4096];
      while (in.read(buf) >= 0) {
        // the server answers with an HTTP/2 error or closes: either way, read to the end
      }
    }
    // The table still plays.
    long v = party.call(Seat.SEAT_NORTH, "1C");
    assertThat(v).isGreaterThan(0);
    TableServiceGrpc.newBlockingStub(channel).listTables(
        org.tenace.proto.v1.ListTablesRequest.getDefaultInstance());
  }

  @Test
  void aWatchWithoutTokenIsRefused() {
    var it = TableServiceGrpc.newBlockingStub(channel).watchTable(WatchTableRequest.newBuilder()
        .setTableId(party.tableId).build());
    StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, it::hasNext);
    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
  }

  private Card anyCardOf(Seat s) {
    for (var r : party.at(s).received) {
      if (r.hasEvent() && r.getEvent().hasBoardStarted()) {
        return r.getEvent().getBoardStarted().getHands(0).getCards(0);
      }
      if (r.hasSnapshot() && r.getSnapshot().hasBoard()) {
        return r.getSnapshot().getBoard().getHands(0).getCards(0);
      }
    }
    throw new AssertionError("no hand seen");
  }

  private static Card cardNotIn(java.util.List<Card> held) {
    for (Suit suit : new Suit[] {Suit.SUIT_CLUBS, Suit.SUIT_DIAMONDS, Suit.SUIT_HEARTS,
        Suit.SUIT_SPADES}) {
      for (int r = 2; r <= 14; r++) {
        Card c = Card.newBuilder().setSuit(suit).setRank(Rank.forNumber(r)).build();
        if (!held.contains(c)) {
          return c;
        }
      }
    }
    throw new AssertionError();
  }
}
