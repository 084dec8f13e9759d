package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.jline.utils.AttributedString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tenace.proto.v1.AuctionCall;
import org.tenace.proto.v1.Bid;
import org.tenace.proto.v1.BoardPhase;
import org.tenace.proto.v1.BoardResult;
import org.tenace.proto.v1.BoardView;
import org.tenace.proto.v1.Call;
import org.tenace.proto.v1.CallTurn;
import org.tenace.proto.v1.Card;
import org.tenace.proto.v1.Contract;
import org.tenace.proto.v1.Doubling;
import org.tenace.proto.v1.DuplicateScoreSheet;
import org.tenace.proto.v1.Hand;
import org.tenace.proto.v1.OptionChoice;
import org.tenace.proto.v1.OtherCall;
import org.tenace.proto.v1.PlayTurn;
import org.tenace.proto.v1.PlayedCard;
import org.tenace.proto.v1.Rank;
import org.tenace.proto.v1.Rubber;
import org.tenace.proto.v1.RubberScoreSheet;
import org.tenace.proto.v1.RunningScore;
import org.tenace.proto.v1.Seat;
import org.tenace.proto.v1.SeatInfo;
import org.tenace.proto.v1.SheetEntry;
import org.tenace.proto.v1.SheetEntryKind;
import org.tenace.proto.v1.Side;
import org.tenace.proto.v1.Strain;
import org.tenace.proto.v1.Suit;
import org.tenace.proto.v1.TableInfo;
import org.tenace.proto.v1.TableSnapshot;
import org.tenace.proto.v1.Trick;
import org.tenace.proto.v1.Turn;
import org.tenace.proto.v1.Viewer;
import org.tenace.proto.v1.Vulnerability;

class ScreenTest {
  private static final Seat N = Seat.SEAT_NORTH;
  private static final Seat E = Seat.SEAT_EAST;
  private static final Seat S = Seat.SEAT_SOUTH;
  private static final Seat W = Seat.SEAT_WEST;
  private static final String LONG_NAME = "Wolfgang Amadeus Mozart-Salieri!"; // 32, the most

  private static Card card(Suit s, int rank) {
    return Card.newBuilder().setSuit(s).setRank(Rank.forNumber(rank)).build();
  }

  private static Hand suitOf(Seat seat, Suit suit) {
    Hand.Builder h = Hand.newBuilder().setSeat(seat);
    for (int r = 14; r >= 2; r--) {
      h.addCards(card(suit, r));
    }
    return h.build();
  }

  private static Call bid(int level, Strain s) {
    return Call.newBuilder().setBid(Bid.newBuilder().setLevel(level).setStrain(s)).build();
  }

  private static Call pass() {
    return Call.newBuilder().setOther(OtherCall.OTHER_CALL_PASS).build();
  }

  private static TableSnapshot.Builder table() {
    TableInfo.Builder t = TableInfo.newBuilder().setTableId("12345").setName(
        "A table with a name as long as the listing allows, sixty-four characters");
    for (Seat s : List.of(N, E, S, W)) {
      t.addSeats(SeatInfo.newBuilder().setSeat(s).setOccupied(true).setPlayerName(LONG_NAME)
          .setRobot(s == E).setConnected(s != W));
    }
    return TableSnapshot.newBuilder().setTable(t).setViewer(Viewer.newBuilder().setSeat(S));
  }

