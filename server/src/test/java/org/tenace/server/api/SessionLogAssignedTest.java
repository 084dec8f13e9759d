package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tenace.bridge.board.Vulnerability;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.compare.Artificial;
import org.tenace.bridge.event.Assignment;
import org.tenace.bridge.event.Outcome;
import org.tenace.bridge.record.HandRecord;
import org.tenace.server.application.SessionLog;
import org.tenace.server.session.SessionPlay;
import org.tenace.server.store.proto.v1.SessionStoreV1;

/**
 * A board the director gave an assigned score is kept in the session's log with the director's
 * words for each side; it alone is written in format 2, so a server that reads only format 1
 * refuses it rather than take the board for played, and reads every other event still.
 */
class SessionLogAssignedTest {

  private static SessionPlay deal() {
    return new SessionPlay(2, 3, 3, 5,
        HandRecord.builder(Seat.NORTH, Vulnerability.NONE).board(1).build());
  }

  private static int format(byte[] payload) throws Exception {
    return SessionStoreV1.StoredSessionEvent.parseFrom(payload).getFormatVersion();
  }

  @Test
  void aSplitAssignedScoreIsReadBackAsWrittenInFormatTwo() throws Exception {
    SessionLog.Played split = new SessionLog.Played(deal().assigned(
        Assignment.parse("60% 4S= by N, 40% 4S-1 by N", "4S-1 by N")));
    byte[] payload = SessionCodec.INSTANCE.encode(split);
    assertThat(format(payload)).isEqualTo(2);
    assertThat(SessionCodec.INSTANCE.decode(payload)).isEqualTo(split);
  }

  @Test
  void otherBoardsAreStillWrittenInFormatOne() throws Exception {
    SessionLog.Played artificial = new SessionLog.Played(deal().adjusted(
        new Outcome.Adjusted(Artificial.AVERAGE_PLUS, Artificial.AVERAGE_MINUS)));
    byte[] payload = SessionCodec.INSTANCE.encode(artificial);
    assertThat(format(payload)).isEqualTo(1);
    assertThat(SessionCodec.INSTANCE.decode(payload)).isEqualTo(artificial);
    SessionLog.Played played = new SessionLog.Played(deal());
    assertThat(format(SessionCodec.INSTANCE.encode(played))).isEqualTo(1);
    assertThat(((SessionLog.Played) SessionCodec.INSTANCE.decode(SessionCodec.INSTANCE.encode(played))).play()
        .assigned()).isEqualTo(Optional.empty());
  }
}
