/**
 * The FUDP flow adjustor agent: command line, daemon wiring and lifecycle.
 */
package org.fudp.agent;
