package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tenace.proto.v1.TableEvent.KindCase;
import org.tenace.bridge.auction.Call;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Hand;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.card.Suit;
import org.tenace.server.application.View;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.BoardEvent;
import org.tenace.server.engine.BoardResult;
import org.tenace.server.engine.CallRecord;
import org.tenace.server.engine.CallStatus;
import org.tenace.server.engine.Claim;
import org.tenace.server.engine.DealState;
import org.tenace.server.engine.Irregularity;
import org.tenace.server.engine.LeadPenalty;
import org.tenace.server.engine.Mode;
import org.tenace.server.engine.PendingOption;
import org.tenace.server.engine.Play;
import org.tenace.server.engine.PlayChoice;
import org.tenace.server.engine.PlayOption;
import org.tenace.server.engine.Restrictions;
import org.tenace.server.engine.Ruling;
import org.tenace.server.engine.Utterance;
import org.tenace.server.table.DealSource;
import org.tenace.server.table.EventSink;
import org.tenace.server.table.Role;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableEvent;
import org.tenace.server.table.TableSettings;

/**
 * The presenter maps each thing that happened at a board to its one message, from the event and
 * the board as it stands: it never compares states to find out what happened.
 */
class PresenterEventsTest {
  private static final Map<Class<?>, KindCase> CASES = Map.ofEntries(
      Map.entry(BoardEvent.CallsWithdrawn.class, KindCase.CALLS_WITHDRAWN),
      Map.entry(BoardEvent.CallMade.class, KindCase.CALL_MADE),
      Map.entry(BoardEvent.OptionAnswered.class, KindCase.OPTION_CHOSEN),
      Map.entry(BoardEvent.IrregularityFound.class, KindCase.IRREGULARITY_FOUND),
      Map.entry(BoardEvent.CallOptionOffered.class, KindCase.OPTION_OFFERED),
      Map.entry(BoardEvent.PlayOptionOffered.class, KindCase.OPTION_OFFERED),
      Map.entry(BoardEvent.RestrictionsChanged.class, KindCase.RESTRICTIONS_CHANGED),
      Map.entry(BoardEvent.AuctionEnded.class, KindCase.AUCTION_ENDED),
      Map.entry(BoardEvent.CardsWithdrawn.class, KindCase.CARDS_WITHDRAWN),
      Map.entry(BoardEvent.CardPlayed.class, KindCase.CARD_PLAYED),
      Map.entry(BoardEvent.DummyFaced.class, KindCase.DUMMY_EXPOSED),
      Map.entry(BoardEvent.TrickWon.class, KindCase.TRICK_WON),
      Map.entry(BoardEvent.ClaimMade.class, KindCase.CLAIM_MADE),
      Map.entry(BoardEvent.ClaimAnswered.class, KindCase.CLAIM_ANSWERED),
      Map.entry(BoardEvent.RulingOpened.class, KindCase.RULING_OPENED),
      Map.entry(BoardEvent.RulingDecided.class, KindCase.RULING_DECIDED),
      Map.entry(BoardEvent.BoardScored.class, KindCase.BOARD_COMPLETED),
      Map.entry(BoardEvent.UndoRequested.class, KindCase.UNDO_REQUESTED),
      Map.entry(BoardEvent.UndoAnswered.class, KindCase.UNDO_ANSWERED));

  private final Instant now = Instant.parse("2026-11-25T12:00:00Z");
  private final Map<Seat, String> tokens = new EnumMap<>(Seat.class);
  private final List<Seen> seen = new ArrayList<>();
  private Table table;

  private record Seen(long seq, TableEvent event, List<BoardEvent> happened, DealState after) {}

  @BeforeEach
  void fourPlayersSitDown() {
    table = Table.create("t1", "Practice", TableSettings.defaults(Mode.ONLINE),
        new DealSource.Seeded(42), EventSink.NONE, () -> now);
    table.addListener((t, seq, e, happened, after) -> seen.add(new Seen(seq, e, happened, after)));
    for (Seat s : Seat.values()) {
      tokens.put(s, table.join(Role.PLAYER, Optional.of(s), "P" + s, false, "").token());
    }
  }

