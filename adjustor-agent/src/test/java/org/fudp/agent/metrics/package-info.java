/**
 * Tests of the agent's metrics.
 */
package org.fudp.agent.metrics;
