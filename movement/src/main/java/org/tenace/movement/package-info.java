/**
 * Duplicate movements, as pure maths: who sits where and plays which boards in each round.
 * {@link org.tenace.movement.Mitchell}, {@link org.tenace.movement.Howell} and
 * {@link org.tenace.movement.Teams} make a {@link org.tenace.movement.Movement};
 * {@link org.tenace.movement.MovementValidator} checks any movement, made here or by hand,
 * and says how its comparisons are balanced. Immutable values only: no I/O, no threads.
 */
package org.tenace.movement;
