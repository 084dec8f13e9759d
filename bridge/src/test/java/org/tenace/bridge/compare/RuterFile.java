package org.tenace.bridge.compare;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Just enough of a Ruter PBN export for the comparison tests: each board's ScoreTable rows and
 * the TotalScoreTable, as column name to text. Not a PBN reader (that lives in the pbn package).
 */
record RuterFile(List<List<Map<String, String>>> boards, List<Map<String, String>> totals) {
  private static final Pattern TOKEN = Pattern.compile("\"[^\"]*\"|\\S+");

  static RuterFile read(String resource) throws IOException {
    String text;
    try (InputStream in = RuterFile.class.getResourceAsStream(resource)) {
      text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }
    List<String> lines = text.lines().toList();
    List<List<Map<String, String>>> boards = new ArrayList<>();
    List<Map<String, String>> totals = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      boolean scores = line.startsWith("[ScoreTable ");
      if (!scores && !line.startsWith("[TotalScoreTable ")) {
        continue;
      }
      List<String> columns = new ArrayList<>();
      for (String column : line.substring(line.indexOf('"') + 1, line.lastIndexOf('"')).split(";")) {
        columns.add(column.substring(0, column.indexOf('\\')));
      }
      List<Map<String, String>> rows = new ArrayList<>();
      while (i + 1 < lines.size() && !lines.get(i + 1).isBlank()
          && !lines.get(i + 1).startsWith("[")) {
        Matcher m = TOKEN.matcher(lines.get(++i));
        Map<String, String> row = new LinkedHashMap<>();
        for (int c = 0; m.find(); c++) {
          row.put(columns.get(c), m.group().replace("\"", ""));
        }
        rows.add(row);
      }
      if (scores) {
        boards.add(rows);
      } else {
        totals.addAll(rows);
      }
    }
    return new RuterFile(boards, totals);
  }

  /** A ScoreTable row as a traveller row: only one of Score_NS and Score_EW is filled. */
  static Traveller.Row row(Map<String, String> r) {
    String ns = r.get("Score_NS");
    String ew = r.get("Score_EW");
    TableResult result;
    if (ns.startsWith("A")) {
      result = TableResult.adjusted(Artificial.parse(ns), Artificial.parse(ew));
    } else {
      result = TableResult.played(ns.equals("-") ? -Integer.parseInt(ew) : Integer.parseInt(ns));
    }
    return new Traveller.Row(r.get("PairId_NS"), r.get("PairId_EW"), result);
  }

  List<Traveller> travellers() {
    return boards.stream()
        .map(rows -> new Traveller(rows.stream().map(RuterFile::row).toList())).toList();
  }
}