  /** A worst case: 13-card suits, a long alerted auction, a claim, all hands, 30 boards. */
  private static TableSnapshot completeBoard() {
    BoardView.Builder b = BoardView.newBuilder().setBoardNumber(16).setDealer(W)
        .setVulnerability(Vulnerability.VULNERABILITY_EAST_WEST)
        .setPhase(BoardPhase.BOARD_PHASE_COMPLETE)
        .addHands(suitOf(N, Suit.SUIT_SPADES)).addHands(suitOf(E, Suit.SUIT_HEARTS))
        .addHands(suitOf(S, Suit.SUIT_DIAMONDS)).addHands(suitOf(W, Suit.SUIT_CLUBS));
    List<Seat> order = List.of(W, N, E, S);
    int i = 0;
    for (int level = 1; level <= 7; level++) {
      for (Strain st : List.of(Strain.STRAIN_CLUBS, Strain.STRAIN_NO_TRUMP)) {
        b.addAuction(AuctionCall.newBuilder().setIndex(i).setSeat(order.get(i % 4))
            .setCall(bid(level, st)).setAlert(true).setExplanation("x".repeat(120)));
        i++;
      }
    }
    for (int k = 0; k < 3; k++, i++) {
      b.addAuction(AuctionCall.newBuilder().setIndex(i).setSeat(order.get(i % 4)).setCall(pass()));
    }
    b.setContract(Contract.newBuilder().setLevel(7).setStrain(Strain.STRAIN_NO_TRUMP)
        .setDoubling(Doubling.DOUBLING_REDOUBLED).setDeclarer(E));
    b.addTricks(Trick.newBuilder().setNumber(13).setLeader(S)
        .addCards(PlayedCard.newBuilder().setSeat(S).setCard(card(Suit.SUIT_DIAMONDS, 10)))
        .addCards(PlayedCard.newBuilder().setSeat(W).setCard(card(Suit.SUIT_CLUBS, 10)))
        .addCards(PlayedCard.newBuilder().setSeat(N).setCard(card(Suit.SUIT_SPADES, 10)))
        .addCards(PlayedCard.newBuilder().setSeat(E).setCard(card(Suit.SUIT_HEARTS, 10)))
        .setWinner(E));
    BoardResult result = BoardResult.newBuilder().setBoardNumber(16).setContract(b.getContract())
        .setTricks(13).setClaimed(true).setScoreNorthSouth(-2980).setImpsNorthSouth(-24).build();
    b.setResult(result).setTricksEastWest(13);
    DuplicateScoreSheet.Builder sheet = DuplicateScoreSheet.newBuilder().setImpsNorthSouth(-240);
    for (int n = 1; n <= 30; n++) {
      sheet.addBoards(result.toBuilder().setBoardNumber(n));
    }
    return table().setBoard(b).setRunningScore(RunningScore.newBuilder().setDuplicate(sheet))
        .setTurn(Turn.newBuilder().setSeat(S).setReady(
            org.tenace.proto.v1.ReadyTurn.newBuilder().setBoardNumber(16))).build();
  }

  private static List<String> text(List<AttributedString> lines) {
    List<String> out = new ArrayList<>();
    for (AttributedString a : lines) {
      out.add(a.toString());
    }
    return out;
  }

