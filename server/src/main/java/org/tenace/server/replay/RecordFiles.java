package org.tenace.server.replay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.tenace.bridge.lin.LinReader;
import org.tenace.bridge.pbn.PbnGame;
import org.tenace.bridge.pbn.PbnPlay;
import org.tenace.bridge.pbn.PbnReader;
import org.tenace.bridge.pbn.PbnRecords;
import org.tenace.bridge.pbn.PbnResult;
import org.tenace.bridge.record.Diagnostic;
import org.tenace.bridge.record.Encodings;
import org.tenace.bridge.record.HandRecord;
import org.tenace.bridge.record.ReadResult;

/**
 * Reads hand records to replay from PBN and LIN files. The format comes from the name ({@code
 * .lin}, {@code .pbn}), else from the text: LIN is a flat {@code key|value|} sequence.
 */
public final class RecordFiles {
  private RecordFiles() {}

  /** What a file held: the records to replay and the readers' diagnostics. */
  public record Loaded(List<ReplayRecord> records, List<Diagnostic> diagnostics) {
    public Loaded {
      records = List.copyOf(records);
      diagnostics = List.copyOf(diagnostics);
    }
  }

  /**
   * Reads {@code path}; {@code name} is how messages call it.
   *
   * @throws IOException when the file cannot be read at all
   */
  public static Loaded read(Path path, String name) throws IOException {
    byte[] bytes = Files.readAllBytes(path);
    return isLin(path, bytes) ? lin(bytes, name) : pbn(bytes, name);
  }

  /** Reads LIN text (UTF-8 or Windows-1252 bytes). */
  public static Loaded lin(byte[] bytes, String name) {
    ReadResult<HandRecord> read = LinReader.readHandRecords(bytes, name);
    List<ReplayRecord> out = new ArrayList<>();
    int index = 0;
    for (HandRecord r : read.values()) {
      index++;
      // LinRecords sets a result only from a claim (mc) or from 52 cards played.
      boolean claimed = r.result().isPresent() && r.play().size() < 52;
      out.add(new ReplayRecord(name, OptionalInt.empty(), label(r, index), r, claimed, false,
          false, true, Optional.empty()));
    }
    return new Loaded(out, read.diagnostics());
  }

  /** Reads PBN text (UTF-8 or Windows-1252 bytes). */
  public static Loaded pbn(byte[] bytes, String name) {
    ReadResult<PbnReader.Located> read = PbnReader.readLocated(bytes, name);
    List<Diagnostic> diagnostics = new ArrayList<>(read.diagnostics());
    List<ReplayRecord> out = new ArrayList<>();
    int index = 0;
    for (PbnReader.Located located : read.values()) {
      index++;
      PbnGame g = located.game();
      HandRecord r;
      try {
        r = PbnRecords.toHandRecord(g, w -> diagnostics.add(
            new Diagnostic(name, located.line(), w)));
      } catch (IllegalArgumentException e) {
        diagnostics.add(new Diagnostic(name, located.line(), e.getMessage()));
        continue;
      }
      Optional<PbnPlay> play = g.play();
      long known = play.map(p -> p.entries().stream()
          .filter(e -> e.kind() == PbnPlay.Kind.CARD).count()).orElse(0L);
      Optional<String> gap = known > r.play().size()
          ? Optional.of("a card of trick " + (r.play().size() / 4 + 1)
              + " is not known, but later cards are")
          : Optional.empty();
      boolean ended = play.isPresent() && !play.get().continues() && gap.isEmpty();
      boolean claimed = r.result().isPresent() && r.play().size() < 52
          && (ended || mentionsClaim(g));
      boolean agreed = g.result().map(PbnResult::irregular).orElse(false);
      out.add(new ReplayRecord(name, OptionalInt.of(located.line()), label(r, index), r, claimed,
          agreed, g.declarerSwapped(), isDuplicate(g.scoring()), gap));
    }
    return new Loaded(out, diagnostics);
  }

  /** A commentary in the play section (or after the Result) that says the play ended by claim. */
  static boolean mentionsClaim(PbnGame g) {
    List<String> texts = new ArrayList<>();
    texts.addAll(g.comments().getOrDefault("Play", List.of()));
    texts.addAll(g.comments().getOrDefault("Result", List.of()));
    g.play().ifPresent(p -> p.entries().forEach(e -> texts.addAll(e.annotations().comments())));
    return texts.stream().anyMatch(t -> t.toLowerCase(Locale.ROOT).contains("claim"));
  }

  /** Scoring names duplicate scoring unless it names a rubber form (PBN 2.1 section 3.4.11). */
  static boolean isDuplicate(Optional<String> scoring) {
    if (scoring.isEmpty()) {
      return true;
    }
    for (String field : scoring.get().split(";")) {
      String f = field.strip().toLowerCase(Locale.ROOT);
      if (f.equals("rubber") || f.equals("chicago") || f.equals("cavendish")) {
        return false;
      }
    }
    return true;
  }

  private static String label(HandRecord r, int index) {
    return r.board().map(b -> "board " + b.number()).orElse("record " + index);
  }

  private static boolean isLin(Path path, byte[] bytes) {
    String n = path.getFileName() == null ? "" : path.getFileName().toString()
        .toLowerCase(Locale.ROOT);
    if (n.endsWith(".lin")) {
      return true;
    }
    if (n.endsWith(".pbn")) {
      return false;
    }
    String text = Encodings.decode(bytes).stripLeading();
    return text.matches("(?s)[A-Za-z]{2}\\|.*");
  }
}
