/**
 * Tests of the agent's configuration parsing.
 */
package org.fudp.agent.config;
