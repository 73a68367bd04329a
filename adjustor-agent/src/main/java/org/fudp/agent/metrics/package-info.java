/**
 * The agent's counters and their Prometheus text exposition on a loopback HTTP port.
 */
package org.fudp.agent.metrics;
