package org.tenace.server.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tenace.movement.Howell;
import org.tenace.movement.Mitchell;
import org.tenace.movement.Movement;
import org.tenace.movement.Teams;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.compare.Artificial;
import org.tenace.bridge.compare.Fraction;
import org.tenace.bridge.compare.Standing;
import org.tenace.bridge.event.Checker;
import org.tenace.bridge.event.EventReader;
import org.tenace.bridge.event.Outcome;
import org.tenace.bridge.pbn.PbnDeal;
import org.tenace.bridge.pbn.PbnGame;
import org.tenace.bridge.pbn.PbnReader;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.score.DuplicateScore;
import org.tenace.server.engine.Shuffler;
import org.tenace.server.session.SessionException.Reason;
import org.tenace.solver.DdTable;

/** The session as a value: joins, the start, rounds, and its results and PBN by each scoring. */
class SessionTest {

  static SessionPlan plan(Movement m, SessionScoring scoring, boolean robots) {
    SortedMap<Integer, Deal> deals = new TreeMap<>();
    for (int b : m.designedPlays().keySet()) {
      deals.put(b, Shuffler.seeded(b).deal());
    }
    return new SessionPlan("Test", m, scoring, robots, deals);
  }

  /** A result that differs from table to table: level, tricks and declarer vary. */
  static SessionPlay play(Session s, int round, Movement.Table t, int board) {
    Board b = Board.of(board);
    int level = (t.number() + board) % 4 + 1;
    Seat declarer = (t.number() + board) % 3 == 0 ? Seat.EAST : Seat.NORTH;
    Contract c = Contract.parse(level + (board % 2 == 0 ? "S" : "NT"), declarer);
    int tricks = Math.min(13, 6 + level + (t.number() * board) % 3 - 1);
    HandRecord r = HandRecord.builder(b.dealer(), b.vulnerability()).board(board)
        .deal(s.plan().deals().get(board)).contract(c).result(tricks)
        .nsScore(DuplicateScore.ns(c, tricks, b.vulnerability())).build();
    return new SessionPlay(round, t.number(), t.ns(), t.ew(), r);
  }

  /** Plays the whole session, round by round. */
  static Session playAll(Session s) {
    while (s.state() == Session.State.PLAYING) {
      for (Movement.Table t : s.currentRound().tables()) {
        for (int b : t.boards()) {
          s = s.record(play(s, s.round(), t, b));
        }
      }
      s = s.nextRound();
    }
    return s;
  }

  @Test
  void pairsJoinByNumberOrTakeTheLowestFreeOneUntilTheStart() {
    Session s = Session.create("1", plan(Howell.of(3, 2, 1), SessionScoring.MATCHPOINTS, false));
    s = s.join(3, "Ann - Bob").join(0, "Cy - Di");
    assertThat(s.entries()).containsOnlyKeys(1, 3);
    Session joined = s;
    assertThatThrownBy(() -> joined.join(3, "Eve - Flo")).isInstanceOfSatisfying(
        SessionException.class, e -> assertThat(e.reason()).isEqualTo(Reason.PAIR_TAKEN));
    assertThatThrownBy(() -> joined.join(7, "Eve - Flo")).isInstanceOfSatisfying(
        SessionException.class, e -> assertThat(e.reason()).isEqualTo(Reason.MALFORMED));
    // Without robots every pair must be there, or a seat would stay empty.
    assertThatThrownBy(joined::start).isInstanceOfSatisfying(SessionException.class,
        e -> assertThat(e.getMessage()).contains("2 of 6 pairs have joined"));
    for (int p = 0; p < 4; p++) {
      s = s.join(0, "Pair");
    }
    Session started = s.start();
    assertThat(started.round()).isEqualTo(1);
    assertThatThrownBy(() -> started.join(0, "Late")).isInstanceOfSatisfying(
        SessionException.class, e -> assertThat(e.reason()).isEqualTo(Reason.WRONG_STATE));
  }

