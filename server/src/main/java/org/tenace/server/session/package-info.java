/**
 * Duplicate movements, as pure maths: who sits where and plays which boards in each round.
 * {@link org.tenace.server.session.Mitchell}, {@link org.tenace.server.session.Howell} and
 * {@link org.tenace.server.session.Teams} make a {@link org.tenace.server.session.Movement};
 * {@link org.tenace.server.session.MovementValidator} checks any movement, made here or by hand,
 * and says how its comparisons are balanced. Immutable values only: no I/O, no threads.
 */
package org.tenace.server.session;
