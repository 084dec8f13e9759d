/**
 * Comparing results (Law 78): a board's {@link org.tenace.bridge.compare.Traveller} goes in,
 * points per row come out, exact ({@link org.tenace.bridge.compare.Fraction}). Matchpoints with
 * Neuberg and the ACBL form, IMPs, cross-IMPs, Butler, artificial scores (Law 12C2), WBF Victory
 * Points and session rankings; {@link org.tenace.bridge.compare.Rounding} prints them as results
 * files do.
 */
package org.tenace.bridge.compare;
