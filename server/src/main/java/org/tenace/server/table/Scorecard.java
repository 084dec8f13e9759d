package org.tenace.server.table;

import java.util.List;
import java.util.Objects;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Board;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Deal;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.check.Require;
import org.tenace.bridge.score.Chicago;
import org.tenace.bridge.score.Honours;
import org.tenace.bridge.score.Rubber;
import org.tenace.server.engine.BoardResult;
import org.tenace.server.engine.Chain;

/**
 * A table's running score, by its scoring method: the duplicate result of each board, or the
 * rubbers (Chicago rounds) played and the one in progress. It also says who deals the next board
 * and who is vulnerable, since rubber and Chicago decide that themselves.
 */
public sealed interface Scorecard {

  /** The result of every board played, in order. */
  List<BoardLine> boards();

  /** Dealer and vulnerability of the next board, whose number is {@code number}. */
  Seat nextDealer(int number);

  Vulnerability nextVulnerability(int number);

  /** The scorecard after a board: its number, deal (for honours) and result. */
  Scorecard after(int number, Deal deal, Seat dealer, BoardResult result);

  static Scorecard start(TableSettings.ScoringMethod method) {
    switch (method) {
      case RUBBER: return new RubberCard(List.of(), List.of(), Rubber.start(), Seat.NORTH);
      case CHICAGO: return new ChicagoCard(List.of(), List.of(), Chicago.start(Seat.NORTH));
      default: return new Duplicate(List.of());
    }
  }

  /** One board's line: number, dealer and result. */
  record BoardLine(int number, Seat dealer, BoardResult result) {
    public BoardLine {
      Require.nonNull("dealer result", dealer, result);
    }
  }

  /** Duplicate scoring at one table: each board's score; dealer and vulnerability by number. */
  record Duplicate(List<BoardLine> boards) implements Scorecard {
    public Duplicate {
      boards = Chain.of(boards);
    }

    @Override
    public Seat nextDealer(int number) {
      return Board.of(number).dealer();
    }

    @Override
    public Vulnerability nextVulnerability(int number) {
      return Board.of(number).vulnerability();
    }

    @Override
    public Scorecard after(int number, Deal deal, Seat dealer, BoardResult result) {
      return new Duplicate(Chain.of(boards).with(new BoardLine(number, dealer, result)));
    }

    /** North-South's total of points. */
    public int nsTotal() {
      return boards.stream().mapToInt(b -> b.result().nsScore()).sum();
    }
  }

  /** Rubber bridge: finished rubbers, the one in progress; the deal passes clockwise. */
  record RubberCard(List<BoardLine> boards, List<Rubber> finished, Rubber current,
      Seat nextDealer) implements Scorecard {
    public RubberCard {
      boards = Chain.of(boards);
      finished = Chain.of(finished);
      Require.nonNull("current nextDealer", current, nextDealer);
    }

    @Override
    public Seat nextDealer(int number) {
      return nextDealer;
    }

    @Override
    public Vulnerability nextVulnerability(int number) {
      return current.vulnerability();
    }

    @Override
    public Scorecard after(int number, Deal deal, Seat dealer, BoardResult result) {
      Rubber r = record(current, deal, result);
      List<Rubber> done = finished;
      if (r.over()) {
        done = Chain.of(finished).with(r);
        r = Rubber.start();
      }
      return new RubberCard(Chain.of(boards).with(new BoardLine(number, dealer, result)), done, r,
          dealer.next());
    }

    /**
     * Whether the last board ended a rubber: the last of {@link #finished} is the rubber it wrote
     * in. A passed-out deal counts as a deal of the rubber, so a rubber with none dealt has just
     * begun.
     */
    public boolean lastBoardEndedRubber() {
      return !finished.isEmpty() && current.deals() == 0;
    }

    private static Rubber record(Rubber r, Deal deal, BoardResult result) {
      if (result.contract().isEmpty()) {
        return r.passedOut();
      }
      Contract c = result.contract().get();
      return r.record(c, result.declarerTricks(), Honours.of(deal, c.strain()));
    }
  }

  /** Chicago: rounds of four deals; the round decides dealer and vulnerability. */
  record ChicagoCard(List<BoardLine> boards, List<Chicago> finished, Chicago current)
      implements Scorecard {
    public ChicagoCard {
      boards = Chain.of(boards);
      finished = Chain.of(finished);
      Objects.requireNonNull(current, "current");
    }

    @Override
    public Seat nextDealer(int number) {
      return current.dealer();
    }

    @Override
    public Vulnerability nextVulnerability(int number) {
      return current.vulnerability();
    }

    @Override
    public Scorecard after(int number, Deal deal, Seat dealer, BoardResult result) {
      Chicago c;
      if (result.contract().isEmpty()) {
        c = current.passedOut();
      } else {
        Contract k = result.contract().get();
        c = current.record(k, result.declarerTricks(), Honours.of(deal, k.strain()));
      }
      List<Chicago> done = finished;
      if (c.isOver()) {
        done = Chain.of(finished).with(c);
        c = Chicago.start(dealer.next());
      }
      return new ChicagoCard(Chain.of(boards).with(new BoardLine(number, dealer, result)), done,
          c);
    }

    /**
     * Whether the last board ended a round: the last of {@link #finished} is the one it was dealt
     * in. A passed-out deal does not count, so it never ends a round.
     */
    public boolean lastBoardEndedRound() {
      return !finished.isEmpty() && current.deals() == 0
          && boards.get(boards.size() - 1).result().contract().isPresent();
    }
  }
}
