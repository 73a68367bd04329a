/**
 * Tests of the sender tool's parsing.
 */
package org.fudp.agent.send;
