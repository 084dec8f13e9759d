package org.tenace.cli.play;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.tenace.bridge.check.Require;
import org.tenace.proto.v1.Seat;

/**
 * The seat tokens of the tables one sits at, kept in a small file so that a client started again
 * (after Ctrl-D, a crash or a kill) comes back to its seat, which the server holds, instead of
 * finding it taken. One line per seat: server (as given to {@code --server}), table id, seat
 * letter and token, separated by tabs. A token is the seat: the file is readable by its owner
 * only, and replaced atomically (written beside, then renamed) under a lock, so that two clients
 * never lose each other's entries and a crash never leaves half a file.
 */
public final class TokenStore {
  /** Which seat a token holds. */
  public record Key(String server, String tableId, Seat seat) {
    private static final Pattern PLAIN = Pattern.compile("[\\x21-\\x7e]+");

    public Key {
      Require.nonNull("server tableId seat", server, tableId, seat);
      server = server.strip().toLowerCase(Locale.ROOT);
      if (!PLAIN.matcher(server).matches() || !PLAIN.matcher(tableId).matches()) {
        throw new IllegalArgumentException("server and table must be printable, without spaces: "
            + server + " " + tableId);
      }
      if (seat == Seat.SEAT_UNSPECIFIED || seat == Seat.UNRECOGNIZED) {
        throw new IllegalArgumentException("a seat, not " + seat);
      }
    }
  }

  private static final ReentrantLock IN_PROCESS = new ReentrantLock();
  private static final String SEATS = "NESW";

  private final Path file;

  private TokenStore(Path file) {
    this.file = file;
  }

  /** A store in {@code file} (created when the first token is saved). */
  public static TokenStore at(Path file) {
    return new TokenStore(Objects.requireNonNull(file, "file"));
  }

  /** A store that keeps nothing. */
  public static TokenStore none() {
    return new TokenStore(null);
  }

  /** {@code $XDG_STATE_HOME/tenace/tokens}, or {@code ~/.local/state/tenace/tokens}. */
  public static Path defaultFile() {
    return UserDirs.state().resolve("tokens");
  }

  /** The file, if this store keeps one. */
  public Optional<Path> file() {
    return Optional.ofNullable(file);
  }

  /** The token saved for a seat, if any. */
  public Optional<String> find(Key key) throws IOException {
    return Optional.ofNullable(read().get(key));
  }

  /** The seats at a table for which a token is saved, North first. */
  public List<Seat> seatsAt(String server, String tableId) throws IOException {
    List<Seat> out = new ArrayList<>();
    for (Key k : read().keySet()) {
      if (k.equals(new Key(server, tableId, k.seat()))) {
        out.add(k.seat());
      }
    }
    out.sort(java.util.Comparator.comparing(Seat::getNumber));
    return out;
  }

  /** Saves (or replaces) the token of a seat. */
  public void put(Key key, String token) throws IOException {
    if (!Key.PLAIN.matcher(token).matches()) {
      throw new IllegalArgumentException("a token is printable, without spaces");
    }
    update(m -> m.put(key, token));
  }

  /** Forgets the token of a seat. */
  public void remove(Key key) throws IOException {
    update(m -> m.remove(key));
  }

  /** Forgets every token for a server (one that is gone for good, such as tenace play's). */
  public void removeServer(String server) throws IOException {
    String s = server.strip().toLowerCase(Locale.ROOT);
    update(m -> m.keySet().removeIf(k -> k.server().equals(s)));
  }

  private Map<Key, String> read() throws IOException {
    if (file == null) {
      return Map.of();
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return new LinkedHashMap<>();
    }
    Map<Key, String> out = new LinkedHashMap<>();
    for (String line : lines) {
      String[] f = line.split("\t");
      // A line that does not read (a hand edit, a newer format) is skipped, never fatal.
      if (f.length == 4 && f[2].length() == 1 && SEATS.contains(f[2])) {
        try {
          out.put(new Key(f[0], f[1], Seat.forNumber(SEATS.indexOf(f[2]) + 1)), f[3]);
        } catch (IllegalArgumentException e) {
          // skipped
        }
      }
    }
    return out;
  }

  private void update(Consumer<Map<Key, String>> change) throws IOException {
    if (file == null) {
      return;
    }
    Path dir = file.toAbsolutePath().getParent();
    IN_PROCESS.lock();
    try {
      createPrivateDirectories(dir);
      try (FileChannel lockFile = FileChannel.open(dir.resolve(file.getFileName() + ".lock"),
          StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock lock = lockFile.lock()) {
        Map<Key, String> m = new LinkedHashMap<>(read());
        Map<Key, String> before = Map.copyOf(m);
        change.accept(m);
        if (m.equals(before)) {
          return;
        }
        StringBuilder text = new StringBuilder();
        m.forEach((k, token) -> text.append(k.server()).append('\t').append(k.tableId())
            .append('\t').append(SEATS.charAt(k.seat().getNumber() - 1)).append('\t')
            .append(token).append('\n'));
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp",
            ownerOnly("rw-------"));
        try {
          Files.writeString(tmp, text, StandardCharsets.UTF_8);
          try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
          } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
          }
        } finally {
          Files.deleteIfExists(tmp);
        }
      }
    } finally {
      IN_PROCESS.unlock();
    }
  }

  private static void createPrivateDirectories(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      return;
    }
    Path parent = dir.getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.createDirectories(dir, ownerOnly("rwx------"));
  }

  private static FileAttribute<?>[] ownerOnly(String perms) {
    return FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
        ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString(perms))}
        : new FileAttribute<?>[0];
  }
}
