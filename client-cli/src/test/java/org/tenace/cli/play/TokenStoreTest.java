package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.proto.v1.Seat;

class TokenStoreTest {
  @TempDir
  Path dir;

  private static TokenStore.Key key(String server, String table, Seat seat) {
    return new TokenStore.Key(server, table, seat);
  }

  @Test
  void aTokenIsFoundByServerTableAndSeatUntilItIsRemoved() throws Exception {
    TokenStore store = TokenStore.at(dir.resolve("state/tenace/tokens"));
    store.put(key("host:50051", "7", Seat.SEAT_SOUTH), "tokS");
    store.put(key("host:50051", "7", Seat.SEAT_NORTH), "tokN");
    store.put(key("other:50051", "7", Seat.SEAT_SOUTH), "tokO");
    store.put(key("host:50051", "8", Seat.SEAT_SOUTH), "tok8");

    assertThat(store.find(key("HOST:50051", "7", Seat.SEAT_SOUTH))).contains("tokS");
    assertThat(store.find(key("host:50051", "7", Seat.SEAT_EAST))).isEmpty();
    assertThat(store.seatsAt("host:50051", "7")).containsExactly(Seat.SEAT_NORTH,
        Seat.SEAT_SOUTH);

    store.put(key("host:50051", "7", Seat.SEAT_SOUTH), "tokS2");
    assertThat(store.find(key("host:50051", "7", Seat.SEAT_SOUTH))).contains("tokS2");
    store.remove(key("host:50051", "7", Seat.SEAT_SOUTH));
    assertThat(store.find(key("host:50051", "7", Seat.SEAT_SOUTH))).isEmpty();
    assertThat(store.find(key("other:50051", "7", Seat.SEAT_SOUTH))).contains("tokO");

    store.removeServer("host:50051");
    assertThat(store.seatsAt("host:50051", "7")).isEmpty();
    assertThat(store.seatsAt("host:50051", "8")).isEmpty();
    assertThat(store.find(key("other:50051", "7", Seat.SEAT_SOUTH))).contains("tokO");
  }

  @Test
  void theFileIsTheOwnersAloneAndNoHalfWrittenFileIsLeft() throws Exception {
    Path file = dir.resolve("state/tenace/tokens");
    TokenStore store = TokenStore.at(file);
    store.put(key("h:1", "1", Seat.SEAT_WEST), "abc");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
        .isEqualTo("rwx------");
    try (Stream<Path> files = Files.list(file.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("tokens", "tokens.lock");
    }
    assertThat(Files.readString(file)).isEqualTo("h:1\t1\tW\tabc\n");
  }

  @Test
  void linesThatDoNotReadAreSkipped() throws Exception {
    Path file = dir.resolve("tokens");
    Files.writeString(file, "garbage\nh:1\t1\tQ\tx\nh:1\t1\tE\ttokE\n\nh:1\t2\n");
    TokenStore store = TokenStore.at(file);
    assertThat(store.find(key("h:1", "1", Seat.SEAT_EAST))).contains("tokE");
    assertThat(store.seatsAt("h:1", "1")).containsExactly(Seat.SEAT_EAST);
  }

  @Test
  void clientsSavingAtOnceKeepEachOthersTokens() throws Exception {
    TokenStore store = TokenStore.at(dir.resolve("tokens"));
    List<CompletableFuture<Void>> all = new ArrayList<>();
    for (int t = 0; t < 8; t++) {
      int table = t;
      all.add(CompletableFuture.runAsync(() -> {
        for (Seat s : List.of(Seat.SEAT_NORTH, Seat.SEAT_EAST, Seat.SEAT_SOUTH, Seat.SEAT_WEST)) {
          try {
            TokenStore.at(dir.resolve("tokens")).put(key("h:1", "t" + table, s),
                "tok" + table + s.getNumber());
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }
      }));
    }
    CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
    for (int t = 0; t < 8; t++) {
      assertThat(store.seatsAt("h:1", "t" + t)).hasSize(4);
      assertThat(store.find(key("h:1", "t" + t, Seat.SEAT_WEST))).contains("tok" + t + 4);
    }
  }

  @Test
  void withoutAFileNothingIsKept() throws Exception {
    TokenStore none = TokenStore.none();
    none.put(key("h:1", "1", Seat.SEAT_NORTH), "x");
    assertThat(none.find(key("h:1", "1", Seat.SEAT_NORTH))).isEmpty();
    assertThat(none.file()).isEmpty();
  }

  @Test
  void theDefaultFileIsUnderTheStateDirectory() {
    assertThat(TokenStore.defaultFile().toString()).endsWith("tenace/tokens");
  }

  @Test
  void aKeyOrATokenThatWouldBreakTheFileIsRefused() {
    assertThatThrownBy(() -> key("h:1", "a\tb", Seat.SEAT_NORTH))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("printable");
    assertThatThrownBy(() -> key("h:1", "1", Seat.SEAT_UNSPECIFIED))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a seat");
    assertThatThrownBy(() -> TokenStore.at(dir.resolve("t")).put(key("h:1", "1",
        Seat.SEAT_NORTH), "two words")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("printable");
  }
}
