package org.tenace.bridge.score;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.auction.Contract;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Side;
import org.tenace.bridge.check.Require;

/**
 * A rubber of rubber bridge (Laws of Contract Bridge 72-81), as its score sheet.
 * Trick points of a made contract go below the line and count toward game (100); overtricks,
 * insults, slam bonuses, undertricks and honours go above. A side is vulnerable once it has won a
 * game. The rubber ends when a side wins two games: 700 if the other side has none, 500 if it has
 * one. A rubber stopped before that is closed with {@link #end()}: 300 to a side one game up and
 * 100 to each side with a part-score in the unfinished game.
 *
 * <p>Immutable: {@link #record} and {@link #end} return the next state.
 *
 * @param games the winner of each game finished so far, in order
 * @param deals the deals dealt so far, passed-out ones included
 * @param over whether the rubber is finished (two games) or was ended
 */
public record Rubber(ScoreSheet sheet, List<Side> games, int deals, boolean over) {

  public Rubber {
    Objects.requireNonNull(sheet, "sheet");
    games = List.copyOf(games);
    if (games.size() > 3 || deals < 0) {
      throw new IllegalArgumentException("a rubber has at most 3 games: " + games);
    }
  }

  public static Rubber start() {
    return new Rubber(ScoreSheet.EMPTY, List.of(), 0, false);
  }

  /** Scores a played deal without honours. */
  public Rubber record(Contract contract, int tricks) {
    return record(contract, tricks, Optional.empty());
  }

  /** Scores a played deal; {@code honours} from {@link Honours#of} or as claimed. */
  public Rubber record(Contract contract, int tricks, Optional<Honours> honours) {
    Require.nonNull("contract honours", contract, honours);
    requireNotOver();
    int deal = deals + 1;
    int game = game();
    Side declarers = contract.declarer().side();
    List<Entry> entries = new ArrayList<>(DealEntries.of(
        deal, game, contract, tricks, isVulnerable(declarers), honours));
    ScoreSheet next = sheet.with(entries);
    List<Side> nextGames = games;
    boolean finished = false;
    if (next.belowInGame(declarers, game) >= 100) {
      nextGames = new ArrayList<>(games);
      nextGames.add(declarers);
      if (gamesWon(nextGames, declarers) == 2) {
        int bonus = gamesWon(nextGames, declarers.opponents()) == 0 ? 700 : 500;
        next = next.with(List.of(new Entry(deal, game, declarers, Entry.Kind.RUBBER_BONUS, bonus)));
        finished = true;
      }
    }
    return new Rubber(next, nextGames, deal, finished);
  }

  /** A deal passed out: nothing is scored (Law 22A), the next player deals. */
  public Rubber passedOut() {
    requireNotOver();
    return new Rubber(sheet, games, deals + 1, false);
  }

  /**
   * Closes an unfinished rubber: 300 to each side one game up, 100 to each side with trick points
   * in the game in progress. A finished rubber is returned as it is.
   */
  public Rubber end() {
    if (over) {
      return this;
    }
    List<Entry> bonuses = new ArrayList<>();
    for (Side side : Side.values()) {
      if (gamesWon(side) == 1) {
        bonuses.add(new Entry(0, game(), side, Entry.Kind.UNFINISHED_GAME, 300));
      }
      if (sheet.belowInGame(side, game()) > 0) {
        bonuses.add(new Entry(0, game(), side, Entry.Kind.UNFINISHED_PART_SCORE, 100));
      }
    }
    return new Rubber(sheet.with(bonuses), games, deals, true);
  }

  /** The game being played, from 1. */
  public int game() {
    return games.size() + 1;
  }

  public int gamesWon(Side side) {
    return gamesWon(games, side);
  }

  /** A side is vulnerable once it has won a game. */
  public boolean isVulnerable(Side side) {
    return gamesWon(side) > 0;
  }

  /** The vulnerability for the next deal. */
  public Vulnerability vulnerability() {
    return Vulnerability.of(isVulnerable(Side.NS), isVulnerable(Side.EW));
  }

  /** Trick points toward game in the game being played. */
  public int partScore(Side side) {
    return sheet.belowInGame(side, game());
  }

  public int total(Side side) {
    return sheet.total(side);
  }

  /** The side with the larger total once the rubber is over; empty before, or if level. */
  public Optional<Side> winner() {
    if (!over || total(Side.NS) == total(Side.EW)) {
      return Optional.empty();
    }
    return Optional.of(total(Side.NS) > total(Side.EW) ? Side.NS : Side.EW);
  }

  private void requireNotOver() {
    if (over) {
      throw new IllegalStateException("the rubber is over: start a new one");
    }
  }

  private static int gamesWon(List<Side> games, Side side) {
    return (int) games.stream().filter(s -> s == side).count();
  }
}
