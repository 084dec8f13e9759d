package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UserDirsTest {
  private final Path home = Path.of(System.getProperty("user.home"));

  @Test
  void anAbsoluteXdgFolderIsUsed() {
    assertThat(UserDirs.in(Map.of("XDG_DATA_HOME", "/srv/me"), "XDG_DATA_HOME", "share"))
        .isEqualTo(Path.of("/srv/me/tenace"));
  }

  @Test
  void withoutOneOrWithARelativeOneTheFolderIsUnderDotLocal() {
    Path fallback = home.resolve(".local/share/tenace");
    assertThat(UserDirs.in(Map.of(), "XDG_DATA_HOME", "share")).isEqualTo(fallback);
    assertThat(UserDirs.in(Map.of("XDG_DATA_HOME", "rel/dir"), "XDG_DATA_HOME", "share"))
        .isEqualTo(fallback);
    assertThat(UserDirs.in(Map.of("XDG_STATE_HOME", " "), "XDG_STATE_HOME", "state"))
        .isEqualTo(home.resolve(".local/state/tenace"));
  }
}
