package org.tenace.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.tenace.movement.Mitchell;
import org.tenace.movement.MovementRepair;
import org.tenace.server.application.SessionLog;
import org.tenace.server.store.proto.v1.SessionStoreV1;

/**
 * A repair the director accepted is kept in the session's log whole (every round of the
 * repaired movement, the rounds each pair misses, the words the director was shown), in format
 * 3, so that a server that reads only formats 1 and 2 refuses it rather than play the movement
 * as it was before the repair.
 */
class SessionLogRepairedTest {

  @Test
  void aRepairIsReadBackAsWrittenInFormatThree() throws Exception {
    var relay = Mitchell.of(4, 0, 1, Mitchell.EvenTables.RELAY, false);
    var left = MovementRepair.plan(relay, 2, Map.of(), new MovementRepair.PairLeaves(8));
    var added = MovementRepair.plan(left.movement(), 3, left.absent(),
        new MovementRepair.TableAdded());
    for (MovementRepair.Proposal p : new MovementRepair.Proposal[] {left, added}) {
      SortedMap<Integer, SortedSet<Integer>> absent = new TreeMap<>();
      p.absent().forEach((pair, rounds) -> absent.put(pair, new TreeSet<>(rounds)));
      SessionLog.Repaired repaired = new SessionLog.Repaired(p.after(), p.change(),
          p.movement(), absent, p.changes());
      byte[] payload = SessionCodec.INSTANCE.encode(repaired);

      assertThat(SessionStoreV1.StoredSessionEvent.parseFrom(payload).getFormatVersion())
          .isEqualTo(3);
      assertThat(SessionCodec.INSTANCE.decode(payload)).isEqualTo(repaired);
    }
    var removed = new SessionLog.Repaired(1, new MovementRepair.TableRemoved(3, 7),
        left.movement(), new TreeMap<>(), java.util.List.of("round 2: pair 1 sits out"));
    assertThat(((SessionLog.Repaired) SessionCodec.INSTANCE.decode(
        SessionCodec.INSTANCE.encode(removed))).change())
        .isEqualTo(new MovementRepair.TableRemoved(3, 7));
  }
}
