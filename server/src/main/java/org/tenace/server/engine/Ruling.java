package org.tenace.server.engine;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tenace.bridge.check.Require;

/**
 * A point that needs a director's judgement (Laws 81-85): the question, the choices, and the
 * Laws' default, which applies when no director decides. A gating ruling blocks the next call or
 * card until it is decided; the others become score adjustments after play. Times and authors
 * are stamped by the table, not here: the engine reads no clock.
 */
public record Ruling(
    int id,
    String law,
    String question,
    List<String> choices,
    String defaultChoice,
    boolean gating,
    Optional<Decision> decision) {

  public Ruling {
    Require.nonNull("law question defaultChoice", law, question, defaultChoice);
    choices = List.copyOf(choices);
    if (!choices.contains(defaultChoice)) {
      throw new IllegalArgumentException("default '" + defaultChoice + "' is not a choice");
    }
    Objects.requireNonNull(decision, "decision");
  }

  public static Ruling open(
      int id, String law, String question, List<String> choices, String defaultChoice,
      boolean gating) {
    return new Ruling(id, law, question, choices, defaultChoice, gating, Optional.empty());
  }

  public boolean isDecided() {
    return decision.isPresent();
  }

  public Ruling decide(String choice, DecidedBy by) {
    if (!choices.contains(choice)) {
      throw new IllegalArgumentException(
          "'" + choice + "' is not a choice of ruling " + id + ": " + choices);
    }
    return new Ruling(id, law, question, choices, defaultChoice, gating,
        Optional.of(new Decision(choice, by)));
  }

  /** The choice that holds: the decision, or the default while none is made. */
  public String outcome() {
    return decision.map(Decision::choice).orElse(defaultChoice);
  }

  /** Who settled a ruling. */
  public enum DecidedBy { DIRECTOR, DEFAULT, TABLE }

  public record Decision(String choice, DecidedBy by) {
    public Decision {
      Require.nonNull("choice by", choice, by);
    }
  }
}
