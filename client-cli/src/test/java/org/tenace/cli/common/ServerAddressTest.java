package org.tenace.cli.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServerAddressTest {

  @Test
  void theServersOfAClusterMayBeGivenTogether() {
    assertThat(ServerAddress.problem("a.example:50051,b.example:50051")).isEmpty();
    assertThat(ServerAddress.problem("a.example:50051, [::1]:50052")).isEmpty();
  }

  @Test
  void eachServerOfAListIsCheckedAsOneWouldBe() {
    assertThat(ServerAddress.problem("a.example:50051,b.example"))
        .contains("--server: HOST:PORT, not 'b.example': which port? (a server listens on "
            + "50051 unless given --port)");
    assertThat(ServerAddress.problem("a.example:50051,")).isPresent();
    assertThat(ServerAddress.problem("a.example")).isPresent();
  }
}
