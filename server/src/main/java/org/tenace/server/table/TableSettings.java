package org.tenace.server.table;

import java.time.Duration;
import java.util.Optional;
import org.tenace.bridge.check.Require;
import org.tenace.robot.RobotLevel;
import org.tenace.server.engine.AuctionSettings;
import org.tenace.server.engine.LawsEdition;
import org.tenace.server.engine.Mode;

/**
 * A table's settings, fixed when it is created (table.proto's TableSettings, with the defaults
 * filled in).
 *
 * @param boardCount boards to play before the table closes; 0 for no limit
 * @param firstBoard the number of the first board
 * @param seating who acts for which hand
 * @param robotPace how long the server's robots at the table take over each call and card
 *     (CreateTable's robot_pace); empty for the server's own setting
 * @param robotLevel how hard the server's robots at the table think about their cards
 *     (CreateTable's robot_level); empty for the server's own setting
 */
public record TableSettings(
    Mode mode, LawsEdition edition, KibitzPolicy kibitz, UndoPolicy undo, ScoringMethod scoring,
    int boardCount, int firstBoard, boolean autoPassBarred, Duration directorTimeout,
    Seating seating, Optional<Duration> robotPace, Optional<RobotLevel> robotLevel) {

  /** What kibitzers may see. */
  public enum KibitzPolicy { NONE, PUBLIC, ALL_HANDS }

  /** How the table's boards are scored. */
  public enum ScoringMethod { IMP, MATCHPOINTS, RUBBER, CHICAGO }

  /** Who approves an undo. */
  public enum Approver { NONE, OPPONENTS, DIRECTOR }

  /** What may be undone. */
  public enum Scope { AUCTION, AUCTION_AND_PLAY }

  /** Who approves times what may be undone (Law 25A). */
  public record UndoPolicy(Approver approver, Scope scope) {
    public UndoPolicy {
      Require.nonNull("approver scope", approver, scope);
    }

    /** Online: opponents consent, calls and cards; laws mode: the director, calls only. */
    public static UndoPolicy defaultFor(Mode mode) {
      return mode == Mode.ONLINE
          ? new UndoPolicy(Approver.OPPONENTS, Scope.AUCTION_AND_PLAY)
          : new UndoPolicy(Approver.DIRECTOR, Scope.AUCTION);
    }
  }

  public static final Duration DEFAULT_DIRECTOR_TIMEOUT = Duration.ofSeconds(60);

  public TableSettings {
    Require.nonNull("mode edition kibitz undo scoring directorTimeout seating robotPace robotLevel",
        mode, edition, kibitz, undo, scoring, directorTimeout, seating, robotPace, robotLevel);
    if (boardCount < 0) {
      throw new IllegalArgumentException("board count 0 (no limit) or more: " + boardCount);
    }
    if (firstBoard < 1) {
      throw new IllegalArgumentException("board numbers start at 1: " + firstBoard);
    }
    if (directorTimeout.isNegative()) {
      throw new IllegalArgumentException("a negative director timeout: " + directorTimeout);
    }
    if (robotPace.filter(p -> p.isNegative() || p.compareTo(Limits.ROBOT_PACE) > 0).isPresent()) {
      throw new IllegalArgumentException("a robot pace of 0 to " + Limits.ROBOT_PACE + ": "
          + robotPace.get());
    }
  }

  /** Settings with the server's own robot level. */
  public TableSettings(Mode mode, LawsEdition edition, KibitzPolicy kibitz, UndoPolicy undo,
      ScoringMethod scoring, int boardCount, int firstBoard, boolean autoPassBarred,
      Duration directorTimeout, Seating seating, Optional<Duration> robotPace) {
    this(mode, edition, kibitz, undo, scoring, boardCount, firstBoard, autoPassBarred,
        directorTimeout, seating, robotPace, Optional.empty());
  }

  /** Settings with the server's own robot pace and level. */
  public TableSettings(Mode mode, LawsEdition edition, KibitzPolicy kibitz, UndoPolicy undo,
      ScoringMethod scoring, int boardCount, int firstBoard, boolean autoPassBarred,
      Duration directorTimeout, Seating seating) {
    this(mode, edition, kibitz, undo, scoring, boardCount, firstBoard, autoPassBarred,
        directorTimeout, seating, Optional.empty());
  }

  /** A table of four players scored by IMPs, with every default. */
  public static TableSettings defaults(Mode mode) {
    return new TableSettings(mode, LawsEdition.LAWS_2017, KibitzPolicy.PUBLIC,
        UndoPolicy.defaultFor(mode), ScoringMethod.IMP, 0, 1, false, DEFAULT_DIRECTOR_TIMEOUT,
        Seating.FOUR_PLAYERS);
  }

  public TableSettings withScoring(ScoringMethod s) {
    return new TableSettings(mode, edition, kibitz, undo, s, boardCount, firstBoard,
        autoPassBarred, directorTimeout, seating, robotPace, robotLevel);
  }

  public TableSettings withBoards(int first, int count) {
    return new TableSettings(mode, edition, kibitz, undo, scoring, count, first, autoPassBarred,
        directorTimeout, seating, robotPace, robotLevel);
  }

  public TableSettings withUndo(UndoPolicy u) {
    return new TableSettings(mode, edition, kibitz, u, scoring, boardCount, firstBoard,
        autoPassBarred, directorTimeout, seating, robotPace, robotLevel);
  }

  public TableSettings withKibitz(KibitzPolicy k) {
    return new TableSettings(mode, edition, k, undo, scoring, boardCount, firstBoard,
        autoPassBarred, directorTimeout, seating, robotPace, robotLevel);
  }

  public TableSettings withRobotPace(Optional<Duration> pace) {
    return new TableSettings(mode, edition, kibitz, undo, scoring, boardCount, firstBoard,
        autoPassBarred, directorTimeout, seating, pace, robotLevel);
  }

  public TableSettings withRobotLevel(Optional<RobotLevel> level) {
    return new TableSettings(mode, edition, kibitz, undo, scoring, boardCount, firstBoard,
        autoPassBarred, directorTimeout, seating, robotPace, level);
  }

  /** How the engine runs this table's auctions. */
  public AuctionSettings auctionSettings() {
    AuctionSettings base = mode == Mode.ONLINE ? AuctionSettings.ONLINE : AuctionSettings.LAWS;
    return base.withEdition(edition).withAutoPassBarred(autoPassBarred)
        .withRulingsByDefault(mode == Mode.LAWS && directorTimeout.isZero());
  }
}