  @Test
  void everyKindOfEventHasItsMessage() {
    assertThat(Stream.of(BoardEvent.class.getPermittedSubclasses()).collect(Collectors.toSet()))
        .isEqualTo(CASES.keySet());
    bidAndLead();
    DealState board = table.board().orElseThrow();
    Play play = board.playIfStarted().orElseThrow();
    Card sa = Card.parse("SA");
    Irregularity ib = new Irregularity(Irregularity.Kind.INSUFFICIENT_BID, "27", Seat.EAST,
        OptionalInt.of(3), Optional.empty(), "1H is insufficient");
    Ruling ruling = Ruling.open(1, "25B", "Was it inadvertent?", List.of("yes", "no"), "no", true);
    List<BoardEvent> events = List.of(
        new BoardEvent.CallsWithdrawn(List.of(2, 3), "36", false),
        new BoardEvent.CallMade(new CallRecord(4, Seat.NORTH, Utterance.of(Call.parse("2H")),
            Alert.NONE, CallStatus.STANDS, "", Optional.empty())),
        new BoardEvent.OptionAnswered(Optional.of(Seat.SOUTH),
            Optional.of(PlayChoice.ban(Suit.HEARTS))),
        new BoardEvent.IrregularityFound(ib),
        new BoardEvent.CallOptionOffered(new PendingOption("27", Seat.SOUTH, Seat.EAST,
            Utterance.of(Call.parse("1H")), "accept or refuse", Irregularity.Kind.INSUFFICIENT_BID,
            3)),
        new BoardEvent.PlayOptionOffered(new PlayOption("26", Seat.WEST, Optional.empty(),
            Set.of(Seat.SOUTH),
            List.of(PlayChoice.require(Suit.CLUBS), PlayChoice.ban(Suit.CLUBS)))),
        new BoardEvent.RestrictionsChanged(new Restrictions(List.of(),
            List.of(new LeadPenalty(Seat.WEST, Set.of(Suit.CLUBS), "26B")), List.of(), List.of())),
        new BoardEvent.AuctionEnded(Optional.of(Contract.parse("3NT", Seat.SOUTH))),
        new BoardEvent.CardsWithdrawn(List.of(new BoardEvent.Played(Seat.EAST, sa)), 5, "62",
            false),
        new BoardEvent.CardPlayed(new BoardEvent.Played(Seat.EAST, sa), 7),
        new BoardEvent.DummyFaced(Seat.NORTH, Hand.of(sa), Contract.parse("3NT", Seat.SOUTH)),
        new BoardEvent.TrickWon(7, Seat.EAST, 2, 5),
        new BoardEvent.ClaimMade(new Claim(play.declarer(), 13, 13, "all mine", Set.of(), false,
            Set.of())),
        new BoardEvent.ClaimAnswered(Seat.WEST, false, BoardEvent.ClaimStatus.REFERRED),
        new BoardEvent.RulingOpened(ruling),
        new BoardEvent.RulingDecided(ruling.decide("yes", Ruling.DecidedBy.DIRECTOR)),
        new BoardEvent.BoardScored(BoardResult.PASSED_OUT),
        new BoardEvent.UndoRequested(Seat.NORTH, List.of(Seat.EAST, Seat.WEST)),
        new BoardEvent.UndoAnswered(Optional.of(Seat.EAST), true, BoardEvent.UndoStatus.PENDING));
    assertThat(events.stream().map(Object::getClass).collect(Collectors.toSet()))
        .isEqualTo(CASES.keySet());

    View v = View.player(Seat.SOUTH);
    for (BoardEvent e : events) {
      assertThat(Presenter.message(e, table, board, v, new RunningScores()).getKindCase())
          .as(e.getClass().getSimpleName()).isEqualTo(CASES.get(e.getClass()));
    }
    var withdrawn = Presenter.message(events.get(0), table, board, v, new RunningScores()).getCallsWithdrawn();
    assertThat(withdrawn.getCallIndicesList()).containsExactly(2, 3);
    assertThat(withdrawn.getLaw()).isEqualTo("36");
    var chosen = Presenter.message(events.get(2), table, board, v, new RunningScores()).getOptionChosen();
    assertThat(chosen.getChoice()).isEqualTo(org.tenace.proto.v1.OptionChoice
        .OPTION_CHOICE_BAN_SUIT);
    assertThat(chosen.getSuit()).isEqualTo(org.tenace.proto.v1.Suit.SUIT_HEARTS);
    var played = Presenter.message(events.get(9), table, board, v, new RunningScores()).getCardPlayed();
    assertThat(played.getTrickNumber()).isEqualTo(7);
    assertThat(played.getCard().getSeat()).isEqualTo(org.tenace.proto.v1.Seat.SEAT_EAST);
    var won = Presenter.message(events.get(11), table, board, v, new RunningScores()).getTrickWon();
    assertThat(List.of(won.getTricksNorthSouth(), won.getTricksEastWest())).containsExactly(2, 5);
    var answered = Presenter.message(events.get(13), table, board, v, new RunningScores()).getClaimAnswered();
    assertThat(answered.getStatus())
        .isEqualTo(org.tenace.proto.v1.ClaimStatus.CLAIM_STATUS_REFERRED);
    var decided = Presenter.message(events.get(15), table, board, v, new RunningScores()).getRulingDecided();
    assertThat(decided.getRuling().getDecision().getChoice()).isEqualTo("yes");
  }

