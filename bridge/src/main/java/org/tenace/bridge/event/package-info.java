/**
 * The results of an event, many tables on many boards: {@link org.tenace.bridge.event.EventReader}
 * reads a PBN results file (a Ruter ScoreTable per board, or one record per table) into a
 * {@link org.tenace.bridge.event.ResultsFile}; {@link org.tenace.bridge.event.EventScorer}
 * scores every board by one {@link org.tenace.bridge.event.Method} (matchpoints with Neuberg,
 * cross-IMPs, Butler) and ranks the pairs or players; {@link org.tenace.bridge.event.Checker}
 * compares every figure the file records with ours. The per-board maths is in
 * {@code org.tenace.bridge.compare}; printing is the clients' business.
 */
package org.tenace.bridge.event;
