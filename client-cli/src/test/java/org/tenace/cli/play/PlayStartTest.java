package org.tenace.cli.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tenace.cli.Child;

/**
 * {@code tenace play} that cannot start its server says why in one line: another play holds the
 * data folder's database, or the data folder cannot be written.
 */
class PlayStartTest {
  @TempDir
  Path dir;

  @Test
  void aSecondPlayInTheSameDataFolderSaysTheDatabaseIsInUse() throws Exception {
    Path data = dir.resolve("data");
    Path folder = data.resolve("tenace");
    Files.createDirectories(folder);
    // What a first play's server does to the folder: it holds the database open (H2 locks it).
    try (Connection first = DriverManager.getConnection("jdbc:h2:" + folder.resolve("play"))) {
      Child.Run r = Child.run(Map.of("XDG_DATA_HOME", data.toString()), "play",
          "--server-jar", serverJar(dir).toString());
      assertThat(r.err()).isEqualTo("tenace: play: another tenace play is using the data folder "
          + folder + " (its database is in use); finish that game first, or play this one in "
          + "another folder with --db jdbc:h2:/a/folder/play\n");
      assertThat(r.exit()).isEqualTo(1);
    }
  }

  @Test
  void aDataFolderThatCannotBeWrittenIsOneLine() throws Exception {
    // A file where the folder should be: refused even to root, as a read-only folder is to others.
    Path data = Files.writeString(dir.resolve("data"), "not a folder");
    Child.Run r = Child.run(Map.of("XDG_DATA_HOME", data.toString()), "play",
        "--server-jar", dir.resolve("no-server.jar").toString());
    assertThat(r.err()).startsWith("tenace: play: cannot write the data folder "
        + data.resolve("tenace") + " (").endsWith("): set XDG_DATA_HOME to a folder you can "
        + "write, or give --db\n");
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.exit()).isEqualTo(1);
  }

  /** A jar that runs the server from this test's class path (as the real server jar would). */
  static Path serverJar(Path dir) throws Exception {
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "org.tenace.server.Main");
    m.getMainAttributes().put(Attributes.Name.CLASS_PATH, Stream.of(
        System.getProperty("java.class.path").split(java.io.File.pathSeparator))
        .map(p -> Path.of(p).toUri().toString()).collect(Collectors.joining(" ")));
    Path jar = dir.resolve("server.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
      // the manifest is all
    }
    return jar;
  }
}