  @Test
  void aRoundEndsWhenEveryTableHasPlayedItsBoardsAndOnlyThoseAreTaken() {
    Session s = Session.create("1", plan(Mitchell.of(3, 2, 2, Mitchell.EvenTables.SKIP, false),
        SessionScoring.MATCHPOINTS, true)).start();
    Movement.Table t1 = s.currentRound().tables().get(0);
    Movement.Table t2 = s.currentRound().tables().get(1);
    Session before = s;
    // A board of another table's set, or pairs who do not sit there, is not this round's.
    assertThatThrownBy(() -> before.record(play(before, 1, t1, t2.boards().get(0))))
        .isInstanceOfSatisfying(SessionException.class,
            e -> assertThat(e.reason()).isEqualTo(Reason.MALFORMED));
    assertThatThrownBy(() -> before.record(new SessionPlay(1, t1.number(), t1.ns(), t2.ew(),
        play(before, 1, t1, t1.boards().get(0)).record()))).isInstanceOf(SessionException.class);
    s = s.record(play(s, 1, t1, t1.boards().get(0)));
    assertThat(s.record(play(s, 1, t1, t1.boards().get(0)))).isSameAs(s); // heard twice
    assertThat(s.roundComplete()).isFalse();
    Session half = s;
    assertThatThrownBy(half::nextRound).isInstanceOf(SessionException.class);
    s = playAll(s);
    assertThat(s.state()).isEqualTo(Session.State.FINISHED);
    assertThat(s.plays()).hasSize(s.plan().plays()).hasSize(3 * 2 * 2);
  }

