/**
 * The agent's counters and their Prometheus text exposition over HTTP (loopback by default).
 */
package org.fudp.agent.metrics;
