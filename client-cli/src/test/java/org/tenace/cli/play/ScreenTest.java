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
        .build();
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
            .addLegalCards(card(Suit.SUIT_HEARTS, 2)))).build();
    List<String> lines = text(new Screen(new Screen.Style(true, false)).render(s,
        Screen.Status.NONE));
    assertThat(lines).contains("Contract 4SX by South   Tricks NS 0  EW 0")
        .contains("Dummy's card (North), trick 1. Legal: H10 H2")
        .anyMatch(l -> l.contains("> North (dummy)"))
        .anyMatch(l -> l.contains("W HK"));
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
}