  @Test
  void theHandRecordCarriesEachDealsDoubleDummyTableAndParWhenAtHand() {
    Movement m = Howell.of(3, 3, 2);
    Session s = playAll(Session.create("1", plan(m, SessionScoring.MATCHPOINTS, true)).start());
    SessionResults results = SessionResults.of(s);
    // North-South take 10 tricks in spades and hearts, East-West 7 in the minors: 4S by either
    // of North-South is par; board 1's deal alone has no table yet.
    int[] tricks = new int[20];
    for (int i = 0; i < 20; i++) {
      boolean ns = i % 2 == 0;
      int strain = i / 4;
      tricks[i] = strain == 2 || strain == 3 ? (ns ? 10 : 3) : strain == 4 ? (ns ? 8 : 5)
          : (ns ? 6 : 7);
    }
    DdTable table = DdTable.of(tricks);
    Deal first = s.plan().deals().get(1);
    String pbn = SessionPbn.write(results, java.time.LocalDate.of(2026, 11, 25),
        d -> d.equals(first) ? Optional.empty() : Optional.of(table));

    List<PbnGame> games = PbnReader.readText(pbn, "s.pbn").values();
    assertThat(games).isNotEmpty().allSatisfy(g -> {
      if (g.deal().flatMap(PbnDeal::full).orElseThrow().equals(first)) {
        assertThat(g.table("OptimumResultTable")).isEmpty();
        assertThat(g.tag("OptimumScore")).isEmpty();
      } else {
        assertThat(g.table("OptimumResultTable").orElseThrow().rows()).hasSize(20);
        assertThat(g.tag("OptimumContract")).contains("4S N 10");
        assertThat(g.comments().get("OptimumContract")).containsExactly("par 4S-NS,4H-NS");
        assertThat(g.tag("OptimumScore").orElseThrow()).matches("NS (420|620)");
      }
    });
    var read = EventReader.read(pbn.getBytes(StandardCharsets.ISO_8859_1), "s.pbn");
    assertThat(read.diagnostics()).isEmpty();
    assertThat(Checker.check(read.event(), d -> { }).disagreements()).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(SessionScoring.class)
  void everyScoringGivesAHandRecordTheCheckerAgreesWith(SessionScoring scoring) {
    Movement m = scoring.byMatch() ? Teams.roundRobin(4, 1, 2) : Howell.of(3, 3, 2);
    Session s = playAll(Session.create("1", plan(m, scoring, true)).start());
    SessionResults results = SessionResults.of(s);
    String pbn = SessionPbn.write(results);

    var read = EventReader.read(pbn.getBytes(StandardCharsets.ISO_8859_1), "s.pbn");
    assertThat(read.diagnostics()).isEmpty();
    assertThat(read.event().boards()).hasSize(m.boards());
    Checker.Result check = Checker.check(read.event(), d -> { });
    assertThat(check.disagreements()).isEmpty();
    assertThat(check.checked()).isGreaterThanOrEqualTo(s.plays().size() * 3);

    Fraction sum = results.ranking().stream().map(Standing::total)
        .reduce(Fraction.ZERO, Fraction::plus);
    switch (scoring) {
      case MATCHPOINTS -> {
        // Each board is played 3 times: a top of 4 for each of 3 rows, both sides' together.
        assertThat(sum).isEqualTo(Fraction.of((long) m.boards() * 3 * 4));
        assertThat(results.ranking()).hasSize(6);
      }
      case CROSS_IMPS -> assertThat(sum).isEqualTo(Fraction.ZERO); // each IMP won is lost
      case BUTLER -> assertThat(results.ranking()).hasSize(6);
      case TEAM_IMPS -> {
        // 4 teams: 2 matches a round over 3 rounds, 20 VPs shared in each.
        assertThat(sum).isEqualTo(Fraction.of(6 * 20));
        assertThat(results.ranking()).extracting(Standing::pair)
            .containsExactlyInAnyOrder("1", "2", "3", "4");
      }
    }
    // The ranking is sorted, and each traveller holds every table that played the board.
    assertThat(results.ranking()).extracting(Standing::total)
        .isSortedAccordingTo((a, b) -> b.compareTo(a));
    assertThat(results.travellers()).allSatisfy(t -> assertThat(t.lines())
        .hasSize(m.designedPlays().get(t.board())));
  }

  @Test
  void aTeamMatchIsWonByItsImpMarginInVictoryPoints() {
    // 2 teams, one match of 2 boards: team 1 is pairs 1 and 2, team 2 pairs 3 and 4.
    Movement m = Teams.roundRobin(2, 1, 2);
    Session s = Session.create("1", plan(m, SessionScoring.TEAM_IMPS, true)).start();
    Movement.Table room1 = s.currentRound().tables().get(0);
    Movement.Table room2 = s.currentRound().tables().get(1);
    // Board 1: room 1's North-South make 4S (+420), room 2's go one down (-50): the team
    // sitting North-South in room 1 (East-West in room 2) wins 470 points, 10 IMPs; board 2 is
    // flat.
    s = s.record(scored(s, room1, 1, "4S", Seat.NORTH, 10))
        .record(scored(s, room2, 1, "4S", Seat.NORTH, 9))
        .record(scored(s, room1, 2, "1NT", Seat.SOUTH, 7))
        .record(scored(s, room2, 2, "1NT", Seat.SOUTH, 7));
    SessionResults r = SessionResults.of(s.nextRound());
    int winner = (room1.ns() + 1) / 2;
    assertThat((room2.ew() + 1) / 2).isEqualTo(winner);
    java.math.BigDecimal vp = org.tenace.bridge.compare.VictoryPoints.wbf(10, 2);
    assertThat(r.ranking().get(0).pair()).isEqualTo(Integer.toString(winner));
    assertThat(r.ranking().get(0).total().round(2)).isEqualByComparingTo(vp);
    assertThat(r.ranking().get(1).total().round(2))
        .isEqualByComparingTo(java.math.BigDecimal.valueOf(20).subtract(vp));
  }

  /**
   * In a team match an artificial score is Law 12C2(c)'s 3 IMPs (an IMP contest), not Ruter's
   * 1.5 a comparison across a field: the export, which says the session is a team match, reads
   * it so and checks.
   */
  @Test
  void aTeamMatchsArtificialScoreIsThreeImpsAndItsExportChecks() {
    Session s = Session.create("1", plan(Teams.roundRobin(2, 1, 2), SessionScoring.TEAM_IMPS,
        true)).start();
    Movement.Table room1 = s.currentRound().tables().get(0);
    Movement.Table room2 = s.currentRound().tables().get(1);
    // Board 1 is played in both rooms (+420 and -50: 10 IMPs); board 2 in room 1 only, and the
    // director gives room 2 Avg+ to North-South, Avg- to East-West.
    s = s.record(scored(s, room1, 1, "4S", Seat.NORTH, 10))
        .record(scored(s, room2, 1, "4S", Seat.NORTH, 9))
        .record(scored(s, room1, 2, "1NT", Seat.SOUTH, 7))
        .adjust(s.round(), room2.number(), 2, AVG_PLUS_MINUS);
    SessionResults r = SessionResults.of(s.nextRound());
    SessionResults.Line adjusted = r.travellers().stream().filter(t -> t.board() == 2)
        .flatMap(t -> t.lines().stream()).filter(l -> l.play().adjusted().isPresent())
        .findFirst().orElseThrow();
    assertThat(adjusted.ns()).isEqualTo(Fraction.of(3));
    assertThat(adjusted.ew()).isEqualTo(Fraction.of(-3));
    String pbn = SessionPbn.write(r);
    var read = EventReader.read(pbn.getBytes(StandardCharsets.ISO_8859_1), "match.pbn");
    assertThat(read.diagnostics()).isEmpty();
    Checker.Result check = Checker.check(read.event(), d -> { });
    assertThat(check.disagreements()).as(pbn).isEmpty();
    assertThat(check.checked()).isPositive();
  }

  /** The second room may finish a board first: the standings count the match all the same. */
  @Test
  void aMatchWhoseSecondRoomPlaysABoardFirstStandsLevel() {
    Session s = Session.create("1", plan(Teams.roundRobin(2, 1, 2), SessionScoring.TEAM_IMPS,
        true)).start();
    Movement.Table room2 = s.currentRound().tables().get(1);
    s = s.record(scored(s, room2, 1, "4S", Seat.NORTH, 9));
    SessionResults r = SessionResults.of(s);
    // Nothing to compare the board with yet: the match stands level, 10 VPs each.
    assertThat(r.ranking()).hasSize(2).allSatisfy(t -> assertThat(t.total().round(2))
        .isEqualByComparingTo(java.math.BigDecimal.TEN));
  }

  private static SessionPlay scored(Session s, Movement.Table t, int board, String contract,
      Seat declarer, int tricks) {
    Board b = Board.of(board);
    Contract c = Contract.parse(contract, declarer);
    int ns = DuplicateScore.ns(c, tricks, b.vulnerability());
    HandRecord r = HandRecord.builder(b.dealer(), b.vulnerability()).board(board)
        .deal(s.plan().deals().get(board)).contract(c).result(tricks).nsScore(ns).build();
    return new SessionPlay(s.round(), t.number(), t.ns(), t.ew(), r);
  }

  private static final Outcome.Adjusted AVG_PLUS_MINUS =
      new Outcome.Adjusted(Artificial.AVERAGE_PLUS, Artificial.AVERAGE_MINUS);

  @Test
  void aRoundMovedOnGivesItsUnplayedBoardsTheArtificialScoreAndALateResultDoesNotCount() {
    Session s = Session.create("1", plan(Mitchell.of(3, 0, 2, Mitchell.EvenTables.SKIP, false),
        SessionScoring.MATCHPOINTS, true)).start();
    Movement.Table t1 = s.currentRound().tables().get(0);
    s = s.record(play(s, 1, t1, t1.boards().get(0)));
    Session one = s;
    assertThatThrownBy(() -> one.unplayed(2, AVG_PLUS_MINUS)).isInstanceOfSatisfying(
        SessionException.class, e -> assertThat(e.getMessage())
            .isEqualTo("WRONG_STATE: round 2 is not the round in play (1)"));
    List<SessionPlay> unplayed = s.unplayed(1, AVG_PLUS_MINUS);
    assertThat(unplayed).hasSize(5).allSatisfy(p -> {
      assertThat(p.adjusted()).contains(AVG_PLUS_MINUS);
      assertThat(p.record().auction()).isEmpty();
      assertThat(p.record().deal()).isPresent();
    });
    for (SessionPlay p : unplayed) {
      s = s.adjust(p.round(), p.table(), p.board(), p.adjusted().get());
    }
    assertThat(s.roundComplete()).isTrue();
    s = s.nextRound();
    Session two = s;
    // The table's result of an adjusted board, brought after the round moved on, is refused.
    assertThatThrownBy(() -> two.record(play(one, 1, t1, t1.boards().get(1))))
        .isInstanceOf(SessionException.class);
    s = playAll(s);
    SessionResults r = SessionResults.of(s);
    // Law 12C2 at matchpoints: 60% and 40% of the top (4 on a board played three times).
    SessionResults.Line line = r.travellers().stream().flatMap(t -> t.lines().stream())
        .filter(l -> l.play().adjusted().isPresent() && l.play().table() == 2).findFirst()
        .orElseThrow();
    assertThat(line.ns()).isEqualTo(Fraction.of(12, 5));
    assertThat(line.ew()).isEqualTo(Fraction.of(8, 5));
    var read = EventReader.read(SessionPbn.write(r).getBytes(StandardCharsets.ISO_8859_1),
        "s.pbn");
    assertThat(read.diagnostics()).isEmpty();
    assertThat(Checker.check(read.event(), d -> { }).disagreements()).isEmpty();
  }

  @Test
  void anAdjustedScoreTakesThePlaceOfAResultAndIsRefusedWhereNoBoardIsPlayed() {
    Session waiting = Session.create("1", plan(Howell.of(2, 0, 1), SessionScoring.CROSS_IMPS,
        true));
    assertThatThrownBy(() -> waiting.adjust(1, 1, 1, AVG_PLUS_MINUS))
        .hasMessage("WRONG_STATE: the session has not started");
    Session s = playAll(waiting.start());
    assertThatThrownBy(() -> waiting.start().adjust(2, 1, 2, AVG_PLUS_MINUS))
        .hasMessage("WRONG_STATE: round 2 is not played yet");
    Session over = s;
    assertThatThrownBy(() -> over.adjust(1, 3, 1, AVG_PLUS_MINUS))
        .hasMessage("MALFORMED: round 1 has no table 3");
    assertThatThrownBy(() -> over.adjust(1, 1, 2, AVG_PLUS_MINUS))
        .hasMessage("MALFORMED: board 2 is not played at table 1 in round 1 (its boards: [1])");
    Session adjusted = s.adjust(1, 1, 1, AVG_PLUS_MINUS);
    assertThat(adjusted.plays()).hasSameSizeAs(s.plays());
    // Law 12C2's Avg+ and Avg- at IMPs across the field, as the session's hand record reads
    // when tenace score checks it (Ruter's 1.5 IMPs a comparison; one comparison here).
    SessionResults.Line line = SessionResults.of(adjusted).travellers().get(0).lines().stream()
        .filter(l -> l.play().adjusted().isPresent()).findFirst().orElseThrow();
    assertThat(line.ns()).isEqualTo(Fraction.of(3, 2));
    assertThat(line.ew()).isEqualTo(Fraction.of(-3, 2));
  }

  @Test
  void aJoinedPairIsReplacedByRobotsOnceAndAnAbortedSessionTakesNoMoreBoards() {
    Session s = Session.create("1", plan(Howell.of(2, 0, 1), SessionScoring.MATCHPOINTS, true))
        .join(2, "Ann - Bob");
    Session joined = s;
    assertThatThrownBy(() -> joined.replaceByRobot(3))
        .hasMessage("WRONG_STATE: pair 3 has not joined: robots play it already");
    assertThatThrownBy(() -> joined.replaceByRobot(5))
        .hasMessage("MALFORMED: pair 5: the session has pairs 1 to 4");
    assertThat(s.robotPlays(2)).isFalse();
    s = s.start().replaceByRobot(2);
    assertThat(s.robotPlays(2)).isTrue();
    assertThat(s.entries()).containsEntry(2, "Ann - Bob"); // still named in the results
    Session replaced = s;
    assertThatThrownBy(() -> replaced.replaceByRobot(2))
        .hasMessage("WRONG_STATE: pair 2 is a robot already");
    Session aborted = s.abort();
    assertThat(aborted.state()).isEqualTo(Session.State.ABORTED);
    Movement.Table t = s.currentRound().tables().get(0);
    assertThatThrownBy(() -> aborted.record(play(replaced, 1, t, t.boards().get(0))))
        .isInstanceOf(SessionException.class);
    assertThatThrownBy(aborted::abort).hasMessage("WRONG_STATE: the session was aborted already");
    assertThatThrownBy(() -> playAll(Session.create("2", replaced.plan()).start()).abort())
        .hasMessage("WRONG_STATE: the session is over");
  }

  @Test
  void aTeamOnAByeScoresTwelveVictoryPointsOrItsAverageWhicheverIsMore() {
    // 3 teams, one board a round: one match a round, one team sitting out.
    Session s = Session.create("1", plan(Teams.roundRobin(3, 1, 1), SessionScoring.TEAM_IMPS,
        true)).start();
    int winner = 0;
    int loser = 0;
    while (s.state() == Session.State.PLAYING) {
      Movement.Table room1 = s.currentRound().tables().get(0);
      Movement.Table room2 = s.currentRound().tables().get(1);
      int b = room1.boards().get(0);
      if (s.round() == 1) {
        // +420 in one room, -50 in the other: 470, 10 IMPs to room 1's North-South team.
        s = s.record(scored(s, room1, b, "4S", Seat.NORTH, 10))
            .record(scored(s, room2, b, "4S", Seat.NORTH, 9));
        winner = (room1.ns() + 1) / 2;
        loser = (room1.ew() + 1) / 2;
      } else {
        s = s.record(scored(s, room1, b, "1NT", Seat.SOUTH, 7))
            .record(scored(s, room2, b, "1NT", Seat.SOUTH, 7));
      }
      s = s.nextRound();
    }
    double won = org.tenace.bridge.compare.VictoryPoints.wbf(10, 1).doubleValue();
    java.util.Map<String, Double> totals = new java.util.HashMap<>();
    SessionResults.of(s).ranking().forEach(x -> totals.put(x.pair(),
        x.total().round(2).doubleValue()));
    int third = 6 - winner - loser;
    // The winner's average, (won + 10) / 2, is above 12: its bye scores that average.
    assertThat(totals.get(Integer.toString(winner))).isCloseTo((won + 10) * 1.5,
        org.assertj.core.data.Offset.offset(0.011));
    // The others' averages are below 12: their byes score 12.
    assertThat(totals.get(Integer.toString(loser))).isCloseTo(20 - won + 10 + 12,
        org.assertj.core.data.Offset.offset(0.011));
    assertThat(totals.get(Integer.toString(third))).isCloseTo(10 + 10 + 12,
        org.assertj.core.data.Offset.offset(0.011));
  }

  @Test
  void aByeIsCreditedTheAverageOfMatchesOverNotOfAMatchStillInPlay() {
    // 3 teams, one board a round: the team sitting out round 1 wins its round-2 match (a game
    // made in one room, one down in the other), and round 2 has not moved on yet.
    Session s = Session.create("1", plan(Teams.roundRobin(3, 1, 1), SessionScoring.TEAM_IMPS,
        true)).start();
    int sitter = (s.currentRound().byes().stream().filter(p -> p % 2 == 1).findFirst()
        .orElseThrow() + 1) / 2;
    Movement.Table room1 = s.currentRound().tables().get(0);
    Movement.Table room2 = s.currentRound().tables().get(1);
    int b = room1.boards().get(0);
    s = s.record(scored(s, room1, b, "1NT", Seat.SOUTH, 7))
        .record(scored(s, room2, b, "1NT", Seat.SOUTH, 7)).nextRound();
    room1 = s.currentRound().tables().get(0);
    room2 = s.currentRound().tables().get(1);
    b = room1.boards().get(0);
    boolean northSouth = (room1.ns() + 1) / 2 == sitter;
    assertThat(northSouth || (room1.ew() + 1) / 2 == sitter).isTrue();
    s = s.record(scored(s, room1, b, "4S", Seat.NORTH, northSouth ? 10 : 9))
        .record(scored(s, room2, b, "4S", Seat.NORTH, northSouth ? 9 : 10));
    assertThat(s.round()).isEqualTo(2);
    Board board = Board.of(b);
    int swing = DuplicateScore.ns(Contract.parse("4S", Seat.NORTH), 10, board.vulnerability())
        - DuplicateScore.ns(Contract.parse("4S", Seat.NORTH), 9, board.vulnerability());
    double won = org.tenace.bridge.compare.VictoryPoints
        .wbf(org.tenace.bridge.compare.Imps.of(swing), 1).doubleValue();
    assertThat(won).isGreaterThan(12);
    Standing team = SessionResults.of(s).ranking().stream()
        .filter(x -> x.pair().equals(Integer.toString(sitter))).findFirst().orElseThrow();
    // No match of the team is over: its bye scores 12, not the match still in play.
    assertThat(team.total().round(2).doubleValue()).isCloseTo(won + 12,
        org.assertj.core.data.Offset.offset(0.011));
  }

  @Test
  void theSittingsSayWhereEachPairIsEachRound() {
    Movement m = Mitchell.of(3, 0, 2, Mitchell.EvenTables.SKIP, false);
    List<Sitting> round2 = Sitting.of(m.rounds().get(1));
    Movement.Table t = m.rounds().get(1).tables().get(2);
    Sitting ew = round2.stream().filter(x -> x.pair() == t.ew()).findFirst().orElseThrow();
    assertThat(ew.table()).isEqualTo(3);
    assertThat(ew.opponent()).isEqualTo(t.ns());
    assertThat(ew.boards()).isEqualTo(t.boards());
    assertThat(ew.side()).hasValue(org.tenace.bridge.card.Side.EW);
    assertThat(round2).extracting(Sitting::pair).containsExactly(1, 2, 3, 4, 5, 6);
  }
}
