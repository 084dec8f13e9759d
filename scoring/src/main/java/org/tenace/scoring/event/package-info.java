/**
 * The results of an event, many tables on many boards: {@link org.tenace.scoring.event.EventReader}
 * reads a PBN results file (a Ruter ScoreTable per board, or one record per table) into a
 * {@link org.tenace.scoring.event.ResultsFile}; {@link org.tenace.scoring.event.EventScorer}
 * scores every board by one {@link org.tenace.scoring.event.Method} (matchpoints with Neuberg,
 * cross-IMPs, Butler) and ranks the pairs or players; {@link org.tenace.scoring.event.Checker}
 * compares every figure the file records with ours. The per-board maths is in
 * {@code org.tenace.scoring.compare}; printing is the clients' business.
 */
package org.tenace.scoring.event;