  @Test
  void anUndoSaysWhereItStandsAfterEachAnswerAndReadsTheSameOnceSettled() {
    table.call(tokens.get(Seat.NORTH), Seat.NORTH, Utterance.of(Call.parse("1C")), Alert.NONE, 0);
    table.requestUndo(tokens.get(Seat.NORTH), 0);
    table.respondToUndo(tokens.get(Seat.EAST), true, 0);
    table.respondToUndo(tokens.get(Seat.WEST), true, 0);
    assertThat(table.undoRequester()).isEmpty();
    // Rendered after the undo is settled, as for a watcher who resumes from before it.
    List<org.tenace.proto.v1.TableEvent> sent = seen.stream()
        .filter(s -> s.event() instanceof TableEvent.UndoRequested
            || s.event() instanceof TableEvent.UndoAnswered)
        .flatMap(s -> Presenter.events(table, s.seq(), 0, s.event(), s.happened(), s.after(),
            View.player(Seat.SOUTH), new RunningScores()).stream())
        .toList();
    assertThat(sent).extracting(org.tenace.proto.v1.TableEvent::getKindCase).containsExactly(
        KindCase.UNDO_REQUESTED, KindCase.UNDO_ANSWERED, KindCase.UNDO_ANSWERED);
    var request = sent.get(0).getUndoRequested().getRequest();
    assertThat(request.getRequester()).isEqualTo(org.tenace.proto.v1.Seat.SEAT_NORTH);
    assertThat(request.getRespondersList()).containsExactly(
        org.tenace.proto.v1.Seat.SEAT_EAST, org.tenace.proto.v1.Seat.SEAT_WEST);
    assertThat(request.getCallIndex()).isZero();
    assertThat(sent.subList(1, 3)).extracting(m -> m.getUndoAnswered().getStatus())
        .containsExactly(org.tenace.proto.v1.UndoStatus.UNDO_STATUS_PENDING,
            org.tenace.proto.v1.UndoStatus.UNDO_STATUS_GRANTED);
  }

