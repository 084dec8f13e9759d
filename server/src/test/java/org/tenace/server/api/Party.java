package org.tenace.server.api;

import io.grpc.ManagedChannel;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.tenace.proto.v1.Bid;
import org.tenace.proto.v1.Call;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.ChooseOptionRequest;
import org.tenace.proto.v1.ClaimRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.OptionChoice;
import org.tenace.proto.v1.OtherCall;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.RequestUndoRequest;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.RespondToUndoRequest;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.Strain;
import org.tenace.proto.v1.Turn;

/**
 * Four scripted clients at one table. Each command is sent with the sender's last sequence number
 * as expected_version, then every client is waited for until it has seen the command's events.
 */
final class Party {
  static final List<Seat> SEATS =
      List.of(Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_SOUTH, Seat.SEAT_WEST);

  final String tableId;
  final Map<Seat, TestClient> clients = new EnumMap<>(Seat.class);

  Party(ManagedChannel channel, String tableId) {
    this(channel, tableId, false);
  }

  /** {@code connect}: each client watches and acts over one Connect stream. */
  Party(ManagedChannel channel, String tableId, boolean connect) {
    this.tableId = tableId;
    for (Seat s : SEATS) {
      TestClient c = TestClient.join(channel, tableId, s, s.name().substring(5));
      if (connect) {
        c.connect(0);
      } else {
        c.watch(0);
      }
      clients.put(s, c);
    }
    // The last to watch causes the last event (its connection), which its snapshot includes:
    // wait until all have seen as much.
    TestClient last = clients.get(Seat.SEAT_WEST);
    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).until(() ->
        last.lastSequence() > 0 && clients.values().stream().allMatch(
            c -> c.lastSequence() == last.lastSequence()));
  }

  /**
   * A new table {@code name}, dealt from {@code seed}, its four seats taken by watching clients:
   * once North's client has the first call to make.
   */
  static Party atNewTable(ManagedChannel channel, String name, long seed) {
    Party party = new Party(channel, TableServiceGrpcHelper.create(channel,
        org.tenace.proto.v1.CreateTableRequest.newBuilder().setName(name).setDealSeed(seed)
            .build()));
    party.at(Seat.SEAT_NORTH).awaitTurn(org.tenace.proto.v1.Turn.KindCase.CALL);
    return party;
  }

  /** Clients already joined (and watching), for instance after a restart. */
  Party(String tableId, Map<Seat, TestClient> clients) {
    this.tableId = tableId;
    this.clients.putAll(clients);
  }

  TestClient at(Seat s) {
    return clients.get(s);
  }

  /** Waits until every client has seen version {@code v}. */
  long sync(long v) {
    clients.values().forEach(c -> c.awaitSequence(v));
    return v;
  }

  static Call parse(String text) {
    switch (text.toUpperCase()) {
      case "P": return Call.newBuilder().setOther(OtherCall.OTHER_CALL_PASS).build();
      case "X": return Call.newBuilder().setOther(OtherCall.OTHER_CALL_DOUBLE).build();
      case "XX": return Call.newBuilder().setOther(OtherCall.OTHER_CALL_REDOUBLE).build();
      default:
        String s = text.substring(1).toUpperCase();
        Strain strain = switch (s) {
          case "C" -> Strain.STRAIN_CLUBS;
          case "D" -> Strain.STRAIN_DIAMONDS;
          case "H" -> Strain.STRAIN_HEARTS;
          case "S" -> Strain.STRAIN_SPADES;
          default -> Strain.STRAIN_NO_TRUMP;
        };
        return Call.newBuilder().setBid(Bid.newBuilder().setLevel(text.charAt(0) - '0')
            .setStrain(strain)).build();
    }
  }

  long call(Seat s, String call) {
    TestClient c = at(s);
    return sync(c.makeCall(MakeCallRequest.newBuilder().setTableId(tableId).setSeat(s)
        .setCall(parse(call)).setExpectedVersion(c.lastSequence()).build()));
  }

  /** Calls in rotation from {@code first}. */
  long calls(Seat first, String... calls) {
    long v = 0;
    int i = SEATS.indexOf(first);
    for (String call : calls) {
      v = call(SEATS.get(i++ % 4), call);
    }
    return v;
  }

  /**
   * The client whose turn it is to play a card, and that turn, once one has it: the turn may come
   * with an event after the one the last command returned (the auction's end, a trick's), which a
   * loaded machine delivers later.
   */
  TestClient player() {
    try {
      return org.awaitility.Awaitility.await().pollInterval(java.time.Duration.ofMillis(1))
          .atMost(java.time.Duration.ofSeconds(30)).until(this::toPlay, c -> c != null);
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError("nobody is to play", e);
    }
  }

  private TestClient toPlay() {
    for (TestClient c : clients.values()) {
      Turn t = c.turn();
      if (t != null && t.hasPlay()) {
        return c;
      }
    }
    return null;
  }

  long play(Card card) {
    TestClient c = player();
    return sync(c.playCard(PlayCardRequest.newBuilder().setTableId(tableId)
        .setSeat(c.turn().getSeat()).setCard(card).setExpectedVersion(c.lastSequence()).build()));
  }

  /** The player to play plays the first of his legal cards. */
  long playFirst() {
    return play(player().turn().getPlay().getLegalCards(0));
  }

  long claim(Seat s, int tricks) {
    TestClient c = at(s);
    return sync(c.claim(ClaimRequest.newBuilder().setTableId(tableId).setTricks(tricks)
        .setExpectedVersion(c.lastSequence()).build()));
  }

  long answerClaim(Seat s, boolean accept) {
    TestClient c = at(s);
    return sync(c.respondToClaim(RespondToClaimRequest.newBuilder().setTableId(tableId)
        .setAccept(accept).setExpectedVersion(c.lastSequence()).build()));
  }

  long requestUndo(Seat s) {
    TestClient c = at(s);
    return sync(c.stub.requestUndo(RequestUndoRequest.newBuilder().setTableId(tableId)
        .setExpectedVersion(c.lastSequence()).build()).getVersion());
  }

  long answerUndo(Seat s, boolean accept) {
    TestClient c = at(s);
    return sync(c.stub.respondToUndo(RespondToUndoRequest.newBuilder().setTableId(tableId)
        .setAccept(accept).setExpectedVersion(c.lastSequence()).build()).getVersion());
  }

  long choose(Seat s, OptionChoice choice) {
    TestClient c = at(s);
    return sync(c.stub.chooseOption(ChooseOptionRequest.newBuilder().setTableId(tableId)
        .setChoice(choice).setExpectedVersion(c.lastSequence()).build()).getVersion());
  }

  long readyAll() {
    long v = 0;
    for (TestClient c : clients.values()) {
      v = c.markReady(MarkReadyRequest.newBuilder().setTableId(tableId)
          .setExpectedVersion(c.lastSequence()).build());
    }
    return sync(v);
  }

  /** The last BoardCompleted event North has seen. */
  org.tenace.proto.v1.BoardCompleted lastCompleted() {
    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30))
        .until(() -> at(Seat.SEAT_NORTH).events().stream().anyMatch(e -> e.hasBoardCompleted()));
    List<org.tenace.proto.v1.TableEvent> es = at(Seat.SEAT_NORTH).events();
    for (int i = es.size() - 1; i >= 0; i--) {
      if (es.get(i).hasBoardCompleted()) {
        return es.get(i).getBoardCompleted();
      }
    }
    throw new AssertionError("no board completed");
  }
}
