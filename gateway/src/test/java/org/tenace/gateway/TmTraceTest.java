package org.tenace.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tenace.cli.LoopbackServer;
import org.tenace.cli.tm.TmConversation;
import org.tenace.client.Vocabulary;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.TableSettings;
import org.tenace.bridge.card.Seat;

/**
 * The gateway speaks the protocol as the host of the computer championships does in its public
 * session trace: four scripted programs, one a seat, play two boards of the trace's shape
 * ({@link TmConversation#twoBoards}) and fail on any line they are told that the protocol does
 * not have next, courtesy lines included. Each waits for {@code East to lead} before it leads,
 * as programs written from the protocol do.
 */
class TmTraceTest {
  /** How long a scripted program waits for a line before it calls it missing. */
  private static final Duration PATIENCE = Duration.ofSeconds(60);

  @RegisterExtension final LoopbackServer at = new LoopbackServer();
  private ManagedChannel channel;
  private TmGateway gateway;
  private final ExecutorService programs = Executors.newCachedThreadPool();
  private final StringWriter log = new StringWriter();
  private final List<String> lines = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() {
    programs.shutdownNow();
    if (gateway != null) {
      gateway.close();
    }
  }

  @Test
  void fourProgramsHearExactlyWhatTheChampionshipHostSaysAndNothingElse() throws Exception {
    TmConversation session = TmConversation.twoBoards("Blue", "Red");
    channel = at.start();
    String id = at.createTable(CreateTableRequest.newBuilder().setName("trace")
        .setDealPbn(session.pbn()).setSettings(TableSettings.newBuilder().setBoardCount(2))
        .build());
    gateway = TmGatewayTest.open(new TmGateway(channel, id, TmGateway.Options.defaults(),
        new PrintWriter(log, true), (seat, line) -> lines.add(line[1])));
    List<Future<?>> four = new ArrayList<>();
    for (Seat s : Seat.values()) {
      four.add(programs.submit(() -> {
        try (Socket socket = new Socket("127.0.0.1", gateway.port())) {
          TmConversation.program(socket, s, session.of(s), PATIENCE);
        }
        return null;
      }));
    }
    StringBuilder failed = new StringBuilder();
    for (Future<?> f : four) {
      try {
        f.get();
      } catch (ExecutionException e) {
        failed.append(e.getCause().getMessage()).append('\n');
      }
    }
    assertThat(failed).as("the gateway:\n" + gateway.describe() + log).isEmpty();
    assertThat(log.toString()).doesNotContain("ignored").doesNotContain("the table made");
    var record = gateway.results();
    assertThat(record).hasSize(2);
    var one = record.get(1).getResult();
    assertThat(Vocabulary.contract(one.getContract()).toBidString()).isEqualTo("1NT");
    assertThat(Vocabulary.contract(one.getContract()).declarer()).isEqualTo(Seat.NORTH);
    assertThat(one.getTricks()).isEqualTo(8);
    var two = record.get(2).getResult();
    assertThat(Vocabulary.contract(two.getContract()).declarer()).isEqualTo(Seat.EAST);
    assertThat(two.getTricks()).isEqualTo(8);
    TmParser.check(lines);
  }
}
