/**
 * The score of a deal: {@link org.tenace.scoring.score.DuplicateScore} (Law 77), and rubber
 * bridge and Chicago as immutable score sheets ({@link org.tenace.scoring.score.Rubber},
 * {@link org.tenace.scoring.score.Chicago}, {@link org.tenace.scoring.score.ScoreSheet}) with
 * {@link org.tenace.scoring.score.Honours}. Pure Java, no dependencies.
 */
package org.tenace.scoring.score;
