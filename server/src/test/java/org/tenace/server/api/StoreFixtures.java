package org.tenace.server.api;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.Comparator;
import java.util.Objects;
import org.tenace.server.application.Tables;
import org.tenace.server.store.EventStore;
import org.tenace.server.table.Table;
import org.tenace.server.table.twoplayer.TwoPlayerTable;

/**
 * The stores of earlier versions kept as test resources (store/NAME/: its tenace.mv.db and what
 * its tables must be described as, expected.txt), opened as the server opens them.
 */
final class StoreFixtures {
  private StoreFixtures() {}

  /** The fixture store {@code name} copied into {@code dir} (a test may change it): its URL. */
  static String copy(String name, Path dir) throws IOException {
    Files.copy(resource(name, "tenace.mv.db"), dir.resolve("tenace.mv.db"));
    return "jdbc:h2:" + dir.resolve("tenace").toAbsolutePath();
  }

  /** What the tables of the fixture store {@code name} must be described as. */
  static String expected(String name) throws IOException {
    return new String(resource(name, "expected.txt").readAllBytes(), StandardCharsets.UTF_8);
  }

  /** The tables of {@code store}, loaded as the server loads them at its start. */
  static Tables load(EventStore store, InstantSource clock) {
    Tables tables = new Tables(store, clock, Hub::forTable);
    tables.load(store.loadAll());
    return tables;
  }

  /**
   * Every table of {@code store}, loaded, one paragraph a table: the four-player tables by id
   * ({@link LegacyStoreTest#describe}), then the two-player ones ({@link
   * StoreFixtureTest#describe}).
   */
  static String describe(EventStore store, InstantSource clock) {
    Tables tables = load(store, clock);
    StringBuilder out = new StringBuilder();
    tables.all(Tables.Kind.FOUR_PLAYER).stream().map(Tables.Entry::table)
        .sorted(Comparator.comparing(Table::id))
        .forEach(t -> out.append(LegacyStoreTest.describe(t)));
    tables.all(Tables.Kind.TWO_PLAYER).stream().map(Tables.Entry::twoPlayer)
        .sorted(Comparator.comparing(TwoPlayerTable::id))
        .forEach(t -> out.append(StoreFixtureTest.describe(t)));
    return out.toString();
  }

  private static InputStream resource(String name, String file) {
    return Objects.requireNonNull(
        StoreFixtures.class.getResourceAsStream("/store/" + name + "/" + file), file);
  }
}
