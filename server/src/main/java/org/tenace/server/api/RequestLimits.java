package org.tenace.server.api;

import org.tenace.proto.v1.ChooseOptionRequest;
import org.tenace.proto.v1.ClaimRequest;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.DecideRulingRequest;
import org.tenace.proto.v1.JoinTableRequest;
import org.tenace.proto.v1.LeaveTableRequest;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MarkReadyRequest;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.RequestUndoRequest;
import org.tenace.proto.v1.RespondToClaimRequest;
import org.tenace.proto.v1.RespondToUndoRequest;
import org.tenace.proto.v1.WatchTableRequest;
import org.tenace.server.table.Limits;

/**
 * The size of every string and repeated field of every request, and the range of every number the
 * table does not check against its own state, checked before any other work (the first of the
 * checks docs/protocol.md lists). A refusal names the field and the bound, never the value.
 */
final class RequestLimits {
  private RequestLimits() {}

  static void check(CreateTableRequest r) {
    text("name", r.getName(), Limits.TABLE_NAME);
    text("deal_pbn", r.getDealPbn(), Limits.DEAL_PBN);
    text("request_id", r.getRequestId(), Limits.ID);
    if (r.getRobotSeatsCount() > Limits.SEATS) {
      throw ProtoMapper.malformed("robot_seats", "at most " + Limits.SEATS + " seats (it has "
          + r.getRobotSeatsCount() + ")");
    }
    var s = r.getSettings();
    int first = Math.max(1, s.getFirstBoardNumber());
    range("settings.first_board_number", s.getFirstBoardNumber(), 0, Limits.LAST_BOARD);
    range("settings.board_count", s.getBoardCount(), 0, Limits.LAST_BOARD - first + 1);
    if (r.hasRobotPace()) {
      var p = r.getRobotPace();
      if (p.getSeconds() < 0 || p.getNanos() < 0 || p.getNanos() > 999_999_999
          || p.getSeconds() > Limits.ROBOT_PACE.getSeconds()
          || (p.getSeconds() == Limits.ROBOT_PACE.getSeconds() && p.getNanos() > 0)) {
        throw ProtoMapper.malformed("robot_pace", "0 to " + Limits.ROBOT_PACE.getSeconds()
            + " seconds");
      }
    }
    if (s.hasDirectorTimeout()) {
      var d = s.getDirectorTimeout();
      if (d.getSeconds() < 0 || d.getNanos() < 0 || d.getNanos() > 999_999_999
          || d.getSeconds() > Limits.DIRECTOR_TIMEOUT.getSeconds()
          || (d.getSeconds() == Limits.DIRECTOR_TIMEOUT.getSeconds() && d.getNanos() > 0)) {
        throw ProtoMapper.malformed("settings.director_timeout",
            "0 to " + Limits.DIRECTOR_TIMEOUT.toHours() + " hours");
      }
    }
  }

  static void check(JoinTableRequest r) {
    tableId(r.getTableId());
    text("name", r.getName(), Limits.PLAYER_NAME);
    text("request_id", r.getRequestId(), Limits.ID);
  }

  static void check(LeaveTableRequest r) {
    tableId(r.getTableId());
  }

  static void check(WatchTableRequest r) {
    tableId(r.getTableId());
    if (r.getFromSequence() < 0) {
      throw ProtoMapper.malformed("from_sequence", "0 or more");
    }
  }

  static void check(MakeCallRequest r) {
    tableId(r.getTableId());
    text("explanation", r.getExplanation(), Limits.TEXT);
    version(r.getExpectedVersion());
  }

  static void check(PlayCardRequest r) {
    tableId(r.getTableId());
    version(r.getExpectedVersion());
  }

  static void check(ClaimRequest r) {
    tableId(r.getTableId());
    range("tricks", r.getTricks(), 0, Limits.TRICKS);
    text("statement", r.getStatement(), Limits.TEXT);
    version(r.getExpectedVersion());
  }

  static void check(RespondToClaimRequest r) {
    tableId(r.getTableId());
    version(r.getExpectedVersion());
  }

  static void check(RequestUndoRequest r) {
    tableId(r.getTableId());
    version(r.getExpectedVersion());
  }

  static void check(RespondToUndoRequest r) {
    tableId(r.getTableId());
    version(r.getExpectedVersion());
  }

  static void check(ChooseOptionRequest r) {
    tableId(r.getTableId());
    version(r.getExpectedVersion());
  }

  static void check(DecideRulingRequest r) {
    tableId(r.getTableId());
    if (r.getRulingId() < 0) {
      throw ProtoMapper.malformed("ruling_id", "0 or more");
    }
    text("choice", r.getChoice(), Limits.RULING_CHOICE);
  }

  static void check(MarkReadyRequest r) {
    tableId(r.getTableId());
    version(r.getExpectedVersion());
  }

  private static void tableId(String id) {
    text("table_id", id, Limits.ID);
  }

  /** Negative is never a version; above the table's latest is checked by the table. */
  private static void version(long expected) {
    if (expected < 0) {
      throw ProtoMapper.malformed("expected_version", "0 (no check) or a version of the table");
    }
  }

  private static void text(String field, String value, int max) {
    if (value.length() > max) {
      throw ProtoMapper.malformed(field, "at most " + max + " characters (it has "
          + value.length() + ")");
    }
  }

  private static void range(String field, long value, long min, long max) {
    if (value < min || value > max) {
      throw ProtoMapper.malformed(field, min + " to " + max + " (it is " + value + ")");
    }
  }
}
