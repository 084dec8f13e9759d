package org.tenace.server.api;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tenace.proto.v1.CreateTableRequest;
import org.tenace.proto.v1.CreateTableResponse;
import org.tenace.proto.v1.MakeCallRequest;
import org.tenace.proto.v1.MakeCallResponse;
import org.tenace.proto.v1.PlayCardRequest;
import org.tenace.proto.v1.PlayCardResponse;
import org.tenace.bridge.card.Card;
import org.tenace.bridge.card.Seat;
import org.tenace.bridge.pbn.PbnDeal;
import org.tenace.bridge.pbn.PbnGame;
import org.tenace.bridge.pbn.PbnReader;
import org.tenace.bridge.record.ReadResult;
import org.tenace.server.application.RobotSeater;
import org.tenace.server.application.ServerLimits;
import org.tenace.server.application.Tables;
import org.tenace.server.engine.Alert;
import org.tenace.server.engine.Utterance;
import org.tenace.server.table.DealSource;
import org.tenace.server.table.Limits;
import org.tenace.server.table.Quote;
import org.tenace.server.table.Table;
import org.tenace.server.table.TableException.Reason;
import org.tenace.server.table.TableException;

/**
 * What TableService does its own way at four-player tables: creating one (its settings, its deal
 * source, its robots), and the mapping of a call or a card. Maps the request, calls one
 * {@link Table} method, maps the reply; no rules live here.
 */
final class FourPlayerService implements TableGame {
  private final Tables tables;
  private final RobotSeater robots;

  FourPlayerService(Tables tables, RobotSeater robots) {
    this.tables = tables;
    this.robots = robots;
  }

  @Override
  public Tables.Kind kind() {
    return Tables.Kind.FOUR_PLAYER;
  }

  @Override
  public CreateTableResponse create(CreateTableRequest req, String client, ServerLimits limits) {
    // The pace and the level are the table's, kept with its settings: the robots take them after
    // a restart too.
    var settings = ProtoMapper.settings(req.getSettings()).withRobotPace(req.hasRobotPace()
        ? Optional.of(java.time.Duration.ofSeconds(req.getRobotPace().getSeconds(),
            req.getRobotPace().getNanos()))
        : Optional.empty())
        .withRobotLevel(ProtoMapper.robotLevel(req.getRobotLevel(), "robot_level"));
    DealSource source = source(req);
    Set<Seat> robotSeats = EnumSet.noneOf(Seat.class);
    for (int i = 0; i < req.getRobotSeatsCount(); i++) {
      Seat s = ProtoMapper.seat(req.getRobotSeats(i), "robot_seats[" + i + "]");
      if (!robotSeats.add(s)) {
        throw ProtoMapper.malformed("robot_seats", "each seat once");
      }
    }
    limits.checkCreateKey(Caller.createKey());
    Tables.Entry e = tables.create(req.getName(), settings, source, req.getRequestId(), client,
        limits);
    robots.seat(e, robotSeats);
    Table t = e.table();
    return t.atomically(() -> CreateTableResponse.newBuilder().setTable(Presenter.info(t))
        .setDirectorToken(t.directorToken()).build());
  }

  @Override
  public MakeCallResponse call(MakeCallRequest req) {
    Seat seat = ProtoMapper.seat(req.getSeat(), "seat");
    Utterance said = ProtoMapper.utterance(req.getCall(), "call");
    Alert alert = ProtoMapper.alert(req.getAlert(), req.getExplanation());
    long v = tables.command(req.getTableId(), BearerToken.current(), e -> e.table()
        .call(BearerToken.current(), seat, said, alert, req.getExpectedVersion()));
    return MakeCallResponse.newBuilder().setVersion(v).build();
  }

  @Override
  public PlayCardResponse play(PlayCardRequest req) {
    Seat hand = ProtoMapper.seat(req.getSeat(), "seat");
    Card card = ProtoMapper.card(req.getCard(), "card");
    long v = tables.command(req.getTableId(), BearerToken.current(),
        e -> e.table().play(BearerToken.current(), hand, card, req.getExpectedVersion()));
    return PlayCardResponse.newBuilder().setVersion(v).build();
  }

  private static DealSource source(CreateTableRequest req) {
    switch (req.getDealSourceCase()) {
      case DEAL_SEED: return new DealSource.Seeded(req.getDealSeed());
      case DEAL_PBN: {
        ReadResult<PbnGame> read = PbnReader.readText(req.getDealPbn(), "deal_pbn");
        if (!read.diagnostics().isEmpty()) {
          // The reader's words may quote the text: cut to a sentence's length.
          throw new TableException(Reason.MALFORMED,
              Quote.cut(read.diagnostics().get(0).toString(), 4 * Quote.MAX), "deal_pbn");
        }
        List<DealSource.PreparedDeal> deals = new ArrayList<>();
        for (PbnGame g : read.values()) {
          var deal = g.deal().flatMap(PbnDeal::full);
          var board = g.board();
          if (deal.isPresent() && board.isPresent()) {
            if (board.getAsInt() < 1 || board.getAsInt() > Limits.LAST_BOARD) {
              throw ProtoMapper.malformed("deal_pbn", "board numbers from 1 to "
                  + Limits.LAST_BOARD + " (board " + board.getAsInt() + ")");
            }
            deals.add(new DealSource.PreparedDeal(board.getAsInt(), deal.get()));
          }
        }
        if (deals.size() > Limits.PREPARED_BOARDS) {
          throw ProtoMapper.malformed("deal_pbn", "at most " + Limits.PREPARED_BOARDS
              + " boards with a full deal (it has " + deals.size() + ")");
        }
        if (deals.isEmpty()) {
          throw new TableException(Reason.MALFORMED, "the PBN text holds no board with a full deal",
              "deal_pbn");
        }
        return new DealSource.Prepared(deals);
      }
      default: return new DealSource.Secure();
    }
  }

}