  @Test
  void aWholeBoardIsOneMessagePerEventInTheEnginesOrder() {
    bidAndLead();
    while (!table.board().orElseThrow().isOver()) {
      playOneCard();
    }
    List<KindCase> fromEngine = new ArrayList<>();
    List<KindCase> sent = new ArrayList<>();
    for (Seen s : seen) {
      if (!(s.event() instanceof TableEvent.Acted)) {
        continue;
      }
      s.happened().forEach(e -> fromEngine.add(CASES.get(e.getClass())));
      Presenter.events(table, s.seq(), 0, s.event(), s.happened(), s.after(),
          View.player(Seat.WEST), new RunningScores()).forEach(m -> sent.add(m.getKindCase()));
    }
    assertThat(sent).isEqualTo(fromEngine);
    assertThat(fromEngine).contains(KindCase.CALL_MADE, KindCase.AUCTION_ENDED,
        KindCase.CARD_PLAYED, KindCase.DUMMY_EXPOSED, KindCase.TRICK_WON,
        KindCase.BOARD_COMPLETED);
    assertThat(fromEngine.stream().filter(k -> k == KindCase.CARD_PLAYED)).hasSize(52);
    assertThat(fromEngine.stream().filter(k -> k == KindCase.TRICK_WON)).hasSize(13);
  }

  /**
   * Whose action the table waits for is the table's to say, to every viewer (a kibitzer too): on
   * the last message of each action and in the snapshot, so that no client works it out.
   */
  @Test
  void everyViewerIsToldWhoIsToActAfterEachAction() {
    var kibitzer = table.join(Role.KIBITZER, Optional.empty(), "K", false, "");
    for (String c : List.of("1NT", "P", "3NT", "P", "P", "P")) {
      Seat s = table.board().orElseThrow().auction().turn();
      assertThat(Presenter.snapshot(table, View.KIBITZER_PUBLIC, kibitzer, new RunningScores())
          .getToAct()).isEqualTo(ProtoMapper.toProto(s));
      table.call(tokens.get(s), s, Utterance.of(Call.parse(c)), Alert.NONE, 0);
      assertThat(toActAfterLastAction()).containsExactly(ProtoMapper.toProto(
          table.board().orElseThrow().playIfStarted().map(Play::turn)
              .orElseGet(() -> table.board().orElseThrow().auction().turn())));
    }
    // The opening leader, then each hand to play (dummy's when declarer plays from it).
    for (int card = 0; card < 52; card++) {
      Play p = table.board().orElseThrow().playIfStarted().orElseThrow();
      assertThat(Presenter.snapshot(table, View.KIBITZER_PUBLIC, kibitzer, new RunningScores())
          .getToAct()).isEqualTo(ProtoMapper.toProto(p.turn()));
      playOneCard();
    }
    assertThat(toActAfterLastAction()).containsExactly(org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED);
    assertThat(Presenter.snapshot(table, View.KIBITZER_PUBLIC, kibitzer, new RunningScores())
        .getToAct()).isEqualTo(org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED);
  }

  /** The to_act of each message the last action became for a kibitzer, in order. */
  private List<org.tenace.proto.v1.Seat> toActAfterLastAction() {
    Seen last = seen.get(seen.size() - 1);
    List<org.tenace.proto.v1.TableEvent> messages = Presenter.events(table, last.seq(), 0,
        last.event(), last.happened(), last.after(), View.KIBITZER_PUBLIC, new RunningScores());
    List<org.tenace.proto.v1.Seat> out = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      if (i < messages.size() - 1) {
        assertThat(messages.get(i).getToAct()).isEqualTo(org.tenace.proto.v1.Seat.SEAT_UNSPECIFIED);
      } else {
        out.add(messages.get(i).getToAct());
      }
    }
    return out;
  }

  private void bidAndLead() {
    for (String c : List.of("1NT", "P", "3NT", "P", "P", "P")) {
      Seat s = table.board().orElseThrow().auction().turn();
      table.call(tokens.get(s), s, Utterance.of(Call.parse(c)), Alert.NONE, 0);
    }
    playOneCard();
  }

  private void playOneCard() {
    Play p = table.board().orElseThrow().playIfStarted().orElseThrow();
    table.play(tokens.get(p.actor()), p.turn(), p.legalCards().cards().get(0), 0);
  }
}
