/**
 * The score of a deal: {@link org.tenace.bridge.score.DuplicateScore} (Law 77), and rubber
 * bridge and Chicago as immutable score sheets ({@link org.tenace.bridge.score.Rubber},
 * {@link org.tenace.bridge.score.Chicago}, {@link org.tenace.bridge.score.ScoreSheet}) with
 * {@link org.tenace.bridge.score.Honours}. Pure Java, no dependencies.
 */
package org.tenace.bridge.score;
