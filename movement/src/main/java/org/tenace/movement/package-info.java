/**
 * Duplicate movements, as pure maths: who sits where and plays which boards in each round.
 * {@link org.tenace.movement.Mitchell}, {@link org.tenace.movement.Howell} and
 * {@link org.tenace.movement.Teams} make a {@link org.tenace.movement.Movement};
 * {@link org.tenace.movement.MovementValidator} checks any movement, made here or by hand,
 * and says how its comparisons are balanced. {@link org.tenace.movement.MovementRepair} plans
 * a movement's rounds to come again when a pair leaves or arrives or a table is added or
 * removed between rounds, and {@link org.tenace.movement.MovementCheck} explains in words what
 * is wrong with the rounds to come of any movement. Immutable values only: no I/O, no threads.
 */
package org.tenace.movement;