  @Test
  void waitingForDummysCardNamesDeclarerWhoPlaysIt() {
    // West defends; North declares and has led; East played: dummy South's card is next.
    BoardView b = BoardView.newBuilder().setBoardNumber(1).setDealer(N)
        .setPhase(BoardPhase.BOARD_PHASE_PLAY)
        .setContract(Contract.newBuilder().setLevel(1).setStrain(Strain.STRAIN_HEARTS)
            .setDeclarer(N))
        .addTricks(Trick.newBuilder().setNumber(2).setLeader(N)
            .addCards(PlayedCard.newBuilder().setSeat(N).setCard(card(Suit.SUIT_SPADES, 10)))
            .addCards(PlayedCard.newBuilder().setSeat(E).setCard(card(Suit.SUIT_SPADES, 2))))
        .build();
    List<String> lines = text(new Screen(new Screen.Style(true, false)).render(
        table().setViewer(Viewer.newBuilder().setSeat(W)).setBoard(b).setToAct(S).build(),
        Screen.Status.NONE));
    assertThat(lines).contains("Waiting for North to play from dummy.");
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void noLineIsWiderThanEightyColumns(boolean ascii) {
    Screen screen = new Screen(new Screen.Style(ascii, !ascii));
    Screen.Status status = new Screen.Status("connection lost; reconnecting (UNAVAILABLE: "
        + "y".repeat(200) + ")", "! " + "z".repeat(300), "w".repeat(100));
    List<AttributedString> lines = screen.render(completeBoard(), status);
    assertThat(lines).allSatisfy(l -> assertThat(l.columnLength()).as(l.toString())
        .isLessThanOrEqualTo(80));
    assertThat(text(lines)).anyMatch(l -> l.contains("Result: 7NTXX by East, 13 tricks"));
  }

  @Test
  void asciiHasLettersAndNoOtherCharacters() {
    List<String> lines = text(new Screen(new Screen.Style(true, false))
        .render(completeBoard(), Screen.Status.NONE));
    assertThat(lines).allSatisfy(l -> assertThat(l.chars().allMatch(c -> c >= 32 && c < 127))
        .as(l).isTrue());
    assertThat(String.join("\n", lines)).contains("S AKQJ1098765432", "H AKQJ1098765432");
  }

  @Test
  void theServersSuitSymbolsBecomeLettersInAscii() {
    List<String> lines = text(new Screen(new Screen.Style(true, false)).render(completeBoard(),
        new Screen.Status("", "! CARD_NOT_HELD: \u2660K is not in the hand", "")));
    assertThat(lines).contains("! CARD_NOT_HELD: SK is not in the hand");
  }

  @Test
  void symbolsWhereTheTerminalHasThem() {
    String all = String.join("\n", text(new Screen(new Screen.Style(false, true))
        .render(completeBoard(), Screen.Status.NONE)));
    assertThat(all).contains("♠ AKQJ1098765432", "♥ AKQJ1098765432", "♦ ", "♣ ", "1♣!");
  }

  @Test
  void theAuctionStartsInTheDealersColumnUnderWestNorthEastSouth() {
    BoardView b = BoardView.newBuilder().setBoardNumber(3).setDealer(S)
        .setVulnerability(Vulnerability.VULNERABILITY_EAST_WEST)
        .setPhase(BoardPhase.BOARD_PHASE_AUCTION)
        .addAuction(AuctionCall.newBuilder().setIndex(0).setSeat(S).setCall(bid(1, Strain.STRAIN_NO_TRUMP)))
        .addAuction(AuctionCall.newBuilder().setIndex(1).setSeat(W).setCall(pass()))
        .addAuction(AuctionCall.newBuilder().setIndex(2).setSeat(N)
            .setCall(bid(2, Strain.STRAIN_DIAMONDS)).setAlert(true).setExplanation("transfer"))
        .build();
    TableSnapshot s = table().setBoard(b).setTurn(Turn.newBuilder().setSeat(S).setCall(
        CallTurn.newBuilder().addLegalCalls(pass()).addLegalCalls(bid(2, Strain.STRAIN_HEARTS))))
        .setToAct(E).build(); // the table's word: East calls after North
    List<String> lines = text(new Screen(new Screen.Style(true, false)).render(s,
        Screen.Status.NONE));
    int header = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains("West  North East  South")) {
        header = i;
      }
    }
    assertThat(header).isNotNegative();
    int col = lines.get(header).indexOf("West  North");
    assertThat(lines.get(header + 1).substring(col)).isEqualTo("                  1NT   ");
    assertThat(lines.get(header + 2).substring(col)).startsWith("Pass  2D!   ?");
    assertThat(lines).contains("Alert: North 2D: transfer",
        "Your call. Legal: Pass, 2H or higher");
    assertThat(lines.get(0)).startsWith("Board 3  Dealer South  Vul E-W  Table 12345");
  }

  /** Each legal call is its own item: "Pass, X, 3NT or higher", not "Pass X". */
  @Test
  void theLegalCallsAreListedOneByOne() {
    TableSnapshot s = table().setTurn(Turn.newBuilder().setSeat(S).setCall(
        CallTurn.newBuilder().addLegalCalls(pass())
            .addLegalCalls(Call.newBuilder().setOther(OtherCall.OTHER_CALL_DOUBLE))
            .addLegalCalls(bid(3, Strain.STRAIN_NO_TRUMP))))
        .build();
    List<String> lines = text(new Screen(new Screen.Style(true, false)).render(s,
        Screen.Status.NONE));
    assertThat(lines).contains("Your call. Legal: Pass, X, 3NT or higher");
  }

  @Test
  void declarerIsOfferedDummysCardsWithTheTrickNumber() {
    BoardView b = BoardView.newBuilder().setBoardNumber(1).setDealer(N)
        .setVulnerability(Vulnerability.VULNERABILITY_NONE).setPhase(BoardPhase.BOARD_PHASE_PLAY)
        .setContract(Contract.newBuilder().setLevel(4).setStrain(Strain.STRAIN_SPADES)
            .setDoubling(Doubling.DOUBLING_DOUBLED).setDeclarer(S))
        .addTricks(Trick.newBuilder().setNumber(1).setLeader(W)
            .addCards(PlayedCard.newBuilder().setSeat(W).setCard(card(Suit.SUIT_HEARTS, 13))))
        .build();
    TableSnapshot s = table().setBoard(b).setTurn(Turn.newBuilder().setSeat(N).setPlay(
        PlayTurn.newBuilder().addLegalCards(card(Suit.SUIT_HEARTS, 10))
            .addLegalCards(card(Suit.SUIT_HEARTS, 2)))).setToAct(N).build();
    List<String> lines = text(new Screen(new Screen.Style(true, false)).render(s,
        Screen.Status.NONE));
    assertThat(lines).contains("Contract 4SX by South   Tricks NS 0  EW 0")
        .contains("Dummy's card (North), trick 1. Legal: H10 H2")
        .anyMatch(l -> l.contains("> North (dummy)"))
        .anyMatch(l -> l.contains("W HK"));
  }

  @Test
  void aRobotNamedRobotIsNotTaggedTwiceSoDummysLineFitsBesideTheAuction() {
    TableSnapshot.Builder t = table();
    t.getTableBuilder().getSeatsBuilder(0).setPlayerName("Robot").setRobot(true); // North
    t.getTableBuilder().getSeatsBuilder(1).setPlayerName("Ben"); // East, a robot
    BoardView b = BoardView.newBuilder().setBoardNumber(1).setDealer(N)
        .setVulnerability(Vulnerability.VULNERABILITY_NONE).setPhase(BoardPhase.BOARD_PHASE_PLAY)
        .setContract(Contract.newBuilder().setLevel(2).setStrain(Strain.STRAIN_HEARTS)
            .setDoubling(Doubling.DOUBLING_UNDOUBLED).setDeclarer(S))
        .addAuction(AuctionCall.newBuilder().setIndex(0).setSeat(N).setCall(pass()))
        .build();
    List<String> lines = text(new Screen(new Screen.Style(true, false)).render(
        t.setBoard(b).build(), Screen.Status.NONE));
    assertThat(lines).anyMatch(l -> l.contains("North (dummy) Robot ") && !l.contains("[rob"))
        .anyMatch(l -> l.contains("East Ben [robot]"));
  }

  @Test
  void aRubberSheetShowsAboveAndBelowTheLine() {
    Rubber r = Rubber.newBuilder().setNumber(1).setGamesNorthSouth(1)
        .addEntries(SheetEntry.newBuilder().setBoardNumber(1).setSide(Side.SIDE_NORTH_SOUTH)
            .setKind(SheetEntryKind.SHEET_ENTRY_KIND_CONTRACT_POINTS).setPoints(120).setGame(1))
        .addEntries(SheetEntry.newBuilder().setBoardNumber(1).setSide(Side.SIDE_NORTH_SOUTH)
            .setKind(SheetEntryKind.SHEET_ENTRY_KIND_OVERTRICKS).setPoints(30))
        .addEntries(SheetEntry.newBuilder().setBoardNumber(2).setSide(Side.SIDE_EAST_WEST)
            .setKind(SheetEntryKind.SHEET_ENTRY_KIND_UNDERTRICKS).setPoints(100))
        .addEntries(SheetEntry.newBuilder().setBoardNumber(3).setSide(Side.SIDE_EAST_WEST)
            .setKind(SheetEntryKind.SHEET_ENTRY_KIND_CONTRACT_POINTS).setPoints(60).setGame(2))
        .setTotalNorthSouth(150).setTotalEastWest(160).build();
    TableSnapshot s = completeBoard().toBuilder().setRunningScore(RunningScore.newBuilder()
        .setRubber(RubberScoreSheet.newBuilder().addRubbers(r).setTotalNorthSouth(150)
            .setTotalEastWest(160))).build();
    List<String> lines = text(new Screen(new Screen.Style(true, false)).render(s,
        Screen.Status.NONE));
    assertThat(lines).contains(
        "Rubber 1, games NS 1 EW 0          NS      EW",
        "  above the line                        30     100",
        "  game 1 (below the line)              120        ",
        "  game 2 (below the line)                       60",
        "  rubber total                         150     160");
  }

  @Test
  void theLatestBoardsThatFitAreListedWithTheTotal() {
    List<String> lines = text(new Screen(new Screen.Style(true, false)).render(completeBoard(),
        Screen.Status.NONE));
    assertThat(lines).anyMatch(l -> l.startsWith("Score NS by board  ..  ")
        && l.contains("30: -2980") && l.endsWith("total NS -89400, -240 IMPs"));
  }

  /** East-West made +2980 and 24 IMPs: East reads it from his side, and whose it is. */
  @Test
  void anEastWestPlayerReadsHisSidesScore() {
    TableSnapshot s = completeBoard().toBuilder().setViewer(Viewer.newBuilder().setSeat(E))
        .build();
    List<String> lines = text(new Screen(new Screen.Style(true, false)).render(s,
        Screen.Status.NONE));
    assertThat(lines).anyMatch(l -> l.startsWith("Result: 7NTXX by East, 13 tricks (=), "
        + "claimed: EW +2980, EW +24 IMPs"));
    assertThat(lines).anyMatch(l -> l.startsWith("Score EW by board  ..  ")
        && l.contains("30: +2980") && l.endsWith("total EW +89400, +240 IMPs"));
    // South, on the other side, reads the same board as North-South's loss.
    List<String> south = text(new Screen(new Screen.Style(true, false)).render(completeBoard(),
        Screen.Status.NONE));
    assertThat(south).anyMatch(l -> l.contains("claimed: NS -2980, NS -24 IMPs"));
  }

  /** A matchpoint result: each side reads its own percentage. */
  @Test
  void matchpointsAreShownAsTheViewersSidesPercentage() {
    TableSnapshot.Builder t = completeBoard().toBuilder();
    t.getBoardBuilder().getResultBuilder().clearImpsNorthSouth()
        .setMatchpointPercentNorthSouth(25);
    t.getRunningScoreBuilder().getDuplicateBuilder().clearImpsNorthSouth()
        .setMatchpointPercentNorthSouth(40);
    List<String> west = text(new Screen(new Screen.Style(true, false)).render(
        t.setViewer(Viewer.newBuilder().setSeat(W)).build(), Screen.Status.NONE));
    assertThat(west).anyMatch(l -> l.contains("claimed: EW +2980, EW 75.0%"));
    assertThat(west).anyMatch(l -> l.endsWith("total EW +89400, 60.0%"));
  }

  /**
   * Declarer claimed the rest after 5 tricks, 2 to North-South and 3 to East-West: once the
   * board is over the tricks line counts the claimed tricks too, as the result does.
   */
  @Test
  void afterAClaimTheTricksLineSaysWhatTheResultSays() {
    TableSnapshot.Builder t = completeBoard().toBuilder();
    t.getBoardBuilder().setTricksNorthSouth(2).setTricksEastWest(3);
    t.getBoardBuilder().getResultBuilder().setTricks(7)
        .setContract(t.getBoard().getContract().toBuilder().setLevel(1));
    List<String> lines = text(new Screen(new Screen.Style(true, false)).render(t.build(),
        Screen.Status.NONE));
    assertThat(lines).anyMatch(l -> l.startsWith("Contract 7NTXX by East   Tricks NS 6  EW 7"));
  }

  // ---- laws mode ----

  private static TableSnapshot.Builder lawsTable(Seat viewer) {
    TableSnapshot.Builder t = table().setViewer(Viewer.newBuilder().setSeat(viewer));
    t.getTableBuilder().getSettingsBuilder().setMode(org.tenace.proto.v1.Mode.MODE_LAWS);
    return t;
  }

  private static AuctionCall.Builder call(int index, Seat seat, Call call) {
    return AuctionCall.newBuilder().setIndex(index).setSeat(seat).setCall(call);
  }

  private static org.tenace.proto.v1.Option.Builder option(String law, Seat holder,
      Seat offender, OptionChoice... choices) {
    return org.tenace.proto.v1.Option.newBuilder().setLaw(law).addHolders(holder)
        .addAllChoices(List.of(choices)).setIrregularity(
            org.tenace.proto.v1.Irregularity.newBuilder().setLaw(law).setOffender(offender));
  }

  private static Turn optionTurn(Seat seat, org.tenace.proto.v1.Option.Builder o) {
    return Turn.newBuilder().setSeat(seat).setOption(org.tenace.proto.v1.OptionTurn.newBuilder()
        .setOption(o)).build();
  }

  private static final OptionChoice ACCEPT = OptionChoice.OPTION_CHOICE_ACCEPT;
  private static final OptionChoice DUMMY = OptionChoice.OPTION_CHOICE_ACCEPT_AS_DUMMY;
  private static final OptionChoice REFUSE = OptionChoice.OPTION_CHOICE_REFUSE;
  private static final OptionChoice REQUIRE = OptionChoice.OPTION_CHOICE_REQUIRE_SUIT;
  private static final OptionChoice BAN = OptionChoice.OPTION_CHOICE_BAN_SUIT;
  private static final OptionChoice WAIVE = OptionChoice.OPTION_CHOICE_WAIVE;

  /** North 1S, East 1H (insufficient): South, East's LHO, may accept it or refuse it. */
  private static TableSnapshot insufficientBid() {
    var o = option("27", S, E, ACCEPT, REFUSE);
    o.getIrregularityBuilder().setDescription("S may accept E's insufficient 1H by calling, or "
        + "refuse it: E then replaces it (27B)");
    BoardView b = BoardView.newBuilder().setBoardNumber(1).setDealer(N)
        .setPhase(BoardPhase.BOARD_PHASE_AUCTION)
        .addAuction(call(0, N, bid(1, Strain.STRAIN_SPADES)))
        .addAuction(call(1, E, bid(1, Strain.STRAIN_HEARTS))).setOption(o).build();
    return lawsTable(S).setBoard(b).setTurn(optionTurn(S, o)).setToAct(S).build();
  }

  private static List<String> render(TableSnapshot s, boolean ascii) {
    return text(new Screen(new Screen.Style(ascii, false)).render(s, Screen.Status.NONE));
  }

  @Test
  void anInsufficientBidIsMarkedAndItsHolderIsOfferedAcceptOrRefuse() {
    List<String> lines = render(insufficientBid(), true);
    assertThat(lines).containsSubsequence(
        "Option for South: East's 1H was insufficient (Law 27).",
        "  S may accept E's insufficient 1H by calling, or refuse it: E then replaces it",
        "  (27B)",
        "East's 1H was insufficient (Law 27). accept | refuse");
    assertThat(lines.get(1)).isEqualTo("Auction in progress   Tricks NS 0  EW 0   Laws mode");
    assertThat(lines).anyMatch(l -> l.endsWith("1S    1H*   "));
    assertThat(render(insufficientBid(), false))
        .contains("East's 1♥ was insufficient (Law 27). accept | refuse");
  }

  @Test
  void whileAnOptionIsOpenTheOthersWaitForItsHolder() {
    TableSnapshot s = insufficientBid().toBuilder().setViewer(Viewer.newBuilder().setSeat(W))
        .clearTurn().build();
    assertThat(render(s, true)).contains("Waiting for South to choose (Law 27).")
        .anyMatch(l -> l.contains("> South"));
  }

  @Test
  void aCallOutOfRotationStandsUnderItsCaller() {
    // North deals; East bids 1S first: North's column stays empty.
    var o = option("29", S, E, ACCEPT, REFUSE);
    BoardView b = BoardView.newBuilder().setBoardNumber(1).setDealer(N)
        .setPhase(BoardPhase.BOARD_PHASE_AUCTION)
        .addAuction(call(0, E, bid(1, Strain.STRAIN_SPADES))).setOption(o).build();
    List<String> lines = render(lawsTable(S).setBoard(b).setTurn(optionTurn(S, o)).build(), true);
    int header = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains("West  North East  South")) {
        header = i;
      }
    }
    int col = lines.get(header).indexOf("West");
    assertThat(lines.get(header + 1).substring(col)).isEqualTo("            1S*   ");
    assertThat(lines).contains("East's 1S was out of rotation (Law 29). accept | refuse");
  }

  @Test
  void anOpeningLeadOutOfTurnOffersDeclarerToBecomeDummy() {
    var o = option("54", S, E, ACCEPT, DUMMY, REFUSE);
    o.getIrregularityBuilder().setCard(PlayedCard.newBuilder().setSeat(E)
        .setCard(card(Suit.SUIT_HEARTS, 13)));
    BoardView b = BoardView.newBuilder().setBoardNumber(1).setDealer(N)
        .setPhase(BoardPhase.BOARD_PHASE_PLAY)
        .setContract(Contract.newBuilder().setLevel(4).setStrain(Strain.STRAIN_SPADES)
            .setDeclarer(S))
        .addTricks(Trick.newBuilder().setNumber(1).setLeader(E).addCards(PlayedCard.newBuilder()
            .setSeat(E).setCard(card(Suit.SUIT_HEARTS, 13))))
        .setOption(o).build();
    List<String> lines = render(lawsTable(S).setBoard(b).setTurn(optionTurn(S, o)).build(), true);
    assertThat(lines).contains(
        "East faced the opening lead HK out of turn (Law 54). accept | dummy | refuse")
        .anyMatch(l -> l.startsWith("  accept: declarer plays second, from his own hand; dummy:"));
  }

  @Test
  void aPenaltyCardLetsDeclarerRequireOrBanItsSuit() {
    var o = option("50D2", S, E, REQUIRE, BAN, WAIVE).addSuits(Suit.SUIT_SPADES);
    BoardView b = BoardView.newBuilder().setBoardNumber(1).setDealer(N)
        .setPhase(BoardPhase.BOARD_PHASE_PLAY)
        .setContract(Contract.newBuilder().setLevel(4).setStrain(Strain.STRAIN_HEARTS)
            .setDeclarer(S))
        .setRestrictions(org.tenace.proto.v1.Restrictions.newBuilder().addPenaltyCards(
            org.tenace.proto.v1.PenaltyCard.newBuilder().setMajor(true).setCard(PlayedCard
                .newBuilder().setSeat(E).setCard(card(Suit.SUIT_SPADES, 12)))))
        .setOption(o).build();
    TableSnapshot s = lawsTable(S).setBoard(b).setTurn(optionTurn(S, o)).build();
    // Too long for one line: the choices go together below what happened.
    assertThat(render(s, true)).containsSubsequence(
        "East's SQ is a major penalty card (Law 50).",
        "West is on lead with East's penalty card on the table (Law 50D).",
        "require S | ban S | waive");
    assertThat(render(s, false)).endsWith(
        "West is on lead with East's penalty card on the table (Law 50D).",
        "require ♠ | ban ♠ | waive");
  }

  @Test
  void theRectificationIsShownWithdrawnCallsBarsAndTheRulingAwaited() {
    org.tenace.proto.v1.Ruling.Builder r = org.tenace.proto.v1.Ruling.newBuilder().setRulingId(1)
        .setLaw("27B1b").setQuestion("Is E's 3H comparable to the insufficient 1H (Law 27B1b, "
            + "23A)?").addChoices("comparable").addChoices("not comparable")
        .setDefaultChoice("not comparable").setGating(true);
    BoardView.Builder b = BoardView.newBuilder().setBoardNumber(1).setDealer(N)
        .setPhase(BoardPhase.BOARD_PHASE_AUCTION)
        .addAuction(call(0, N, bid(1, Strain.STRAIN_SPADES)))
        .addAuction(call(1, E, bid(1, Strain.STRAIN_HEARTS)).setWithdrawn(true))
        .addAuction(call(2, E, bid(3, Strain.STRAIN_HEARTS)))
        .addIrregularities(org.tenace.proto.v1.Irregularity.newBuilder().setCallIndex(1)
            .setLaw("27").setOffender(E))
        .addRulings(r);
    List<String> open = render(lawsTable(S).setBoard(b).build(), true);
    assertThat(open).contains("Withdrawn: East 1H",
        "Waiting for the director (Law 27B1b): Is E's 3H comparable to the insufficient",
        "  1H (Law 27B1b, 23A)? If no director rules: not comparable.",
        "Waiting for the director's ruling (Law 27B1b).");
    assertThat(open).anyMatch(l -> l.endsWith("1S    3H    ")); // no '?' while the table waits

    b.setRulings(0, r.setDecision(org.tenace.proto.v1.RulingDecision.newBuilder()
        .setChoice("not comparable").setDecidedBy(org.tenace.proto.v1.DecidedBy
            .DECIDED_BY_DEFAULT)))
        .setRestrictions(org.tenace.proto.v1.Restrictions.newBuilder()
            .addCallBars(org.tenace.proto.v1.CallBar.newBuilder().setSeat(W)
                .setKind(org.tenace.proto.v1.BarKind.BAR_KIND_PASS_REST_OF_AUCTION)
                .setLaw("27B2"))
            .addLeadPenalties(org.tenace.proto.v1.LeadPenalty.newBuilder().setOffender(E)
                .setLaw("27B2").addSuits(Suit.SUIT_SPADES).addSuits(Suit.SUIT_CLUBS)));
    List<String> decided = render(lawsTable(S).setBoard(b).setTurn(Turn.newBuilder().setSeat(S)
        .setCall(CallTurn.newBuilder().addLegalCalls(pass()))).build(), true);
    assertThat(decided).contains(
        "Ruling (Law 27B1b): not comparable (the Laws' default).",
        "West must pass for the rest of the auction (Law 27B2).",
        "If West defends, declarer may ban one of S C at his first lead (Law 27B2).",
        "Your call. Legal: Pass");
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void anOptionPromptIsNoWiderThanEightyColumns(boolean ascii) {
    var o = option("26", S, E, BAN, REQUIRE, WAIVE).addSuits(Suit.SUIT_SPADES)
        .addSuits(Suit.SUIT_HEARTS).addSuits(Suit.SUIT_DIAMONDS).addSuits(Suit.SUIT_CLUBS)
        .addHolders(N).addHolders(E).addHolders(W);
    o.getIrregularityBuilder().setDescription("d".repeat(300));
    BoardView.Builder b = completeBoard().getBoard().toBuilder()
        .setPhase(BoardPhase.BOARD_PHASE_PLAY).setOption(o)
        .addAuction(call(17, N, bid(7, Strain.STRAIN_NO_TRUMP)).setWithdrawn(true));
    var r = org.tenace.proto.v1.Restrictions.newBuilder();
    for (Seat seat : List.of(N, E, S, W)) {
      r.addCallBars(org.tenace.proto.v1.CallBar.newBuilder().setSeat(seat).setLaw("27B1b")
          .setKind(org.tenace.proto.v1.BarKind.BAR_KIND_MUST_REPEAT).setCall(bid(7,
              Strain.STRAIN_NO_TRUMP)));
      r.addLeadPenalties(org.tenace.proto.v1.LeadPenalty.newBuilder().setOffender(seat)
          .setLaw("27B1b").addSuits(Suit.SUIT_SPADES).addSuits(Suit.SUIT_HEARTS)
          .addSuits(Suit.SUIT_DIAMONDS).addSuits(Suit.SUIT_CLUBS));
      r.addLeadRestrictions(org.tenace.proto.v1.LeadRestriction.newBuilder().setSeat(seat)
          .setSuit(Suit.SUIT_DIAMONDS).setLaw("50D2b"));
      b.addRulings(org.tenace.proto.v1.Ruling.newBuilder().setRulingId(seat.getNumber())
          .setLaw("27B1b").setQuestion("q".repeat(200)).setDefaultChoice("c".repeat(90))
          .setGating(seat == N));
    }
    b.setRestrictions(r);
    TableSnapshot s = completeBoard().toBuilder().setBoard(b).setTurn(optionTurn(S, o)).build();
    s = s.toBuilder().setTable(s.getTable().toBuilder().setSettings(s.getTable().getSettings()
        .toBuilder().setMode(org.tenace.proto.v1.Mode.MODE_LAWS))).build();
    List<AttributedString> lines = new Screen(new Screen.Style(ascii, !ascii)).render(s,
        new Screen.Status("", "? 'x' is not one of the choices: " + "ban ♠ | ".repeat(20), ""));
    assertThat(lines).allSatisfy(l -> assertThat(l.columnLength()).as(l.toString())
        .isLessThanOrEqualTo(80));
    assertThat(String.join(" ", text(lines))).contains(ascii
        ? "ban S | ban H | ban D | ban C | require S | require H | require D | require C | waive"
        : "ban ♠ | ban ♥ | ban ♦ | ban ♣ | require ♠ | require ♥ | require ♦ | require ♣ | waive");
  }
}
