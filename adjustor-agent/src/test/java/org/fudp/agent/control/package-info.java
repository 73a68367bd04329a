/**
 * Tests of the agent's control logic.
 */
package org.fudp.agent.control;
