/**
 * The agent's control logic: what it does with each verified message, in which order, what it
 * acknowledges, and the fail-safe when the controller falls silent.
 */
package org.fudp.agent.control;
