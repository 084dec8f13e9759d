package org.tenace.bench;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A bench run's figures, in the order they were taken: each a key (the JSON name), a value (a
 * number, a string, or null when it could not be measured) and the words for the text table.
 */
final class Report {
  private record Figure(Object value, String label, String unit) {}

  private final Map<String, Figure> figures = new LinkedHashMap<>();

  /** Adds a figure; {@code value} null when it was not measured. */
  Report put(String key, Object value, String label, String unit) {
    figures.put(key, new Figure(value, label, unit));
    return this;
  }

  Object get(String key) {
    Figure f = figures.get(key);
    return f == null ? null : f.value();
  }

  /** One JSON object, every key, in order. */
  String json() {
    StringBuilder b = new StringBuilder("{");
    figures.forEach((key, f) -> {
      if (b.length() > 1) {
        b.append(", ");
      }
      b.append(quote(key)).append(": ").append(jsonValue(f.value()));
    });
    return b.append('}').toString();
  }

  /** Two columns, the figure's words and its value with its unit; a title line first. */
  String text(String title) {
    int width = figures.values().stream().mapToInt(f -> f.label().length()).max().orElse(0);
    StringBuilder b = new StringBuilder(title).append(System.lineSeparator());
    figures.values().forEach(f -> {
      if (f.label().isEmpty()) {
        return;
      }
      b.append("  ").append(f.label()).append(" ".repeat(width - f.label().length() + 2))
          .append(f.value() == null ? "not measured" : textValue(f.value()))
          .append(f.value() == null || f.unit().isEmpty() ? "" : " " + f.unit())
          .append(System.lineSeparator());
    });
    return b.toString();
  }

  private static String textValue(Object v) {
    if (v instanceof Double d) {
      double a = Math.abs(d);
      return String.format(Locale.ROOT, a >= 1000 ? "%,.0f" : a >= 10 ? "%.1f" : "%.2f", d);
    }
    if (v instanceof Long || v instanceof Integer) {
      return String.format(Locale.ROOT, "%,d", ((Number) v).longValue());
    }
    return String.valueOf(v);
  }

  private static String jsonValue(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Double d) {
      return d.isNaN() || d.isInfinite() ? "null"
          : String.format(Locale.ROOT, "%.3f", d).replaceAll("\\.?0+$", "");
    }
    if (v instanceof Number || v instanceof Boolean) {
      return v.toString();
    }
    return quote(v.toString());
  }

  private static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
